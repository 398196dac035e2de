import { Icon } from '../../ui/index.ts';
import { ISSUE_TEXT } from './issueTexts.ts';

/**
 * GitLab's pinned links under an issue's or incident's title: the Zoom meeting a comment's /zoom
 * pinned, opened in a new tab. (GitLab also pins a published incident's status-page link; there is
 * no status-page publishing here, so there is no such link.)
 */
export function ZoomMeetingLink({ url }: { url: string | null | undefined }) {
  if (!url) return null;
  return (
    <div className="pinned-links" data-testid="pinned-links">
      <a
        className="btn btn-default pinned-link"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="zoom-meeting-link"
      >
        <Icon name="video" />
        {ISSUE_TEXT.joinZoomMeeting}
      </a>
    </div>
  );
}
