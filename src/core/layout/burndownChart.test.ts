import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import { burndownChartLayout, niceStep } from './burndownChart.ts';

const day = (text: string) => text as CalendarDate;
const box = { width: 500, height: 240, left: 40, bottom: 30, top: 10, right: 10 };
const range = { startDate: day('2026-03-01'), dueDate: day('2026-03-11') };

describe('burndown chart layout', () => {
  it('spreads the days of the milestone over the plot, whatever days have data', () => {
    const layout = burndownChartLayout(
      range,
      [
        { date: day('2026-03-01'), value: 8 },
        { date: day('2026-03-06'), value: 4 },
      ],
      box,
    );
    expect(layout.plot).toEqual({ x: 40, y: 10, width: 450, height: 200 });
    expect(layout.points.map((point) => point.x)).toEqual([40, 265]);
    expect(layout.xTicks.map((tick) => tick.x)).toEqual([40, 490]);
  });

  it('puts 0 at the bottom and the round maximum at the top', () => {
    const layout = burndownChartLayout(range, [{ date: day('2026-03-01'), value: 7 }], box);
    expect(layout.yTicks.map((tick) => tick.value)).toEqual([0, 2, 4, 6, 8]);
    expect(layout.yTicks[0]?.y).toBe(210);
    expect(layout.yTicks.at(-1)?.y).toBe(10);
    expect(layout.points[0]?.y).toBeCloseTo(210 - (7 / 8) * 200);
  });

  it('draws the guideline from the first day down to zero on the due date', () => {
    const layout = burndownChartLayout(range, [{ date: day('2026-03-01'), value: 4 }], box);
    expect(layout.guideline).toEqual({ x1: 40, y1: 10, x2: 490, y2: 210 });
    expect(burndownChartLayout(range, [], box).guideline).toBeNull();
  });

  it('keeps a flat zero chart on a scale of one', () => {
    const layout = burndownChartLayout(range, [{ date: day('2026-03-01'), value: 0 }], box);
    expect(layout.yTicks.map((tick) => tick.value)).toEqual([0, 1]);
    expect(layout.points[0]?.y).toBe(210);
  });

  it('steps by 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(7, 4)).toBe(2);
    expect(niceStep(40, 4)).toBe(10);
    expect(niceStep(130, 4)).toBe(50);
    expect(niceStep(0, 4)).toBe(1);
    expect(niceStep(3, 4)).toBe(1);
  });
});
