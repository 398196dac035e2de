/**
 * GitLab's Zoom link check (Gitlab::ZoomLinkExtractor): start (`/s/`), join (`/j/`) and personal
 * (`/my/`) links on zoom.us or a company's vanity subdomain of it, over https only.
 */
const ZOOM_LINK = /https:\/\/(?:[\w-]+\.)?zoom\.us\/(?:s|j|my)\/\S+/g;

/** GitLab's ZoomMeeting keeps a link of at most 255 characters. */
export const MAX_ZOOM_LINK_LENGTH = 255;

/** The last Zoom link in the text (GitLab's `links.last`), or null when it has none that fits. */
export function zoomLinkIn(text: string): string | null {
  const links = text.match(ZOOM_LINK) ?? [];
  const last = links[links.length - 1];
  return last !== undefined && last.length <= MAX_ZOOM_LINK_LENGTH ? last : null;
}
