import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import {
  filtersOf,
  parseVsaQuery,
  rangeProblem,
  serializeVsaQuery,
  tokensOf,
  withSort,
  withStage,
  withTokens,
} from './vsaQuery.ts';

const today = '2026-11-30' as CalendarDate;

describe('the page’s URL state', () => {
  it('defaults to the overview of the last 30 days, today included', () => {
    const query = parseVsaQuery('', today);
    expect(query).toMatchObject({
      valueStreamId: null,
      stageId: null,
      createdAfter: '2026-11-01',
      createdBefore: '2026-11-30',
      sort: 'end_event',
      direction: 'desc',
      page: 1,
    });
    expect(serializeVsaQuery(query)).toBe('created_after=2026-11-01&created_before=2026-11-30');
  });

  it('reads GitLab’s parameters back as it writes them', () => {
    const search =
      'value_stream_id=2&stage_id=7&created_after=2026-10-01&created_before=2026-10-31' +
      '&project_ids%5B%5D=3&label_name%5B%5D=bug&label_name%5B%5D=ux&milestone_title=v1' +
      '&author_username=root&assignee_username%5B%5D=ann&sort=duration&direction=asc&page=2';
    const query = parseVsaQuery(search, today);
    expect(query).toEqual({
      valueStreamId: 2,
      stageId: 7,
      createdAfter: '2026-10-01',
      createdBefore: '2026-10-31',
      projectIds: [3],
      labelNames: ['bug', 'ux'],
      milestoneTitle: 'v1',
      authorUsername: 'root',
      assigneeUsernames: ['ann'],
      sort: 'duration',
      direction: 'asc',
      page: 2,
    });
    expect(serializeVsaQuery(query)).toBe(search);
  });

  it('falls back to defaults for what it cannot read', () => {
    const query = parseVsaQuery('value_stream_id=x&created_after=2026-02-30&sort=title&page=-1', today);
    expect(query).toMatchObject({
      valueStreamId: null,
      createdAfter: '2026-11-01',
      sort: 'end_event',
      page: 1,
    });
  });

  it('sorts a column descending first, then ascending, from the first page', () => {
    const query = { ...parseVsaQuery('stage_id=7&page=3', today) };
    const byDuration = withSort(query, 'duration');
    expect(byDuration).toMatchObject({ sort: 'duration', direction: 'desc', page: 1 });
    expect(withSort(byDuration, 'duration')).toMatchObject({ sort: 'duration', direction: 'asc' });
    expect(withSort(withSort(byDuration, 'duration'), 'duration').direction).toBe('desc');
    expect(withStage(byDuration, null)).toMatchObject({ stageId: null, sort: 'end_event', page: 1 });
  });

  it('refuses reversed ranges and ranges over 180 days', () => {
    const range = (createdAfter: string, createdBefore: string) =>
      rangeProblem({
        createdAfter: createdAfter as CalendarDate,
        createdBefore: createdBefore as CalendarDate,
      });
    expect(range('2026-11-30', '2026-11-30')).toBeNull();
    expect(range('2026-06-04', '2026-11-30')).toBeNull();
    expect(range('2026-06-03', '2026-11-30')).toBe('The given date range is larger than 180 days');
    expect(range('2026-12-01', '2026-11-30')).toBe("Created before can't be before created after");
  });

  it('turns the filter bar’s tokens into filters and back, negations and free text left out', () => {
    const query = withTokens(parseVsaQuery('page=4', today), {
      tokens: [
        { type: 'label', operator: '=', value: 'bug' },
        { type: 'label', operator: '!=', value: 'ux' },
        { type: 'author', operator: '=', value: 'root' },
        { type: 'assignee', operator: '=', value: 'ann' },
        { type: 'assignee', operator: '=', value: 'bob' },
        { type: 'milestone', operator: '=', value: 'v1' },
      ],
      search: 'free text',
      or: { labelName: [], authorUsername: [] },
    });
    expect(filtersOf(query)).toMatchObject({
      labelNames: ['bug'],
      authorUsername: 'root',
      assigneeUsernames: ['ann', 'bob'],
      milestoneTitle: 'v1',
    });
    expect(query.page).toBe(1);
    expect(tokensOf(query).tokens.map((token) => `${token.type}:${token.value}`)).toEqual([
      'milestone:v1',
      'label:bug',
      'author:root',
      'assignee:ann',
      'assignee:bob',
    ]);
  });
});
