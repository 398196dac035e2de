/** The page's CSRF token (`<meta name="csrf-token">`): every state change from the browser sends it. */
export function csrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || null;
}
