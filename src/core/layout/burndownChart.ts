/**
 * Geometry of a milestone's burndown chart, in SVG user units: the x axis runs over every day of the
 * milestone (start to due date), the y axis from 0 to a round maximum; each day with data is a
 * point. Numbers only: the component turns them into SVG attributes.
 */
import type { CalendarDate } from '../time/calendarDate.ts';
import { calendarDateToDay } from '../time/epochDay.ts';

export interface ChartBox {
  readonly width: number;
  readonly height: number;
  /** Room left of and below the plot for the axes' labels; above and right for the last labels. */
  readonly left: number;
  readonly bottom: number;
  readonly top: number;
  readonly right: number;
}

export interface ChartPoint {
  readonly x: number;
  readonly y: number;
  readonly date: CalendarDate;
  readonly value: number;
}

export interface BurndownChartLayout {
  readonly points: readonly ChartPoint[];
  /** Horizontal grid lines with their values, bottom (0) first. */
  readonly yTicks: readonly { readonly y: number; readonly value: number }[];
  /** The start and due dates under the axis. */
  readonly xTicks: readonly { readonly x: number; readonly date: CalendarDate }[];
  /** GitLab's guideline: from the first day's value down to 0 on the due date. */
  readonly guideline: {
    readonly x1: number;
    readonly y1: number;
    readonly x2: number;
    readonly y2: number;
  } | null;
  /** The plot area. */
  readonly plot: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

/** The smallest of 1, 2, 5 × 10ⁿ steps that covers `max` in at most `ticks` steps. */
export function niceStep(max: number, ticks: number): number {
  if (max <= 0) return 1;
  const raw = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) {
    if (factor * magnitude >= raw) return Math.max(1, factor * magnitude);
  }
  return Math.max(1, 10 * magnitude);
}

export function burndownChartLayout(
  range: { readonly startDate: CalendarDate; readonly dueDate: CalendarDate },
  values: readonly { readonly date: CalendarDate; readonly value: number }[],
  box: ChartBox,
): BurndownChartLayout {
  const plot = {
    x: box.left,
    y: box.top,
    width: Math.max(1, box.width - box.left - box.right),
    height: Math.max(1, box.height - box.top - box.bottom),
  };
  const first = calendarDateToDay(range.startDate);
  const span = Math.max(1, calendarDateToDay(range.dueDate) - first);
  const max = Math.max(0, ...values.map((point) => point.value));
  const step = niceStep(max, 4);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const xOf = (date: CalendarDate) => plot.x + ((calendarDateToDay(date) - first) / span) * plot.width;
  const yOf = (value: number) => plot.y + plot.height - (value / top) * plot.height;
  const points = values.map((point) => ({ x: xOf(point.date), y: yOf(point.value), ...point }));
  const yTicks = [];
  for (let value = 0; value <= top; value += step) yTicks.push({ y: yOf(value), value });
  const start = points[0];
  return {
    points,
    yTicks,
    xTicks: [
      { x: xOf(range.startDate), date: range.startDate },
      { x: xOf(range.dueDate), date: range.dueDate },
    ],
    guideline: start ? { x1: start.x, y1: start.y, x2: xOf(range.dueDate), y2: yOf(0) } : null,
    plot,
  };
}
