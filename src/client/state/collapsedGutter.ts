/**
 * GitLab's `collapsed_gutter` cookie: whether the right sidebar of issuable pages is collapsed
 * ("true" / "false"). Below the lg breakpoint (992 px: xs, sm and md) the sidebar starts collapsed
 * whatever the cookie says, as GitLab's does.
 */
const COLLAPSED_GUTTER_COOKIE = 'collapsed_gutter';

/** GitLab's lg breakpoint in CSS pixels; narrower viewports are xs, sm or md. */
const LARGE_SCREEN_MIN_WIDTH = 992;

/** The media query matching xs, sm and md viewports. */
export const SMALL_SCREEN_QUERY = `(max-width: ${LARGE_SCREEN_MIN_WIDTH - 0.02}px)`;

/** The cookie's value in a `document.cookie` string: true, false, or null when absent or unreadable. */
export function parseCollapsedGutter(cookieHeader: string): boolean | null {
  for (const part of cookieHeader.split(';')) {
    const [rawName = '', ...rest] = part.split('=');
    if (rawName.trim() !== COLLAPSED_GUTTER_COOKIE) continue;
    const value = decodeURIComponent(rest.join('=').trim());
    if (value === 'true') return true;
    if (value === 'false') return false;
    return null;
  }
  return null;
}

/** One year, in seconds: the cookie outlives the session as GitLab's does. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The `document.cookie` assignment that remembers the state for the whole site. */
export function collapsedGutterCookie(collapsed: boolean): string {
  return `${COLLAPSED_GUTTER_COOKIE}=${collapsed}; path=/; max-age=${COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/** Collapsed on small screens; elsewhere what the cookie remembers (expanded when it is absent). */
export function initialCollapsed(cookieValue: boolean | null, smallScreen: boolean): boolean {
  return smallScreen || cookieValue === true;
}
