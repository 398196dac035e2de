/**
 * GitLab's `super_sidebar_collapsed` cookie: whether the left navigation is collapsed on wide
 * screens ("true" / "false"). Below the lg breakpoint the navigation is a drawer, closed until asked
 * for, whatever the cookie says.
 */
const SIDE_NAV_COOKIE = 'super_sidebar_collapsed';

/** One year, in seconds. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** The cookie's value in a `document.cookie` string: true only for "true". */
export function parseSideNavCollapsed(cookieHeader: string): boolean {
  for (const part of cookieHeader.split(';')) {
    const [rawName = '', ...rest] = part.split('=');
    if (rawName.trim() === SIDE_NAV_COOKIE) return rest.join('=').trim() === 'true';
  }
  return false;
}

/** The `document.cookie` assignment that remembers the choice for the whole site. */
export function sideNavCollapsedCookie(collapsed: boolean): string {
  return `${SIDE_NAV_COOKIE}=${collapsed}; path=/; max-age=${COOKIE_MAX_AGE_S}; SameSite=Lax`;
}
