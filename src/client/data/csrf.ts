/** The page's CSRF token (`<meta name="csrf-token">`): every state change from the browser sends it. */
export function csrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || null;
}

/** The CSRF header of a write from the browser, when the page has a token. */
export function csrfHeaders(): Record<string, string> {
  const token = csrfToken();
  return token ? { 'X-CSRF-Token': token } : {};
}

/** Headers of a JSON write from the browser: the body's type and, when the page has one, the CSRF token. */
export function jsonWriteHeaders(): Record<string, string> {
  return { 'Content-Type': 'application/json', ...csrfHeaders() };
}
