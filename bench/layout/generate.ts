/**
 * Deterministic roadmap data for the layout benchmark: the same seed gives the same epics, so runs
 * compare. Dates spread over 2016–2024 (about half fall in a three-year window), ~10 % without a
 * start, ~5 % without a due date, ~1 % reversed; ~25 % are children of an earlier epic.
 */
import type { RoadmapEpicInput } from '../../src/core/layout/roadmapEpic.ts';
import type { CalendarDate } from '../../src/core/time/calendarDate.ts';
import { addDays, asEpochDay, calendarDateToDay, dayToCalendarDate } from '../../src/core/time/epochDay.ts';

/** GitLab's GraphQL shape of a roadmap epic, as the naive implementation receives it. */
export interface RawEpic {
  readonly id: number;
  readonly iid: string;
  readonly title: string;
  readonly startDate: string | null;
  readonly dueDate: string | null;
  readonly hasParent: boolean;
  readonly parent: { readonly id: number } | null;
  readonly hasChildren: boolean;
  readonly group: { readonly id: number; readonly name: string };
  readonly descendantCounts: { readonly openedIssues: number; readonly closedIssues: number };
  readonly descendantWeightSum: { readonly openedIssues: number; readonly closedIssues: number };
  readonly color: string;
  readonly textColor: string;
}

/** mulberry32: a tiny seeded PRNG, good enough for benchmark data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'Roadmap',
  'performance',
  'billing',
  'search',
  'import',
  'export',
  'mobile',
  'API',
  'onboarding',
  'migration',
  'security',
  'audit',
  'reports',
  'dashboards',
  'pipelines',
  'runners',
  'notifications',
  'settings',
];
const VERBS = ['Improve', 'Rework', 'Launch', 'Harden', 'Simplify', 'Scale', 'Localise', 'Deprecate'];
const COLORS = ['#1068bf', '#217645', '#c91c00', '#9e5400', '#694cc0', '#0e4d4d', '#8f8f8f', '#4b4b4b'];
const FIRST_DAY = calendarDateToDay('2016-01-01' as CalendarDate);

export function generateRawEpics(count: number, seed = 42): RawEpic[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const epics: RawEpic[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = i + 1;
    const start = addDays(asEpochDay(FIRST_DAY), Math.floor(next() * 9 * 365));
    const duration = 7 + Math.floor(next() * 400);
    const reversed = next() < 0.01;
    const due = addDays(start, reversed ? -duration : duration);
    const parentId = i > 10 && next() < 0.25 ? 1 + Math.floor(next() * i) : null;
    const groupId = 1 + Math.floor(next() * 20);
    const opened = Math.floor(next() * 20);
    const closed = Math.floor(next() * 20);
    epics.push({
      id,
      iid: String(id),
      title: `${pick(VERBS)} ${pick(WORDS)} and ${pick(WORDS)} (epic ${id})`,
      startDate: next() < 0.1 ? null : dayToCalendarDate(start),
      dueDate: next() < 0.05 ? null : dayToCalendarDate(due),
      hasParent: parentId !== null,
      parent: parentId === null ? null : { id: parentId },
      hasChildren: next() < 0.2,
      group: { id: groupId, name: `Group ${groupId}` },
      descendantCounts: { openedIssues: opened, closedIssues: closed },
      descendantWeightSum: { openedIssues: opened * 3, closedIssues: closed * 2 },
      color: pick(COLORS),
      textColor: '#FFFFFF',
    });
  }
  return epics;
}

/** The mapper's output for the model: the same epics as RoadmapEpicInput. */
export function toEpicInputs(raw: readonly RawEpic[]): RoadmapEpicInput[] {
  return raw.map((epic) => ({
    id: epic.id,
    iid: epic.iid,
    title: epic.title,
    parentId: epic.parent?.id ?? null,
    groupId: epic.group.id,
    groupName: epic.group.name,
    startDate: epic.startDate as CalendarDate | null,
    dueDate: epic.dueDate as CalendarDate | null,
    descendantCounts: epic.descendantCounts,
    descendantWeightSum: epic.descendantWeightSum,
    color: epic.color,
    textColor: epic.textColor,
    hasChildren: epic.hasChildren,
  }));
}
