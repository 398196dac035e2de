import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import { ContinuousTimeScale } from '../time/continuousScale.ts';
import { asEpochDay, calendarDateToDay } from '../time/epochDay.ts';
import { buildTimeframe } from '../time/timeframe.ts';
import { presetScaleOf } from '../time/timeScale.ts';
import { makeEpic } from './epicFixtures.ts';
import { RoadmapModel } from './roadmapModel.ts';
import type { SortValue } from './sortOrder.ts';
import { rowIndex } from './units.ts';

const day = (text: string) => calendarDateToDay(text as CalendarDate);
const today = '2020-07-06' as CalendarDate;
/** 2019-01-01 … 2021-12-31 (three years by quarter from 2020-07-06). */
const threeYears = presetScaleOf(buildTimeframe({ rangeType: 'THREE_YEARS', presetType: 'QUARTERS', today }));
const wide = new ContinuousTimeScale(day('2010-01-01'), day('2025-12-31'), 0);

const listedIds = (model: RoadmapModel) =>
  Array.from({ length: model.rowCount }, (_, row) => model.idAt(rowIndex(row)));

// GitLab's mockUnsortedEpics (roadmap mock_data): titles say the drawn and the original dates.
const unsorted = [
  makeEpic({
    id: 1,
    title: 'Nov 10 2013 ~ Jun 01 2014; actual start date is Feb 1 2013',
    startDate: '2013-02-01',
    dueDate: '2014-06-01',
  }),
  makeEpic({
    id: 2,
    title: 'Oct 01 2013 ~ Nov 01 2013; actual due date is Nov 1 2014',
    startDate: '2013-10-01',
    dueDate: '2014-11-01',
  }),
  makeEpic({
    id: 3,
    title: 'Jan 01 2020 ~ Dec 01 2020; no fixed start date',
    startDate: null,
    dueDate: '2020-12-01',
  }),
  makeEpic({ id: 4, title: 'Mar 17 2014 ~ Aug 15 2015', startDate: '2014-03-17', dueDate: '2015-08-15' }),
  makeEpic({ id: 5, title: 'Jun 08 2015 ~ Apr 01 2016', startDate: '2015-06-08', dueDate: '2016-04-01' }),
  makeEpic({ id: 6, title: 'Apr 12 2019 ~ Aug 30 2019', startDate: '2019-04-12', dueDate: '2019-08-30' }),
  makeEpic({
    id: 7,
    title: 'Mar 01 2013 ~ Dec 01 2013; no fixed due date',
    startDate: '2013-03-01',
    dueDate: null,
  }),
  makeEpic({ id: 8, title: 'Mar 12 2017 ~ Aug 20 2017', startDate: '2017-03-12', dueDate: '2017-08-20' }),
];

describe('sorting on un-clamped dates, in the server order (date NULLS LAST, id DESC)', () => {
  it.each([
    ['start_date_asc', [1, 7, 2, 4, 5, 8, 6, 3]],
    ['start_date_desc', [6, 8, 5, 4, 2, 7, 1, 3]],
    ['end_date_asc', [1, 2, 4, 5, 8, 6, 3, 7]],
    ['end_date_desc', [3, 6, 8, 5, 4, 2, 1, 7]],
  ] as const)('orders %s with undated epics last', (sortedBy: SortValue, order) => {
    const model = new RoadmapModel({ scale: wide, today, sortedBy });
    model.upsert(unsorted);
    expect(listedIds(model)).toEqual(order);
  });

  it('lists the same order whichever page arrives first', () => {
    const pages = [unsorted.slice(0, 3), unsorted.slice(3)];
    for (const sortedBy of ['start_date_asc', 'start_date_desc', 'end_date_asc', 'end_date_desc'] as const) {
      const inOrder = new RoadmapModel({ scale: wide, today, sortedBy });
      for (const page of pages) inOrder.upsert(page);
      const reversed = new RoadmapModel({ scale: wide, today, sortedBy });
      for (const page of [...pages].reverse()) reversed.upsert([...page].reverse());
      expect(listedIds(reversed)).toEqual(listedIds(inOrder));
    }
  });

  it('sorts clamped epics by their original dates, not the timeframe edge', () => {
    const model = new RoadmapModel({ scale: threeYears, today });
    model.upsert([
      makeEpic({ id: 1, startDate: '2018-06-01', dueDate: '2019-06-01' }),
      makeEpic({ id: 2, startDate: '2017-01-01', dueDate: '2019-06-01' }),
      makeEpic({ id: 3, startDate: '2019-01-01', dueDate: '2019-06-01' }),
    ]);
    expect(listedIds(model)).toEqual([2, 1, 3]);
  });

  it('puts the higher id first between equal dates, and re-sorts when the sort changes', () => {
    const model = new RoadmapModel({ scale: threeYears, today });
    model.upsert([3, 9, 7].map((id) => makeEpic({ id, startDate: '2020-01-01', dueDate: `2020-0${id}-01` })));
    expect(listedIds(model)).toEqual([9, 7, 3]);
    model.setSort('end_date_desc');
    expect(listedIds(model)).toEqual([9, 7, 3]);
  });
});

describe('which epics are listed', () => {
  it('drops reversed dates and epics outside the timeframe, and lists an id once', () => {
    const model = new RoadmapModel({ scale: threeYears, today });
    model.upsert([
      makeEpic({ id: 1, startDate: '2020-05-01', dueDate: '2020-04-01' }),
      makeEpic({ id: 2, startDate: '2023-01-01', dueDate: '2023-02-01' }),
      makeEpic({ id: 3, startDate: '2020-01-01', dueDate: '2020-02-01' }),
      makeEpic({ id: 3, startDate: '2020-03-01', dueDate: '2020-04-01', title: 'newer' }),
      makeEpic({ id: 4 }),
    ]);
    expect(listedIds(model)).toEqual([3, 4]);
    expect(model.epicCount).toBe(4);
  });

  it('shows epics that a wider timeframe reaches', () => {
    const model = new RoadmapModel({ scale: threeYears, today });
    model.upsert([makeEpic({ id: 1, startDate: '2022-03-01', dueDate: '2022-04-01' })]);
    expect(model.rowCount).toBe(0);
    model.setScale(new ContinuousTimeScale(threeYears.startDay, day('2022-12-31'), 2));
    expect(listedIds(model)).toEqual([1]);
    model.setTimeframe(buildTimeframe({ rangeType: 'CURRENT_YEAR', presetType: 'MONTHS', today }));
    expect(model.rowCount).toBe(0);
  });

  it('hides children under a listed parent until it is expanded, then indents them by level', () => {
    const model = new RoadmapModel({ scale: threeYears, today });
    model.upsert([
      makeEpic({ id: 1, startDate: '2020-01-01', dueDate: '2020-12-31', hasChildren: true }),
      makeEpic({ id: 2, parentId: 1, startDate: '2020-03-01', dueDate: '2020-04-01', hasChildren: true }),
      makeEpic({ id: 3, parentId: 2, startDate: '2020-03-10', dueDate: '2020-03-20' }),
      makeEpic({ id: 4, parentId: 1, startDate: '2020-02-01', dueDate: '2020-02-10' }),
      makeEpic({ id: 5, parentId: 99, startDate: '2020-06-01', dueDate: '2020-06-10' }),
    ]);
    expect(listedIds(model)).toEqual([1, 5]);
    model.setExpanded(1, true);
    expect(listedIds(model)).toEqual([1, 4, 2, 5]);
    model.setExpanded(2, true);
    expect(listedIds(model)).toEqual([1, 4, 2, 3, 5]);
    const levels = model.layoutWindow(1, { scrollTop: 0, height: 500, scrollLeft: 0, width: 1000 }).rows
      .level;
    expect(Array.from(levels)).toEqual([0, 1, 1, 2, 0]);
    model.setExpanded(1, false);
    expect(listedIds(model)).toEqual([1, 5]);
    expect(model.rowOf(3)).toBe(-1);
  });

  it('lists a child at the top level when its parent is not listed (dropped or not loaded)', () => {
    const model = new RoadmapModel({ scale: threeYears, today });
    model.upsert([
      makeEpic({ id: 1, startDate: '2015-01-01', dueDate: '2015-12-31' }),
      makeEpic({ id: 2, parentId: 1, startDate: '2020-03-01', dueDate: '2020-04-01' }),
    ]);
    expect(listedIds(model)).toEqual([2]);
  });

  it('with a single epic iid shown, keeps children at the top level until their parent is expanded', () => {
    const model = new RoadmapModel({ scale: threeYears, today, singleEpicIid: true });
    model.upsert([
      makeEpic({ id: 1, startDate: '2020-01-01', dueDate: '2020-12-31' }),
      makeEpic({ id: 2, parentId: 1, startDate: '2020-03-01', dueDate: '2020-04-01' }),
    ]);
    expect(listedIds(model)).toEqual([1, 2]);
    model.setExpanded(1, true);
    expect(listedIds(model)).toEqual([1, 2]);
    expect(
      model.layoutWindow(1, { scrollTop: 0, height: 100, scrollLeft: 0, width: 100 }).rows.level[1],
    ).toBe(1);
    model.setSingleEpicIid(false);
    model.setExpanded(1, false);
    expect(listedIds(model)).toEqual([1]);
  });

  it('removes epics by id and forgets their expansion', () => {
    const model = new RoadmapModel({ scale: threeYears, today });
    model.upsert([1, 2, 3].map((id) => makeEpic({ id, startDate: `2020-0${id}-01`, dueDate: '2020-12-01' })));
    model.setExpanded(2, true);
    model.remove([2, 42]);
    expect(listedIds(model).sort()).toEqual([1, 3]);
    expect(model.isExpanded(2)).toBe(false);
    expect(model.rowOf(3)).toBe(1);
    model.clear();
    expect(model.rowCount).toBe(0);
  });

  it('keeps order and rows right after removing many epics (slots are compacted)', () => {
    const model = new RoadmapModel({ scale: threeYears, today });
    const ids = Array.from({ length: 3000 }, (_, i) => i + 1);
    model.upsert(ids.map((id) => makeEpic({ id, startDate: '2020-01-01', dueDate: '2020-02-01' })));
    model.remove(ids.filter((id) => id % 3 !== 0));
    expect(model.rowCount).toBe(1000);
    expect(listedIds(model).slice(0, 3)).toEqual([3000, 2997, 2994]);
    model.upsert([makeEpic({ id: 1, startDate: '2020-01-01', dueDate: '2020-02-01' })]);
    expect(listedIds(model).slice(-2)).toEqual([3, 1]);
  });
});

describe('a scale whose domain grew past the range (zoomed out)', () => {
  const range = buildTimeframe({ rangeType: 'CURRENT_QUARTER', presetType: 'WEEKS', today });
  const rangeDays = { startDay: range.startDay, endDay: range.endDay };
  const grown = new ContinuousTimeScale(
    asEpochDay(range.startDay - 200),
    asEpochDay(range.endDay + 200),
    -1,
    rangeDays,
  );
  const epics = [
    makeEpic({ id: 1, startDate: '2020-01-01', dueDate: '2020-08-15' }),
    makeEpic({ id: 2, startDate: '2019-01-01', dueDate: '2019-03-01' }),
    makeEpic({ id: 3, startDate: null, dueDate: '2020-09-01' }),
  ];

  it('lists the epics of the range only, and clamps their bars to it', () => {
    const model = new RoadmapModel({ scale: presetScaleOf(range), today });
    model.upsert(epics);
    model.setScale(grown);
    expect(listedIds(model).sort()).toEqual([1, 3]);
    const snapshot = model.layoutWindow(1, { scrollTop: 0, height: 500, scrollLeft: 0, width: 2000 });
    const rangeStartX = grown.toPixel(range.startDay);
    expect(snapshot.rows.x[0]).toBeCloseTo(rangeStartX, 3);
    expect(snapshot.rows.x[1]).toBeCloseTo(rangeStartX, 3);
    expect(snapshot.timelineStartDay).toBe(grown.startDay);
    expect(snapshot.timelineEndDay).toBe(grown.endDay);
    expect(snapshot.header.startDay[0]).toBeLessThan(range.startDay);
  });
});
