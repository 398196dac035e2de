import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import { ContinuousTimeScale, MAX_ZOOM, MIN_ZOOM } from '../time/continuousScale.ts';
import { asEpochDay, dayToCalendarDate } from '../time/epochDay.ts';
import type { PresetType, TimeframeRangeType } from '../time/presets.ts';
import { buildTimeframe } from '../time/timeframe.ts';
import { presetScaleOf } from '../time/timeScale.ts';
import { makeEpic } from './epicFixtures.ts';
import { barEntryAt, idAtEntry, rowEntryAt } from './hitTest.ts';
import { ROW_FLAG } from './roadmapEpic.ts';
import { RoadmapModel } from './roadmapModel.ts';

const today = '2020-07-06' as CalendarDate;
/** The gap between adjacent float32 values near `value`: two such roundings can add up to it. */
const float32Step = (value: number) => 2 ** (Math.floor(Math.log2(Math.max(1, value))) - 23);
const scaleOf = (rangeType: TimeframeRangeType, presetType: PresetType) =>
  presetScaleOf(buildTimeframe({ rangeType, presetType, today }));
const quarters = scaleOf('THREE_YEARS', 'QUARTERS');
const viewport = { scrollTop: 0, height: 500, scrollLeft: 0, width: 1200 };

/** Epics of equal dates, listed highest id first (the server's tie order): title n is row n − 1. */
function manyEpics(count: number) {
  return Array.from({ length: count }, (_, i) =>
    makeEpic({
      id: count - i,
      startDate: '2020-01-01',
      dueDate: '2020-06-30',
      title: `Epic number ${i + 1}`,
    }),
  );
}

describe('laying out the visible window', () => {
  it('returns only the rows in the scroll range plus the buffer, tagged with the epoch', () => {
    const model = new RoadmapModel({ scale: quarters, today });
    model.upsert(manyEpics(1000));
    const snapshot = model.layoutWindow(7, { ...viewport, scrollTop: 5000, bufferRows: 5 });
    expect(snapshot.epoch).toBe(7);
    expect(snapshot.rowCount).toBe(1000);
    expect(snapshot.firstRow).toBe(95);
    expect(snapshot.count).toBe(20);
    expect(snapshot.rows.y[0]).toBe(95 * 50);
    expect(snapshot.strings.slice(0, 2)).toEqual(['Epic number 96', 'Epic number 97']);
    expect(snapshot.sectionWidth).toBe(320 + 12 * 180);
  });

  it('uses one screenful of buffer rows by default and stops at the list ends', () => {
    const model = new RoadmapModel({ scale: quarters, today });
    model.upsert(manyEpics(30));
    const snapshot = model.layoutWindow(1, { ...viewport, scrollTop: 600, height: 500 });
    expect(snapshot.firstRow).toBe(2);
    expect(snapshot.count).toBe(28);
  });

  it('flags truncated titles, out-of-range dates, group names, colour and bars in view', () => {
    const model = new RoadmapModel({ scale: quarters, today, currentGroupId: 1 });
    model.upsert([
      makeEpic({
        id: 1,
        startDate: '2020-01-01',
        dueDate: '2020-01-10',
        color: '#c91c00',
        textColor: '#fff',
      }),
      makeEpic({ id: 2, startDate: '2015-01-01', dueDate: null, groupId: 2, groupName: 'Other' }),
      makeEpic({
        id: 3,
        startDate: '2021-10-01',
        dueDate: '2021-12-31',
        groupId: 2,
        groupName: 'Other',
        parentId: 50,
      }),
    ]);
    const snapshot = model.layoutWindow(1, { ...viewport, bufferPx: 0 });
    const flags = (id: number) => snapshot.rows.flags[Array.from(snapshot.rows.ids).indexOf(id)]!;
    expect(flags(2) & ROW_FLAG.START_OUT_OF_RANGE).toBeTruthy();
    expect(flags(2) & ROW_FLAG.END_UNDEFINED).toBeTruthy();
    expect(flags(2) & ROW_FLAG.SHOW_GROUP_NAME).toBeTruthy();
    expect(flags(3) & ROW_FLAG.SHOW_GROUP_NAME).toBeFalsy();
    expect(flags(1) & ROW_FLAG.TITLE_TRUNCATED).toBeTruthy();
    expect(flags(1) & ROW_FLAG.HAS_COLOR).toBeTruthy();
    expect(flags(1) & ROW_FLAG.BAR_IN_VIEW).toBeTruthy();
    expect(flags(3) & ROW_FLAG.BAR_IN_VIEW).toBeFalsy();
    expect(snapshot.rows.color[Array.from(snapshot.rows.ids).indexOf(1)]).toBe(0xc91c00);
    expect(snapshot.strings[snapshot.rows.groupName[0]!]).toBe('Other');
  });

  it('reports progress by weight or by count, and unknown progress', () => {
    const model = new RoadmapModel({ scale: quarters, today });
    model.upsert([
      makeEpic({
        id: 1,
        startDate: '2020-01-01',
        descendantCounts: { openedIssues: 1, closedIssues: 3 },
        descendantWeightSum: { openedIssues: 10, closedIssues: 5 },
      }),
      makeEpic({ id: 2, startDate: '2020-02-01', descendantCounts: null, descendantWeightSum: null }),
    ]);
    const byWeight = model.layoutWindow(1, viewport);
    expect(Array.from(byWeight.rows.progress)).toEqual([33, 0]);
    expect(Array.from(byWeight.rows.total)).toEqual([15, 0]);
    expect(byWeight.rows.flags[1]! & ROW_FLAG.PROGRESS_UNKNOWN).toBeTruthy();
    model.setProgressTracking('COUNT');
    const byCount = model.layoutWindow(2, viewport);
    expect(Array.from(byCount.rows.progress)).toEqual([75, 0]);
    expect(byCount.progressTracking).toBe('COUNT');
  });

  it('carries the header and today for the horizontal range', () => {
    const model = new RoadmapModel({ scale: quarters, today });
    const snapshot = model.layoutWindow(1, { ...viewport, width: 360, bufferPx: 0 });
    const { header, strings } = snapshot;
    expect(header.unit).toBe('quarter');
    expect(strings.slice(header.labelBase, header.labelBase + header.columnCount)).toEqual([
      '2019 Q1',
      'Q2',
      'Q3',
    ]);
    expect(strings[header.subLabelBase]).toBe('Jan');
    expect(snapshot.todayColumn).toBe(6);
    expect(snapshot.todayX).toBeCloseTo(6 * 180 + 0.06 * 180, 9);
  });

  it('gives each row its position among its siblings and their number (treegrid semantics)', () => {
    const model = new RoadmapModel({ scale: quarters, today });
    const dated = { startDate: '2020-01-01', dueDate: '2020-06-30' } as const;
    model.upsert([
      makeEpic({ id: 1, ...dated }),
      makeEpic({ id: 2, ...dated }),
      makeEpic({ id: 3, ...dated, parentId: 1 }),
      makeEpic({ id: 4, ...dated, parentId: 1 }),
      makeEpic({ id: 5, ...dated, parentId: 1 }),
    ]);
    model.setExpanded(1, true);
    const snapshot = model.layoutWindow(1, viewport);
    const rows = Array.from({ length: snapshot.count }, (_, i) => [
      snapshot.rows.ids[i],
      snapshot.rows.level[i],
      snapshot.rows.posInSet[i],
      snapshot.rows.setSize[i],
    ]);
    expect(rows).toEqual([
      [2, 0, 1, 2],
      [1, 0, 2, 2],
      [5, 1, 1, 3],
      [4, 1, 2, 3],
      [3, 1, 3, 3],
    ]);
  });

  it('hit-tests rows and bars from the snapshot', () => {
    const model = new RoadmapModel({ scale: quarters, today });
    model.upsert(manyEpics(100));
    const snapshot = model.layoutWindow(1, { ...viewport, scrollTop: 1000, bufferRows: 2 });
    const barX = 4 * 180 + 10;
    expect(idAtEntry(snapshot, rowEntryAt(snapshot, 1025))).toBe(80);
    expect(idAtEntry(snapshot, barEntryAt(snapshot, barX, 1025))).toBe(80);
    expect(barEntryAt(snapshot, 10, 1025)).toBe(-1);
    expect(rowEntryAt(snapshot, 0)).toBe(-1);
    expect(rowEntryAt(snapshot, -3)).toBe(-1);
    expect(idAtEntry(snapshot, -1)).toBeUndefined();
  });
});

describe('layout properties over random epics', () => {
  const dateArb = fc.option(fc.integer({ min: 17000, max: 19500 }), { nil: null });
  const epicsArb = fc.array(
    fc.record({
      id: fc.integer({ min: 1, max: 60 }),
      parent: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
      start: dateArb,
      end: dateArb,
    }),
    { maxLength: 80 },
  );
  const text = (d: number | null) => (d === null ? null : dayToCalendarDate(asEpochDay(d)));
  const scales = [
    quarters,
    scaleOf('THREE_YEARS', 'MONTHS'),
    scaleOf('CURRENT_YEAR', 'WEEKS'),
    scaleOf('CURRENT_QUARTER', 'WEEKS'),
  ];

  it('lists no epic twice, nests children right after their parents, and keeps bars inside the timeline', () => {
    fc.assert(
      fc.property(
        epicsArb,
        fc.array(fc.integer({ min: 1, max: 60 })),
        fc.boolean(),
        fc.oneof(
          fc.constantFrom(...scales),
          fc
            .double({ min: MIN_ZOOM, max: MAX_ZOOM, noNaN: true })
            .map((zoom) => new ContinuousTimeScale(quarters.startDay, quarters.endDay, zoom)),
        ),
        (epics, expanded, single, scale) => {
          const model = new RoadmapModel({ scale, today, singleEpicIid: single });
          model.upsert(
            epics.map((e) =>
              makeEpic({
                id: e.id,
                parentId: e.parent === e.id ? null : e.parent,
                startDate: text(e.start),
                dueDate: text(e.end),
              }),
            ),
          );
          for (const id of expanded) model.setExpanded(id, true);
          const snapshot = model.layoutWindow(1, {
            scrollTop: 0,
            height: 50 * 200,
            scrollLeft: 0,
            width: scale.width,
            bufferRows: 0,
          });
          const ids = Array.from(snapshot.rows.ids);
          // Later copies of an id win, as upsert does.
          const parentOf = new Map(epics.map((e) => [e.id, e.parent === e.id ? null : e.parent]));
          const datesOf = new Map(epics.map((e) => [e.id, e]));
          expect(new Set(ids).size).toBe(ids.length);
          for (let i = 0; i < snapshot.count; i += 1) {
            const x = snapshot.rows.x[i]!;
            const width = snapshot.rows.width[i]!;
            expect(width).toBeGreaterThan(0);
            expect(x).toBeGreaterThanOrEqual(0);
            // x and width are stored as Float32, so each may round up by half a float32 step.
            expect(x + width).toBeLessThanOrEqual(scale.width + float32Step(scale.width));
            const level = snapshot.rows.level[i]!;
            if (i === 0) expect(level).toBe(0);
            else expect(level).toBeLessThanOrEqual(snapshot.rows.level[i - 1]! + 1);
            // A nested row's parent is the nearest row above it one level up, and is expanded.
            if (level > 0) {
              let j = i - 1;
              while (snapshot.rows.level[j]! !== level - 1) j -= 1;
              expect(snapshot.rows.ids[j]).toBe(parentOf.get(ids[i]!));
              expect(model.isExpanded(ids[j]!)).toBe(true);
            }
            // Every listed epic is shown in the timeframe: clamped start ≤ clamped end.
            const dates = datesOf.get(ids[i]!)!;
            expect(Math.max(dates.start ?? -Infinity, scale.startDay)).toBeLessThanOrEqual(
              Math.min(dates.end ?? Infinity, scale.endDay),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
