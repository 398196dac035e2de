import { useEffect } from 'react';

export const PRODUCT_NAME = 'Plantrack';

/** Sets `document.title` to `parts · Plantrack` (GitLab's order: most specific first). */
export function useDocumentTitle(...parts: ReadonlyArray<string | null | undefined>): void {
  const title = [...parts.filter(Boolean), PRODUCT_NAME].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
