import { describe, expect, it } from 'vitest';
import { TODAY_ANCHOR } from '../../../core/layout/roadmapViewport.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { MAX_ZOOM, MIN_ZOOM } from '../../../core/time/continuousScale.ts';
import { asEpochDay } from '../../../core/time/epochDay.ts';
import { worldPx } from '../../../core/time/units.ts';
import { RoadmapViewportManager } from './roadmapViewportManager.ts';

const timeframe = {
  rangeType: 'CURRENT_YEAR',
  presetType: 'MONTHS',
  today: '2020-07-06' as CalendarDate,
} as const;

function manager(opensAt: 'today' | 'wholeTimeframe' = 'today'): RoadmapViewportManager {
  const made = new RoadmapViewportManager(timeframe, opensAt);
  made.setRowCount(100);
  made.setSize(900, 500);
  return made;
}

describe('the roadmap viewport manager', () => {
  it('opens at today, a third into the view, on the preset columns', () => {
    const view = manager();
    expect(view.zoomed).toBe(false);
    expect(view.scaleSpec).toEqual({ kind: 'preset' });
    expect(view.viewport.scrollLeft).toBeCloseTo(view.todayX - 900 * TODAY_ANCHOR, 6);
  });

  it('opens with the whole timeframe in view when asked', () => {
    const view = manager('wholeTimeframe');
    expect(view.scale.width).toBeCloseTo(900, 6);
    expect(view.viewport.scrollLeft).toBe(0);
  });

  it('zooms out past the fitted year down to MIN_ZOOM, the timeline always filling the width', () => {
    const view = manager();
    view.fitAll();
    expect(view.canZoomOut).toBe(true);
    let steps = 0;
    while (view.zoomOut()) {
      steps += 1;
      expect(view.scale.width).toBeGreaterThanOrEqual(900 - 1e-6);
      expect(view.viewport.scrollLeft + 900).toBeLessThanOrEqual(view.scale.width + 1e-6);
    }
    expect(steps).toBeGreaterThan(0);
    expect(view.viewport.zoom).toBe(MIN_ZOOM);
    expect(view.canZoomOut).toBe(false);
    // The spec the worker gets rebuilds the same, wider domain around the same range.
    const spec = view.scaleSpec;
    expect(spec.kind === 'continuous' && spec.startDay).toBe(view.scale.startDay);
    expect(spec.kind === 'continuous' && spec.endDay).toBe(view.scale.endDay);
    expect(view.scale.startDay).toBeLessThan(view.scale.rangeStartDay);
  });

  it('fits the range, not the grown domain, when asked to fit all', () => {
    const view = manager();
    view.zoomTo(MIN_ZOOM);
    view.fitAll();
    expect(view.scale.startDay).toBe(view.scale.rangeStartDay);
    expect(view.scale.width).toBeCloseTo(900, 6);
    expect(view.viewport.scrollLeft).toBe(0);
  });

  it('goes back to the preset columns on reset, and on a new timeframe', () => {
    const view = manager();
    expect(view.resetZoom()).toBe(false);
    view.zoomIn();
    expect(view.zoomed).toBe(true);
    expect(view.resetZoom()).toBe(true);
    expect(view.scaleSpec).toEqual({ kind: 'preset' });
    view.zoomTo(MAX_ZOOM);
    expect(view.canZoomIn).toBe(false);
    view.setTimeframe({ ...timeframe, rangeType: 'THREE_YEARS', presetType: 'QUARTERS' });
    expect(view.zoomed).toBe(false);
    expect(view.scale.rangeEndDay - view.scale.rangeStartDay).toBeGreaterThan(1000);
  });

  it('keeps the day under the anchor still when zooming', () => {
    const view = manager();
    const before = view.scale.dayAt(worldPx(view.viewport.scrollLeft + 200));
    view.zoomBy(1, 200);
    expect(view.scale.dayAt(worldPx(view.viewport.scrollLeft + 200))).toBeCloseTo(before, 3);
    expect(view.scale.toPixel(asEpochDay(Math.floor(before)))).toBeGreaterThan(0);
  });
});
