/**
 * The baseline: a straightforward object-per-epic layout the way GitLab's roadmap utils do it —
 * copy each epic into a new object, parse dates into `Date`s, clamp with `Date` copies
 * (processRoadmapItemDates), filter, sort with a `getTime()` comparator (sortEpics), hide children
 * of shown parents, then size the visible rows' bars by walking the timeframe month by month
 * (MonthsPresetMixin). One concession: "already shown" lookups use a Set, where GitLab's
 * `indexOf` on an id array would make 100k epics quadratic.
 */
import { DAY_MS } from '../../src/core/time/epochDay.ts';
import type { RawEpic } from './generate.ts';

interface NaiveEpic {
  id: number;
  title: string;
  parentId: number | null;
  hasParent: boolean;
  startDate: Date;
  endDate: Date;
  /** Always set (one object shape, see formatEpic); undefined when the epic has no such date. */
  originalStartDate: Date | undefined;
  originalEndDate: Date | undefined;
  startDateUndefined?: boolean;
  endDateUndefined?: boolean;
  startDateOutOfRange?: boolean;
  endDateOutOfRange?: boolean;
  isChildEpic: boolean;
}

export interface NaiveRow {
  id: number;
  title: string;
  level: number;
  x: number;
  width: number;
  y: number;
}

export interface NaiveHeaderItem {
  label: string;
  x: number;
  width: number;
  sundays: number[];
}

export interface NaiveZoom {
  rows: NaiveRow[];
  header: NaiveHeaderItem[];
}

const CELL = 180;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const parseDate = (text: string) => {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const daysInMonth = (date: Date) => new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate();

export class NaiveRoadmap {
  private epics: NaiveEpic[] = [];
  private rows: { epic: NaiveEpic; level: number }[] = [];

  /** `months`: GitLab's month timeframe (the 1st of each month, the last one its last day). */
  constructor(
    private readonly raw: readonly RawEpic[],
    private readonly months: readonly Date[],
    private readonly sortedBy: string,
  ) {}

  /** Everything from the raw epics to the visible window's bars. */
  fullLayout(expanded: ReadonlySet<number>, firstRow: number, rowCount: number): NaiveRow[] {
    const start = this.months[0]!;
    const end = this.months[this.months.length - 1]!;
    const shownIds = new Set<number>();
    this.epics = [];
    for (const raw of this.raw) {
      const epic = formatEpic(raw, start, end);
      if (epic.startDate.getTime() <= epic.endDate.getTime() && !shownIds.has(epic.id)) {
        this.epics.push(epic);
        shownIds.add(epic.id);
      }
    }
    sortEpics(this.epics, this.sortedBy);
    const children = new Map<number, NaiveEpic[]>();
    for (const epic of this.epics) {
      if (epic.parentId === null) continue;
      const list = children.get(epic.parentId) ?? [];
      list.push({ ...epic, isChildEpic: true });
      children.set(epic.parentId, list);
    }
    const displayed = this.epics.filter((epic) => !epic.hasParent || !shownIds.has(epic.parentId!));
    this.rows = [];
    const visit = (epic: NaiveEpic, level: number) => {
      this.rows.push({ epic, level });
      if (expanded.has(epic.id)) for (const child of children.get(epic.id) ?? []) visit(child, level + 1);
    };
    for (const epic of displayed) visit(epic, 0);
    return this.windowBars(firstRow, rowCount);
  }

  /**
   * A zoom step: the visible rows' bars again with Date arithmetic at `pixelsPerDay`, plus the month
   * header for the visible x range with its Sunday sub-labels (GitLab's `getSundays` walks each day
   * of the month as a Date).
   */
  zoomStep(firstRow: number, rowCount: number, pixelsPerDay: number, fromX: number, toX: number): NaiveZoom {
    const origin = this.months[0]!.getTime();
    const rows = this.rows.slice(firstRow, firstRow + rowCount).map(({ epic, level }, i) => ({
      id: epic.id,
      title: epic.title,
      level,
      x: ((epic.startDate.getTime() - origin) / DAY_MS) * pixelsPerDay,
      width: ((epic.endDate.getTime() - epic.startDate.getTime()) / DAY_MS + 1) * pixelsPerDay,
      y: (firstRow + i) * 50,
    }));
    const header: NaiveHeaderItem[] = [];
    for (const month of this.months) {
      const x = ((month.getTime() - origin) / DAY_MS) * pixelsPerDay;
      const width = daysInMonth(month) * pixelsPerDay;
      if (x + width < fromX || x > toX) continue;
      const sundays: number[] = [];
      for (let d = 1; d <= daysInMonth(month); d += 1) {
        const date = new Date(month.getFullYear(), month.getMonth(), d);
        if (date.getDay() === 0) sundays.push(date.getDate());
      }
      header.push({ label: `${month.getFullYear()} ${MONTHS[month.getMonth()]}`, x, width, sundays });
    }
    return { rows, header };
  }

  private windowBars(firstRow: number, rowCount: number): NaiveRow[] {
    return this.rows.slice(firstRow, firstRow + rowCount).map(({ epic, level }, i) => ({
      id: epic.id,
      title: epic.title,
      level,
      ...this.monthBar(epic),
      y: (firstRow + i) * 50,
    }));
  }

  /** MonthsPresetMixin: find the start month, then add cell widths until the end month. */
  private monthBar(epic: NaiveEpic): { x: number; width: number } {
    const startIndex = this.months.findIndex(
      (month) =>
        month.getMonth() === epic.startDate.getMonth() &&
        month.getFullYear() === epic.startDate.getFullYear(),
    );
    const date = epic.startDate.getDate();
    const days = daysInMonth(epic.startDate);
    const x = startIndex * CELL + (date === 1 ? 0 : (Math.floor((date / days) * 100) * CELL) / 100);
    let width = 0;
    for (let i = startIndex; i < this.months.length; i += 1) {
      const month = this.months[i]!;
      const monthDays = daysInMonth(month);
      const endsHere =
        epic.endDate.getFullYear() === month.getFullYear() && epic.endDate.getMonth() === month.getMonth();
      if (i === startIndex && endsHere) {
        width += Math.min(CELL, ((epic.endDate.getDate() - date + 1) * CELL) / monthDays);
        break;
      }
      if (i === startIndex) width += ((date === 1 ? monthDays : monthDays - date) * CELL) / monthDays;
      else if (endsHere) {
        width += (epic.endDate.getDate() * CELL) / monthDays;
        break;
      } else width += CELL;
    }
    return { x, width };
  }
}

function formatEpic(raw: RawEpic, start: Date, end: Date): NaiveEpic {
  // Every field is set in one literal so all epic objects share one shape (a fair, monomorphic baseline).
  const originalStartDate = raw.startDate ? parseDate(raw.startDate) : undefined;
  const originalEndDate = raw.dueDate ? parseDate(raw.dueDate) : undefined;
  const startDateOutOfRange = originalStartDate ? originalStartDate.getTime() < start.getTime() : false;
  const endDateOutOfRange = originalEndDate ? originalEndDate.getTime() > end.getTime() : false;
  return {
    ...raw,
    parentId: raw.parent?.id ?? null,
    originalStartDate,
    originalEndDate,
    startDateUndefined: !originalStartDate,
    endDateUndefined: !originalEndDate,
    startDateOutOfRange,
    endDateOutOfRange,
    startDate: new Date(originalStartDate && !startDateOutOfRange ? originalStartDate : start),
    endDate: new Date(originalEndDate && !endDateOutOfRange ? originalEndDate : end),
    isChildEpic: false,
  };
}

/** GitLab's sortEpics: original dates, missing start −∞, missing end +∞. */
function sortEpics(epics: NaiveEpic[], sortedBy: string): void {
  const byStart = sortedBy.includes('start_date');
  const ascending = sortedBy.includes('asc');
  epics.sort((a, b) => {
    const aDate = byStart
      ? a.startDateUndefined
        ? Number.NEGATIVE_INFINITY
        : (a.originalStartDate ?? a.startDate).getTime()
      : a.endDateUndefined
        ? Number.POSITIVE_INFINITY
        : (a.originalEndDate ?? a.endDate).getTime();
    const bDate = byStart
      ? b.startDateUndefined
        ? Number.NEGATIVE_INFINITY
        : (b.originalStartDate ?? b.startDate).getTime()
      : b.endDateUndefined
        ? Number.POSITIVE_INFINITY
        : (b.originalEndDate ?? b.endDate).getTime();
    if (aDate < bDate) return ascending ? -1 : 1;
    if (aDate > bDate) return ascending ? 1 : -1;
    return 0;
  });
}
