import { asEpochDay, dayToCalendarDate } from '../../../core/time/epochDay.ts';
import { buildTimeframe } from '../../../core/time/timeframe.ts';
import { HALF_SPAN_DAYS } from './calendar.ts';
import type { SeededMilestone, SeededMilestones } from './milestones.ts';
import type { Organisation } from './organisation.ts';
import { type Random, WeightedTable } from './random.ts';

/** GitLab's limits: seven levels of epics from the top one, a hundred child epics per epic. */
export const MAX_EPIC_LEVELS = 7;
export const MAX_CHILD_EPICS = 100;

/** Share of epics at each level (1 = top level). Six levels deep: room to show the limit at seven. */
const LEVEL_SHARES = [0.22, 0.26, 0.22, 0.15, 0.09, 0.06] as const;

/** Positions are spaced so that an item can later be moved between two others without renumbering. */
export const POSITION_GAP = 1024;

export interface EpicDates {
  readonly startDay: number | null;
  readonly dueDay: number | null;
  readonly startFixed: number | null;
  readonly dueFixed: number | null;
  readonly startIsFixed: boolean;
  readonly dueIsFixed: boolean;
  readonly startMilestone: SeededMilestone | null;
  readonly dueMilestone: SeededMilestone | null;
}

export interface EpicPlan {
  id: number;
  iid: number;
  readonly level: number;
  readonly parent: EpicPlan | null;
  readonly groupIndex: number;
  readonly confidential: boolean;
  readonly closed: boolean;
  readonly dates: EpicDates;
  readonly relativePosition: number;
  /** Where in [0, 1) of the creation period it was created; a child always after its parent. */
  readonly createdKey: number;
  childEpics: number;
  /** Next free position among its children: child epics and issues share one ordering, as in GitLab's tree. */
  childSlots: number;
}

/**
 * The shape of the epic forest, decided before any row is written: levels, parents, groups,
 * confidentiality and dates. Ids follow creation order, so a parent always has a smaller id than
 * its children (no cycles, and a parent is always written before its children).
 */
export function planEpics(
  count: number,
  org: Organisation,
  milestones: SeededMilestones,
  todayDay: number,
  random: Random,
): EpicPlan[] {
  const levelCounts = LEVEL_SHARES.map((share) => Math.floor(count * share));
  levelCounts[0] =
    (levelCounts[0] ?? 0) + count - levelCounts.reduce((sum, levelCount) => sum + levelCount, 0);
  const placeRoot = rootPlacement(org);
  const dating = new EpicDating(milestones, todayDay, random);
  const plans: EpicPlan[] = [];
  let previousLevel: EpicPlan[] = [];
  levelCounts.forEach((levelCount, levelIndex) => {
    const level = levelIndex + 1;
    const current: EpicPlan[] = [];
    for (let index = 0; index < levelCount; index++) {
      const parent = level === 1 ? null : pickParent(previousLevel, random);
      let groupIndex: number;
      let relativePosition: number;
      if (parent === null) {
        ({ groupIndex, relativePosition } = placeRoot(random));
      } else {
        const below =
          org.groups[parent.groupIndex]?.subtree.filter((other) => other !== parent.groupIndex) ?? [];
        groupIndex = below.length > 0 && random.chance(0.2) ? random.pick(below) : parent.groupIndex;
        relativePosition = POSITION_GAP * parent.childSlots++;
        parent.childEpics++;
      }
      const dates = dating.datesFor(groupIndex, parent?.dates ?? null);
      current.push({
        id: 0,
        iid: 0,
        level,
        parent,
        groupIndex,
        // GitLab refuses non-confidential children under a confidential epic. Top-level epics stay
        // public: one confidential top-level epic with a big tree would hide too much of the demo.
        confidential: parent !== null && (parent.confidential || random.chance(0.025)),
        closed: random.chance(closeChance(dates, todayDay)),
        dates,
        relativePosition,
        createdKey:
          parent === null ? random.next() : parent.createdKey + (1 - parent.createdKey) * random.next() * 0.3,
        childEpics: 0,
        childSlots: 0,
      });
    }
    for (const plan of current) plans.push(plan); // no spread: a level can hold 100,000s of epics
    previousLevel = current;
  });
  return numberInCreationOrder(plans, org);
}

/**
 * The epics of a roadmap benchmark (`--roadmap-flat`): every one top-level, public and with fixed
 * dates overlapping the THREE_YEARS timeframe around today, so that the group roadmap shows all
 * `count` of them. A week to two years long (some starting before the timeframe or ending after
 * it); about a tenth have no due date and a few no start date. Groups, positions, creation order
 * and closing follow planEpics.
 */
export function planRoadmapEpics(
  count: number,
  org: Organisation,
  todayDay: number,
  random: Random,
): EpicPlan[] {
  const [firstDay, lastDay] = threeYearsWindow(todayDay);
  const placeRoot = rootPlacement(org);
  const plans: EpicPlan[] = [];
  for (let index = 0; index < count; index++) {
    const { groupIndex, relativePosition } = placeRoot(random);
    const dates = roadmapDates(firstDay, lastDay, random);
    plans.push({
      id: 0,
      iid: 0,
      level: 1,
      parent: null,
      groupIndex,
      confidential: false,
      closed: random.chance(closeChance(dates, todayDay)),
      dates,
      relativePosition,
      createdKey: random.next(),
      childEpics: 0,
      childSlots: 0,
    });
  }
  return numberInCreationOrder(plans, org);
}

/** The first and last day that every THREE_YEARS timeframe around today shows, whatever its layout. */
export function threeYearsWindow(todayDay: number): [number, number] {
  const today = dayToCalendarDate(asEpochDay(todayDay));
  const frames = (['QUARTERS', 'MONTHS', 'WEEKS'] as const).map((presetType) =>
    buildTimeframe({ rangeType: 'THREE_YEARS', presetType, today }),
  );
  return [
    Math.max(...frames.map((frame) => frame.startDay)),
    Math.min(...frames.map((frame) => frame.endDay)),
  ];
}

/** A top-level epic's group (by the groups' epic shares) and its position among that group's. */
function rootPlacement(
  org: Organisation,
): (random: Random) => { groupIndex: number; relativePosition: number } {
  const rootGroups = new WeightedTable(org.groups.map((group) => [group.index, group.epicShare] as const));
  const rootSlotsByGroup = org.groups.map(() => 0);
  return (random) => {
    const groupIndex = rootGroups.pick(random);
    return { groupIndex, relativePosition: POSITION_GAP * rootSlotsByGroup[groupIndex]!++ };
  };
}

/** Epics that ended before today are closed more often. */
function closeChance(dates: EpicDates, todayDay: number): number {
  return dates.dueDay !== null && dates.dueDay < todayDay ? 0.3 : 0.04;
}

/** Sorts into creation order and numbers: ids in that order, iids per group. */
function numberInCreationOrder(plans: EpicPlan[], org: Organisation): EpicPlan[] {
  // On equal keys (rounding, deep chains) the shallower epic comes first.
  plans.sort((a, b) => a.createdKey - b.createdKey || a.level - b.level);
  const iidsByGroup = org.groups.map(() => 0);
  plans.forEach((plan, index) => {
    plan.id = index + 1;
    plan.iid = ++iidsByGroup[plan.groupIndex]!;
  });
  return plans;
}

/** Mostly uniform, but a few popular epics collect dozens of children (up to the limit). */
function pickParent(candidates: readonly EpicPlan[], random: Random): EpicPlan {
  const popular = Math.max(1, Math.floor(candidates.length / 100));
  for (let attempt = 0; attempt < 20; attempt++) {
    const index = random.chance(0.12)
      ? Math.floor(popular * random.next() ** 2)
      : random.int(0, candidates.length - 1);
    const candidate = candidates[index] as EpicPlan;
    if (candidate.childEpics < MAX_CHILD_EPICS) return candidate;
  }
  const start = random.int(0, candidates.length - 1);
  for (let offset = 0; offset < candidates.length; offset++) {
    const candidate = candidates[(start + offset) % candidates.length] as EpicPlan;
    if (candidate.childEpics < MAX_CHILD_EPICS) return candidate;
  }
  throw new Error('Every candidate parent epic is full');
}

type DateKind = 'fixed' | 'inherited' | 'fixedStartInheritedDue' | 'startOnly' | 'dueOnly' | 'undated';

const DATE_KINDS: readonly (readonly [DateKind, number])[] = [
  ['fixed', 69],
  ['inherited', 12],
  ['fixedStartInheritedDue', 3],
  ['startOnly', 4],
  ['dueOnly', 4],
  ['undated', 8],
];

const UNDATED: EpicDates = {
  startDay: null,
  dueDay: null,
  startFixed: null,
  dueFixed: null,
  startIsFixed: false,
  dueIsFixed: false,
  startMilestone: null,
  dueMilestone: null,
};

/** Dates that the epic's children do not change: a missing one stays missing. */
function fixedDates(startDay: number | null, dueDay: number | null): EpicDates {
  return {
    ...UNDATED,
    startDay,
    dueDay,
    startFixed: startDay,
    dueFixed: dueDay,
    startIsFixed: true,
    dueIsFixed: true,
  };
}

const ROADMAP_DATE_KINDS = new WeightedTable([
  ['fixed', 88],
  ['startOnly', 9],
  ['dueOnly', 3],
] as const);

/** Fixed dates overlapping [firstDay, lastDay]: a bar on the roadmap, open-ended for some. */
function roadmapDates(firstDay: number, lastDay: number, random: Random): EpicDates {
  const kind = ROADMAP_DATE_KINDS.pick(random);
  if (kind === 'startOnly') return fixedDates(random.int(firstDay, lastDay), null);
  if (kind === 'dueOnly') return fixedDates(null, random.int(firstDay, lastDay));
  const duration = random.logUniformInt(7, 730);
  const startDay = random.int(firstDay - duration, lastDay);
  return fixedDates(startDay, startDay + duration);
}

/**
 * Dates over the three years around today, from a week to a year long. The stored start/due are
 * always the effective ones: the fixed value when fixed, else the sourcing milestone's.
 */
class EpicDating {
  private readonly kinds = new WeightedTable(DATE_KINDS);
  private readonly firstDay: number;
  private readonly lastDay: number;

  constructor(
    private readonly milestones: SeededMilestones,
    todayDay: number,
    private readonly random: Random,
  ) {
    this.firstDay = todayDay - HALF_SPAN_DAYS;
    this.lastDay = todayDay + HALF_SPAN_DAYS;
  }

  datesFor(groupIndex: number, parentDates: EpicDates | null): EpicDates {
    const random = this.random;
    const kind = this.kinds.pick(random);
    // A missing date is "fixed to nothing": the epic stays (half-)undated whatever its children do.
    if (kind === 'undated') return fixedDates(null, null);
    if (kind === 'startOnly' || kind === 'dueOnly') {
      const day = random.int(this.firstDay, this.lastDay);
      return kind === 'startOnly' ? fixedDates(day, null) : fixedDates(null, day);
    }
    const visible = this.milestones.forGroup[groupIndex] ?? [];
    if (kind === 'fixed' || visible.length === 0) return fixedDates(...this.fixedSpan(parentDates));
    const [first, second] = [random.pick(visible), random.pick(visible)];
    const startMilestone = first.startDay <= second.startDay ? first : second;
    const dueMilestone = first.dueDay >= second.dueDay ? first : second;
    if (kind === 'fixedStartInheritedDue') {
      const startDay = Math.min(dueMilestone.dueDay, dueMilestone.startDay - random.int(7, 60));
      return {
        ...UNDATED,
        startDay,
        dueDay: dueMilestone.dueDay,
        startFixed: startDay,
        startIsFixed: true,
        dueMilestone,
      };
    }
    // Switching an epic to inherited keeps its old fixed dates in GitLab; some epics show that.
    const stale = random.chance(0.3);
    return {
      ...UNDATED,
      startDay: startMilestone.startDay,
      dueDay: dueMilestone.dueDay,
      startFixed: stale ? startMilestone.startDay - random.int(5, 40) : null,
      dueFixed: stale ? dueMilestone.dueDay + random.int(5, 40) : null,
      startMilestone,
      dueMilestone,
    };
  }

  /** Usually inside the parent's span, so that a roadmap's children sit under their parent. */
  private fixedSpan(parentDates: EpicDates | null): [number, number] {
    const random = this.random;
    let duration = random.logUniformInt(7, 365);
    const parentStart = parentDates?.startDay ?? null;
    const parentDue = parentDates?.dueDay ?? null;
    if (parentStart !== null && parentDue !== null && parentDue - parentStart >= 7 && random.chance(0.8)) {
      duration = Math.min(duration, parentDue - parentStart);
      const startDay = parentStart + random.int(0, parentDue - parentStart - duration);
      return [startDay, startDay + duration];
    }
    const startDay = random.int(this.firstDay, this.lastDay - duration);
    return [startDay, startDay + duration];
  }
}
