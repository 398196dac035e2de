/** Epic inputs for tests and benchmarks: every field defaulted, dates as CalendarDate text. */
import type { CalendarDate } from '../time/calendarDate.ts';
import type { RoadmapEpicInput } from './roadmapEpic.ts';

export interface EpicFixture extends Omit<Partial<RoadmapEpicInput>, 'startDate' | 'dueDate'> {
  readonly id: number;
  readonly startDate?: string | null;
  readonly dueDate?: string | null;
}

export function makeEpic(fixture: EpicFixture): RoadmapEpicInput {
  const { id, startDate = null, dueDate = null, ...rest } = fixture;
  return {
    iid: String(id),
    title: `Epic ${id}`,
    parentId: null,
    groupId: 1,
    groupName: 'Acme',
    descendantCounts: { openedIssues: 1, closedIssues: 1 },
    descendantWeightSum: { openedIssues: 2, closedIssues: 6 },
    color: null,
    textColor: null,
    hasChildren: false,
    ...rest,
    id,
    startDate: startDate as CalendarDate | null,
    dueDate: dueDate as CalendarDate | null,
  };
}
