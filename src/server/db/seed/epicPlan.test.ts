import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { parseDay } from '../../../core/time/epochDay.ts';
import { buildTimeframe } from '../../../core/time/timeframe.ts';
import { planRoadmapEpics, threeYearsWindow } from './epicPlan.ts';
import { planOrganisation } from './organisation.ts';
import { Random } from './random.ts';

const TODAY = '2026-06-15';
const todayDay = parseDay(TODAY);
const org = planOrganisation(todayDay);
const plan = (count: number, seed = 5) => planRoadmapEpics(count, org, todayDay, new Random(seed));

describe('threeYearsWindow', () => {
  it('is the part of the three-year timeframe that every layout shows', () => {
    const [first, last] = threeYearsWindow(todayDay);
    expect(first).toBe(parseDay('2024-12-01'));
    for (const presetType of ['QUARTERS', 'MONTHS', 'WEEKS'] as const) {
      const frame = buildTimeframe({ rangeType: 'THREE_YEARS', presetType, today: TODAY as CalendarDate });
      expect(frame.startDay).toBeLessThanOrEqual(first);
      expect(frame.endDay).toBeGreaterThanOrEqual(last);
    }
    expect(last - first).toBeGreaterThan(3 * 365 - 31);
  });
});

describe('planRoadmapEpics', () => {
  const plans = plan(3000);

  it('makes every epic a public top-level epic with fixed dates', () => {
    expect(plans).toHaveLength(3000);
    for (const epic of plans) {
      expect(epic.parent).toBeNull();
      expect(epic.level).toBe(1);
      expect(epic.confidential).toBe(false);
      expect(epic.dates.startIsFixed && epic.dates.dueIsFixed).toBe(true);
      expect(epic.dates.startDay).toBe(epic.dates.startFixed);
      expect(epic.dates.dueDay).toBe(epic.dates.dueFixed);
      expect(epic.dates.startMilestone ?? epic.dates.dueMilestone).toBeNull();
    }
  });

  it('dates every epic so that it overlaps the three-year timeframe around today', () => {
    const [first, last] = threeYearsWindow(todayDay);
    for (const { dates } of plans) {
      expect(dates.startDay !== null || dates.dueDay !== null).toBe(true);
      expect(dates.startDay ?? first).toBeLessThanOrEqual(last);
      expect(dates.dueDay ?? last).toBeGreaterThanOrEqual(first);
      if (dates.startDay !== null && dates.dueDay !== null)
        expect(dates.dueDay).toBeGreaterThan(dates.startDay);
    }
  });

  it('varies the lengths and leaves some epics open-ended', () => {
    const [first, last] = threeYearsWindow(todayDay);
    const dated = plans.filter((epic) => epic.dates.startDay !== null && epic.dates.dueDay !== null);
    const lengths = dated.map(({ dates }) => dates.dueDay! - dates.startDay!);
    expect(Math.min(...lengths)).toBeLessThan(30);
    expect(Math.max(...lengths)).toBeGreaterThan(365);
    const share = (test: (epic: (typeof plans)[number]) => boolean) =>
      plans.filter(test).length / plans.length;
    expect(share((epic) => epic.dates.dueDay === null)).toBeGreaterThan(0.05);
    expect(share((epic) => epic.dates.startDay === null)).toBeGreaterThan(0.01);
    expect(share((epic) => (epic.dates.startDay ?? first) < first)).toBeGreaterThan(0.03);
    expect(share((epic) => (epic.dates.dueDay ?? 0) > last)).toBeGreaterThan(0.03);
    expect(share((epic) => epic.closed)).toBeGreaterThan(0.02);
  });

  it('numbers the epics in creation order, with iids and positions per group', () => {
    expect(plans.map((epic) => epic.id)).toEqual(plans.map((_, index) => index + 1));
    expect(plans.every((epic, index) => index === 0 || plans[index - 1]!.createdKey <= epic.createdKey)).toBe(
      true,
    );
    const groups = new Set(plans.map((epic) => epic.groupIndex));
    expect(groups.size).toBeGreaterThan(3);
    for (const group of groups) {
      const inGroup = plans.filter((epic) => epic.groupIndex === group);
      expect(inGroup.map((epic) => epic.iid)).toEqual(inGroup.map((_, index) => index + 1));
      expect(new Set(inGroup.map((epic) => epic.relativePosition)).size).toBe(inGroup.length);
    }
  });

  it('gives the same epics for the same seed', () => {
    const summary = (seed: number) =>
      plan(200, seed).map(({ groupIndex, dates, closed }) => [
        groupIndex,
        dates.startDay,
        dates.dueDay,
        closed,
      ]);
    expect(summary(9)).toEqual(summary(9));
    expect(summary(9)).not.toEqual(summary(10));
  });
});
