/** The CSRF token a server-rendered page carries in its `<meta name="csrf-token">`, as the browser app reads it. */
export function csrfTokenOf(html: string): string {
  return /<meta name="csrf-token" content="([^"]*)"/.exec(html)?.[1] ?? '';
}
