import { expect, test } from '@playwright/test';
import { waitForIdle } from './helpers.ts';

test.use({ hasTouch: true });

test('two fingers spreading on the timeline zoom the roadmap in', async ({ page }) => {
  await page.goto(
    '/groups/acme/-/roadmap?timeframe_range_type=THREE_YEARS&layout=QUARTERS&show_milestones=false',
  );
  await waitForIdle(page);
  const row = page.getByTestId('roadmap-row').first();
  const widthBefore = Number(await row.getAttribute('data-bar-width'));
  const box = await page.getByTestId('roadmap-viewport').boundingBox();
  if (!box) throw new Error('no roadmap viewport');
  const y = box.y + 300;
  const mid = box.x + 700;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        type === 'touchEnd'
          ? []
          : [
              { x: mid - spread, y, id: 1 },
              { x: mid + spread, y, id: 2 },
            ],
    });
  await touch('touchStart', 40);
  for (let spread = 50; spread <= 160; spread += 10) await touch('touchMove', spread);
  await touch('touchEnd', 0);
  await waitForIdle(page);
  await expect(page.getByTestId('roadmap-reset-zoom')).toBeVisible();
  await expect
    .poll(async () => Number(await row.getAttribute('data-bar-width')))
    .toBeGreaterThan(widthBefore * 2);
});
