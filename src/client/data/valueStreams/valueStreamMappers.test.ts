import { describe, expect, it } from 'vitest';
import type { CalendarDate } from './../dates.ts';
import {
  toDurationChart,
  toMedian,
  toStageRecords,
  toStagesAndEvents,
  toSummaryMetrics,
  toTasksByType,
  toValueStreamErrors,
  toValueStreams,
} from './valueStreamMappers.ts';
import { filterParams, valueStreamBody } from './valueStreamRest.ts';

const label = { id: 4, title: 'bug', color: '#dd2b0e', text_color: '#ffffff', description: null };

describe('value stream answers', () => {
  it('reads value streams with their stages, dropping entries without an id', () => {
    const [stream, ...rest] = toValueStreams([
      {
        id: 1,
        name: 'Default',
        is_custom: false,
        stages: [
          {
            id: 10,
            title: 'Issue',
            name: 'Issue',
            hidden: false,
            custom: false,
            legend: '',
            description: 'Time before an issue gets scheduled',
            start_event_identifier: 'issue_created',
            end_event_identifier: 'issue_stage_end',
            start_event_label: null,
            end_event_label: null,
            recorded: true,
          },
          { id: 11, title: 'Plan', hidden: true, recorded: false },
          { title: 'No id' },
        ],
      },
      { name: 'broken' },
    ]);
    expect(rest).toEqual([]);
    expect(stream).toMatchObject({ id: 1, name: 'Default', isCustom: false });
    expect(stream?.stages.map((stage) => [stage.id, stage.title, stage.hidden, stage.recorded])).toEqual([
      [10, 'Issue', false, true],
      [11, 'Plan', true, false],
    ]);
  });

  it('reads the events a stage may use, with their allowed end events', () => {
    const { events } = toStagesAndEvents({
      stages: [],
      events: [
        {
          name: 'Issue label was added',
          identifier: 'issue_label_added',
          type: 'label_based',
          can_be_start_event: true,
          allowed_end_events: ['issue_closed', 7],
        },
      ],
    });
    expect(events).toEqual([
      {
        identifier: 'issue_label_added',
        name: 'Issue label was added',
        labelBased: true,
        canBeStartEvent: true,
        allowedEndEvents: ['issue_closed'],
      },
    ]);
  });

  it('reads medians, durations, records and metrics', () => {
    expect(toMedian({ value: 172800 })).toBe(172800);
    expect(toMedian({ value: null })).toBeNull();
    expect(
      toDurationChart([{ date: '2026-11-02', average_duration_in_seconds: 86400.5 }, { date: 'x' }]),
    ).toEqual([{ date: '2026-11-02', seconds: 86400.5 }]);
    const [record] = toStageRecords([
      {
        id: 3,
        iid: 3,
        title: 'Add login',
        url: '/acme/api/-/merge_requests/3',
        state: 'merged',
        reference: 'acme/api!3',
        author: { id: 1, name: 'Root', username: 'root', avatar_url: null, web_url: '/root' },
        start_event_timestamp: '2026-11-01T10:00:00Z',
        end_event_timestamp: '2026-11-03T10:00:00Z',
        duration_in_milliseconds: 172800000,
        total_time: { days: 2, hours: 0 },
      },
    ]);
    expect(record).toMatchObject({ kind: 'merge_request', totalTime: { days: 2 }, durationMs: 172800000 });
    expect(toSummaryMetrics([{ identifier: 'issues', title: 'New issues', value: 12 }])).toEqual([
      { identifier: 'issues', title: 'New issues', value: '12', unit: null, description: null },
    ]);
  });

  it('reads tasks by type as dated counts per label', () => {
    expect(
      toTasksByType([
        {
          label,
          series: [
            ['2026-11-01', 3],
            ['bad', 1],
          ],
        },
      ]),
    ).toEqual([
      {
        label: { id: 4, title: 'bug', color: '#dd2b0e', textColor: '#ffffff', description: null },
        points: [{ date: '2026-11-01', value: 3 }],
      },
    ]);
  });

  it('reads a 422 into messages by field and by stage', () => {
    expect(
      toValueStreamErrors(
        {
          message: 'Invalid parameters',
          payload: {
            errors: { name: ["can't be blank"], stages: { '1': { name: ['has already been taken'] } } },
          },
        },
        'fallback',
      ),
    ).toEqual({
      message: 'Invalid parameters',
      name: ["can't be blank"],
      stages: { 1: { name: ['has already been taken'] } },
    });
    expect(toValueStreamErrors(null, 'fallback')).toEqual({ message: 'fallback', name: [], stages: {} });
  });
});

describe('value stream requests', () => {
  it('write the filters as GitLab’s parameters', () => {
    const params = filterParams({
      createdAfter: '2026-11-01' as CalendarDate,
      createdBefore: '2026-11-30' as CalendarDate,
      projectIds: [3, 4],
      labelNames: ['bug'],
      milestoneTitle: 'v1',
      authorUsername: 'root',
      assigneeUsernames: ['ann'],
    });
    expect(params.toString()).toBe(
      'created_after=2026-11-01&created_before=2026-11-30&project_ids%5B%5D=3&project_ids%5B%5D=4' +
        '&label_name%5B%5D=bug&milestone_title=v1&author_username=root&assignee_username%5B%5D=ann',
    );
  });

  it('send a default stage by its id and visibility, a custom one with its events', () => {
    expect(
      valueStreamBody({
        name: 'Team',
        stages: [
          { id: 10, name: 'Issue', custom: false, hidden: true },
          {
            name: 'Triage',
            custom: true,
            hidden: false,
            startEventIdentifier: 'issue_label_added',
            endEventIdentifier: 'issue_closed',
            startEventLabelId: 4,
          },
        ],
      }),
    ).toEqual({
      name: 'Team',
      stages: [
        { id: 10, name: 'Issue', custom: false, hidden: true },
        {
          name: 'Triage',
          custom: true,
          hidden: false,
          start_event_identifier: 'issue_label_added',
          end_event_identifier: 'issue_closed',
          start_event_label_id: 4,
        },
      ],
    });
  });
});
