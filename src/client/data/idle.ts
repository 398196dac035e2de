import { useEffect } from 'react';

/**
 * The page's "idle" signal for end-to-end tests: `body[data-idle="true"]` once the page's main
 * query has settled, back to "false" while it refetches (tests wait on it instead of sleeping).
 */
export function usePageSettled(settled: boolean): void {
  useEffect(() => {
    document.body.dataset.idle = settled ? 'true' : 'false';
  }, [settled]);
}
