/** Schemes a rendered link may point to; anything without a scheme is relative and allowed. */
export const LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];
/** Schemes a rendered image may load from (no mailto:, and never data:). */
export const IMAGE_SCHEMES: readonly string[] = ['http', 'https'];

/**
 * Browsers ignore ASCII control characters and whitespace inside a URL's scheme (`java\tscript:`
 * runs), so they are removed before the scheme is read.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The URL's scheme in lower case, or null for a relative URL (`/x`, `x`, `#a`, `?q`, `//host`). */
export function urlScheme(url: string): string | null {
  const match = SCHEME.exec(url.replace(IGNORED_BY_BROWSERS, ''));
  return match?.[1]?.toLowerCase() ?? null;
}

/** Whether `url` (entities already decoded) may be a link's href. */
export function isAllowedLinkUrl(url: string): boolean {
  const scheme = urlScheme(url);
  return scheme === null || LINK_SCHEMES.includes(scheme);
}

/** Whether `url` (entities already decoded) may be an image's src. */
export function isAllowedImageUrl(url: string): boolean {
  const scheme = urlScheme(url);
  return scheme === null || IMAGE_SCHEMES.includes(scheme);
}
