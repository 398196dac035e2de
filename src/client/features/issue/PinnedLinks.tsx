import { STATUS_PAGE_TEXTS } from '../../../core/domain/statusPage.ts';
import type { PinnedLinks as PinnedLinkUrls } from '../../data/index.ts';
import { Icon, type IconName } from '../../ui/index.ts';
import { ISSUE_TEXT } from './issueTexts.ts';

/**
 * GitLab's pinned links under an issue's or incident's title: where the status page shows it once
 * /publish published it, and the Zoom meeting a comment's /zoom pinned, each opened in a new tab.
 */
export function PinnedLinks({ links }: { links: PinnedLinkUrls }) {
  const shown: { id: string; url: string; text: string; icon: IconName }[] = [];
  if (links.publishedIncidentUrl)
    shown.push({
      id: 'published-incident-link',
      url: links.publishedIncidentUrl,
      text: STATUS_PAGE_TEXTS.publishedLink,
      icon: 'earth',
    });
  if (links.zoomMeetingUrl)
    shown.push({
      id: 'zoom-meeting-link',
      url: links.zoomMeetingUrl,
      text: ISSUE_TEXT.joinZoomMeeting,
      icon: 'video',
    });
  if (shown.length === 0) return null;
  return (
    <div className="pinned-links" data-testid="pinned-links">
      {shown.map((link) => (
        <a
          key={link.id}
          className="btn btn-default pinned-link"
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={link.id}
        >
          <Icon name={link.icon} />
          {link.text}
        </a>
      ))}
    </div>
  );
}
