/**
 * Where to send a user after signing in, from a `redirect_to` parameter. Only paths on this site
 * are allowed: an open redirect after sign-in would be a phishing tool.
 */

/** Any origin works; it only gives relative values something to resolve against. */
const BASE = new URL('http://plantrack.invalid');

/** C0 controls, DEL and backslash: browsers strip or reinterpret them, turning a path into a host. */
function hasHostileCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code <= 0x1f || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * The same-origin path (with query and fragment) that `value` points to, or `/` when it is not a
 * string, not a path, points elsewhere, or holds characters (raw or percent-encoded) that a browser
 * or a later decode could turn into another host. The sign-in page itself is never a target.
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || looksHostile(value)) return '/';
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE.origin) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can normalise to `//host`, which a browser reads as another site.
  if (path.startsWith('//') || looksHostile(path)) return '/';
  if (url.pathname.startsWith('/users/sign_in')) return '/';
  return path;
}

function looksHostile(text: string): boolean {
  if (hasHostileCharacter(text)) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    return true;
  }
  return hasHostileCharacter(decoded) || decoded.startsWith('//');
}
