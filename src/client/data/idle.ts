import { useCallback, useEffect, useState } from 'react';

/** The parts of the page that have not settled yet; the page is idle when none is left. */
const unsettled = new Set<symbol>();

function publish(): void {
  document.body.dataset.idle = unsettled.size === 0 ? 'true' : 'false';
}

/**
 * The page's "idle" signal for end-to-end tests: `body[data-idle="true"]` once every part of the
 * page that reports here has settled (its main query answered), back to "false" while one of them
 * refetches. Tests wait on it instead of sleeping; a page made of several sections (the home page)
 * is idle only when all of them are.
 */
export function usePageSettled(settled: boolean): void {
  const report = usePageSettledReporter();
  useEffect(() => report(settled), [report, settled]);
}

/** The page is settled once none of these queries is loading (a sidebar's blocks). */
export function useQueriesSettled(queries: readonly { readonly loading: boolean }[]): void {
  usePageSettled(!queries.some((query) => query.loading));
}

/**
 * The same signal for a part that reports as it changes, without re-rendering the component that
 * holds it: the roadmap's view settles and unsettles with each layout of a scroll, and a state
 * update for it re-rendered the whole page, filter bar included, twice a layout.
 */
export function usePageSettledReporter(): (settled: boolean) => void {
  const [id] = useState(() => Symbol('page part'));
  useEffect(
    () => () => {
      unsettled.delete(id);
      publish();
    },
    [id],
  );
  return useCallback(
    (settled: boolean) => {
      if (settled) unsettled.delete(id);
      else unsettled.add(id);
      publish();
    },
    [id],
  );
}
