import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import { ContinuousTimeScale } from '../time/continuousScale.ts';
import { calendarDateToDay } from '../time/epochDay.ts';
import { UNDEFINED_END, UNDEFINED_START } from './clampEpic.ts';
import { ARROW_FLAG, ARROW_MAX_POINTS, isViolated, routeArrow } from './dependencyArrows.ts';
import { makeEpic } from './epicFixtures.ts';
import { RoadmapModel } from './roadmapModel.ts';
import type { LayoutSnapshot } from './snapshot.ts';

const day = (text: string) => calendarDateToDay(text as CalendarDate);
const today = '2024-01-15' as CalendarDate;
/** One px per day from 2024-01-01. */
const scale = new ContinuousTimeScale(day('2024-01-01'), day('2024-12-31'), 0);
const viewport = { scrollTop: 0, height: 500, scrollLeft: 0, width: 400 };
const allClear = () => true;

function polyline(out: Float32Array, count: number): [number, number][] {
  return Array.from({ length: count }, (_, i) => [out[2 * i]!, out[2 * i + 1]!] as [number, number]);
}

function arrowsOf(snapshot: LayoutSnapshot) {
  const { arrows } = snapshot;
  return Array.from({ length: arrows.count }, (_, a) => ({
    from: arrows.fromIds[a],
    to: arrows.toIds[a],
    violated: (arrows.flags[a]! & ARROW_FLAG.VIOLATED) !== 0,
    points: polyline(arrows.points.subarray(a * ARROW_MAX_POINTS * 2), arrows.pointCount[a]!),
  }));
}

describe('routeArrow', () => {
  it('runs forward along the blocker row, down beside the blocked bar, and into its start', () => {
    const out = new Float32Array(12);
    const count = routeArrow(100, 0, 200, 2, allClear, out, 0);
    expect(polyline(out, count)).toEqual([
      [100, 25],
      [192, 25],
      [192, 125],
      [200, 125],
    ]);
  });

  it('drops beside the blocker instead when a bar between them is in the way', () => {
    const out = new Float32Array(12);
    const clear = (x: number) => x !== 192;
    const count = routeArrow(100, 0, 200, 2, clear, out, 0);
    expect(polyline(out, count)[1]).toEqual([108, 25]);
  });

  it('goes back along the gap next to the blocked row when the blocked bar starts before the blocker ends', () => {
    const out = new Float32Array(12);
    const count = routeArrow(300, 1, 120, 3, allClear, out, 0);
    expect(polyline(out, count)).toEqual([
      [300, 75],
      [308, 75],
      [308, 150],
      [112, 150],
      [112, 175],
      [120, 175],
    ]);
  });

  it('uses the gap below the blocked row when the blocked row is above the blocker', () => {
    const out = new Float32Array(12);
    const count = routeArrow(300, 4, 120, 1, allClear, out, 0);
    const points = polyline(out, count);
    expect(points[2]).toEqual([308, 100]);
    expect(points.at(-1)).toEqual([120, 75]);
  });

  it('writes at the offset it is given', () => {
    const out = new Float32Array(24);
    routeArrow(0, 0, 100, 1, allClear, out, 12);
    expect(out[12]).toBe(0);
    expect(out[13]).toBe(25);
    expect(out.slice(0, 12).every((value) => value === 0)).toBe(true);
  });
});

describe('isViolated', () => {
  it.each([
    ['starts the day after the blocker is due', day('2024-03-31'), day('2024-04-01'), false],
    ['starts on the day the blocker is due', day('2024-03-31'), day('2024-03-31'), true],
    ['starts before the blocker is due', day('2024-03-31'), day('2024-02-01'), true],
    ['has no start date', day('2024-03-31'), UNDEFINED_START, false],
    ['follows a blocker with no due date', UNDEFINED_END, day('2024-02-01'), false],
  ])('a blocked epic that %s: %s', (_case, blockerEnd, blockedStart, violated) => {
    expect(isViolated(blockerEnd, blockedStart)).toBe(violated);
  });
});

describe('dependency arrows in the layout window', () => {
  const model = () => {
    const m = new RoadmapModel({ scale, today, sortedBy: 'start_date_asc' });
    m.upsert([
      makeEpic({ id: 1, startDate: '2024-01-11', dueDate: '2024-02-09', blockingCount: 2 }),
      makeEpic({ id: 2, startDate: '2024-03-01', dueDate: '2024-04-01', blockedByIds: [1] }),
      // Starts before epic 1 ends: violated.
      makeEpic({ id: 3, startDate: '2024-03-05', dueDate: '2024-05-01', blockedByIds: [1, 99] }),
      makeEpic({ id: 4, startDate: '2024-06-01', dueDate: '2024-06-20', blockingCount: 1 }),
    ]);
    m.upsert([makeEpic({ id: 3, startDate: '2024-02-01', dueDate: '2024-05-01', blockedByIds: [1, 99] })]);
    return m;
  };

  it('draws one arrow per link between listed epics, from blocker end to blocked start', () => {
    const snapshot = model().layoutWindow(1, viewport);
    const arrows = arrowsOf(snapshot);
    expect(arrows.map(({ from, to, violated }) => ({ from, to, violated }))).toEqual([
      { from: 1, to: 2, violated: false },
      { from: 1, to: 3, violated: true },
    ]);
    const ids = [...snapshot.rows.ids];
    const entry = (id: number) => ids.indexOf(id);
    for (const arrow of arrows) {
      const from = entry(arrow.from!);
      const to = entry(arrow.to!);
      expect(arrow.points[0]).toEqual([
        snapshot.rows.x[from]! + snapshot.rows.width[from]!,
        snapshot.rows.y[from]! + 25,
      ]);
      expect(arrow.points.at(-1)).toEqual([snapshot.rows.x[to]!, snapshot.rows.y[to]! + 25]);
    }
  });

  it('counts links to epics that are not rows: blockers at the start, blocked at the end', () => {
    const snapshot = model().layoutWindow(1, viewport);
    const ids = [...snapshot.rows.ids];
    const outside = (id: number) => [
      snapshot.rows.blockedByOutside[ids.indexOf(id)],
      snapshot.rows.blockingOutside[ids.indexOf(id)],
    ];
    // Epic 99 is not loaded; epic 4 blocks one epic that is not loaded; epic 1's two are listed.
    expect(outside(3)).toEqual([1, 0]);
    expect(outside(4)).toEqual([0, 1]);
    expect(outside(1)).toEqual([0, 0]);
  });

  it('keeps an arrow whose rows span the window even when both ends lie outside it', () => {
    const m = new RoadmapModel({ scale, today, sortedBy: 'start_date_asc' });
    const epics = Array.from({ length: 200 }, (_, i) =>
      makeEpic({ id: i + 1, startDate: '2024-02-01', dueDate: '2024-02-10' }),
    );
    epics[199] = makeEpic({ id: 200, startDate: '2024-02-01', dueDate: '2024-02-10', blockedByIds: [1] });
    m.upsert(epics);
    const snapshot = m.layoutWindow(1, { ...viewport, scrollTop: 50 * 100, bufferRows: 0 });
    expect(snapshot.firstRow).toBeGreaterThan(0);
    expect(arrowsOf(snapshot).map((arrow) => [arrow.from, arrow.to])).toEqual([[1, 200]]);
  });

  it('drops arrows and counts when the blocking link goes away', () => {
    const m = model();
    m.upsert([makeEpic({ id: 2, startDate: '2024-03-01', dueDate: '2024-04-01' })]);
    m.remove([3]);
    const snapshot = m.layoutWindow(2, viewport);
    expect(snapshot.arrows.count).toBe(0);
    // Epic 1 still reports two blocked epics; neither is a row now that 2 lost its link and 3 is gone.
    expect(snapshot.rows.blockingOutside[[...snapshot.rows.ids].indexOf(1)]).toBe(2);
  });
});
