/**
 * The two baselines served by bench/render/staticServer.ts (pages/dom.js, pages/dhtmlx.js): each
 * gets the size's roadmap rows (read from the seeded server) in the page at once, so its first frame
 * with bars is also its "everything loaded".
 */
import { evaluate, type LoadedTarget, type RenderTarget, waitFor } from './types.ts';

export function baselineTarget(
  name: 'dom' | 'dhtmlx',
  viewport: string,
  zoomNote: string,
  countRows: string,
): RenderTarget {
  return {
    name,
    async load(page, roadmap, env): Promise<LoadedTarget> {
      await page.goto(`${env.staticUrl}/${name}?n=${roadmap.size}`);
      await waitFor(page, 'window.__bench && window.__bench.allLoadedAt >= 0', 180_000);
      const { firstBarsAt, allLoadedAt } = await evaluate<{ firstBarsAt: number; allLoadedAt: number }>(
        page,
        '({ firstBarsAt: window.__bench.firstBarsAt, allLoadedAt: window.__bench.allLoadedAt })',
      );
      return {
        viewport,
        firstBarsMs: firstBarsAt,
        allLoadedMs: allLoadedAt,
        epics: await evaluate<number>(page, countRows),
        zoomNote,
        setZoomEnabled: async (on) => {
          await evaluate(page, `window.__bench.setZoomEnabled(${on})`);
        },
      };
    },
  };
}
