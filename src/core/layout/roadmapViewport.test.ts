import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import { type ContinuousTimeScale, MIN_ZOOM, zoomForPreset } from '../time/continuousScale.ts';
import { asEpochDay, calendarDateToDay } from '../time/epochDay.ts';
import { buildTimeframe } from '../time/timeframe.ts';
import { presetScaleOf } from '../time/timeScale.ts';
import { worldPx } from '../time/units.ts';
import { RoadmapViewport, ZOOM_STEP } from './roadmapViewport.ts';

const today = '2020-07-06' as CalendarDate;
const months = presetScaleOf(buildTimeframe({ rangeType: 'THREE_YEARS', presetType: 'MONTHS', today }));

function viewport(): RoadmapViewport {
  const view = new RoadmapViewport(months);
  view.setSize(680, 500);
  view.setRowCount(100);
  return view;
}

describe('the roadmap viewport', () => {
  it('clamps scrolling to the rows and the timeline', () => {
    const view = viewport();
    view.scrollTo(-50, -10);
    expect([view.scrollLeft, view.scrollTop]).toEqual([0, 0]);
    view.scrollBy(1e9, 1e9);
    expect(view.scrollTop).toBe(100 * 50 - 500);
    expect(view.scrollLeft).toBe(36 * 180 - 680);
  });

  it('scrolls a row into view by the least distance', () => {
    const view = viewport();
    view.scrollRowIntoView(20);
    expect(view.scrollTop).toBe(21 * 50 - 500);
    view.scrollRowIntoView(3);
    expect(view.scrollTop).toBe(150);
  });

  it('keeps the day under the zoom anchor still when the scale changes', () => {
    fc.assert(
      fc.property(
        fc.double({ min: zoomForPreset('QUARTERS'), max: 6, noNaN: true }),
        fc.double({ min: 0, max: 680, noNaN: true }),
        (zoom, anchor) => {
          const view = viewport();
          view.scrollTo(2000, 0);
          const before = view.scale.dayAt(worldPx(view.scrollLeft + anchor));
          const next = view.scaleAtZoom(zoom);
          if (!next) return;
          view.setScale(next, anchor);
          const clamped = view.scrollLeft === 0 || view.scrollLeft === view.maxScrollLeft;
          if (!clamped) expect(view.scale.dayAt(worldPx(view.scrollLeft + anchor))).toBeCloseTo(before, 6);
        },
      ),
    );
  });

  it('fits the whole range to the view at its fit zoom', () => {
    const view = viewport();
    const fit = view.scaleAtZoom(view.fitZoom, 0);
    expect(fit?.width).toBeCloseTo(680, 6);
    expect([fit?.startDay, fit?.endDay]).toEqual([months.startDay, months.endDay]);
  });

  it('zooms out past the range down to MIN_ZOOM, the domain growing so the timeline fills the view', () => {
    const view = viewport();
    view.setScale(view.scaleAtZoom(view.fitZoom, 0) as ContinuousTimeScale, 0);
    const rangeMiddleX = view.scale.toPixel(asEpochDay((months.startDay + months.endDay) / 2));
    const anchor = rangeMiddleX - view.scrollLeft;
    const anchorDay = view.scale.dayAt(worldPx(view.scrollLeft + anchor));
    for (let zoom = view.fitZoom - ZOOM_STEP; zoom > MIN_ZOOM - ZOOM_STEP; zoom -= ZOOM_STEP) {
      const next = view.scaleAtZoom(zoom, anchor);
      if (!next) break;
      view.setScale(next, anchor);
      expect(view.scale.width).toBeGreaterThanOrEqual(680 - 1e-6);
      expect(view.scrollLeft + 680).toBeLessThanOrEqual(view.scale.width + 1e-6);
      expect(view.scale.dayAt(worldPx(view.scrollLeft + anchor))).toBeCloseTo(anchorDay, 6);
      expect([view.scale.rangeStartDay, view.scale.rangeEndDay]).toEqual([months.startDay, months.endDay]);
      expect(view.scale.startDay).toBeLessThanOrEqual(months.startDay);
      expect(view.scale.endDay).toBeGreaterThanOrEqual(months.endDay);
    }
    expect(view.zoom).toBe(MIN_ZOOM);
    expect(view.scaleAtZoom(MIN_ZOOM - 1)).toBeNull();
    expect(view.scale.startDay).toBeLessThan(months.startDay);
  });

  it('gives the domain back to the range once zooming in makes the range wider than the view', () => {
    const view = viewport();
    view.setScale(view.scaleAtZoom(MIN_ZOOM) as ContinuousTimeScale);
    expect(view.scale.endDay - view.scale.startDay).toBeGreaterThan(months.endDay - months.startDay);
    view.setScale(view.scaleAtZoom(view.fitZoom + 1) as ContinuousTimeScale);
    expect([view.scale.startDay, view.scale.endDay]).toEqual([months.startDay, months.endDay]);
  });

  it('puts today a third of the way into the visible timeline', () => {
    const view = viewport();
    view.scrollToToday(asEpochDay(calendarDateToDay(today)));
    const todayX = months.todayX(asEpochDay(calendarDateToDay(today))) ?? Number.NaN;
    expect(view.scrollLeft).toBeCloseTo(todayX - 680 / 3, 6);
  });

  it('asks for a new layout once the view has moved half a screen from the laid-out one', () => {
    const view = viewport();
    const laidOut = view.layoutViewport();
    view.scrollBy(0, 200);
    expect(view.movedFrom(laidOut)).toBe(false);
    view.scrollBy(0, 100);
    expect(view.movedFrom(laidOut)).toBe(true);
  });
});
