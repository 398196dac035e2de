import { describe, expect, it } from 'vitest';
import type { CalendarDate, RoadmapEpic } from '../../data/index.ts';
import { datedEpics } from './roadmapRows.ts';

const epic = (id: string, startDate: string | null, dueDate: string | null): RoadmapEpic => ({
  id,
  iid: id,
  title: `Epic ${id}`,
  state: 'opened',
  startDate: startDate as CalendarDate | null,
  dueDate: dueDate as CalendarDate | null,
  webPath: `/groups/acme/-/epics/${id}`,
  groupName: 'Acme',
  groupFullPath: 'acme',
});

describe('datedEpics', () => {
  it('keeps epics with a start or a due date, in order, and drops undated ones', () => {
    const epics = [
      epic('1', '2024-01-01', null),
      epic('2', null, null),
      epic('3', null, '2024-02-01'),
      epic('4', '2024-01-01', '2024-03-01'),
    ];
    expect(datedEpics(epics).map((e) => e.id)).toEqual(['1', '3', '4']);
  });
});
