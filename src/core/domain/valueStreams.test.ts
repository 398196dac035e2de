import { describe, expect, it } from 'vitest';
import {
  ALLOWED_END_EVENTS,
  continuousMedian,
  customStageErrors,
  DEFAULT_STAGES,
  STAGE_EVENTS,
  selectableStageEvents,
  stageIsRecorded,
  totalTime,
} from './valueStreams.ts';

describe('value stream stage events', () => {
  it('keeps GitLab’s enum values and subjects: issues below 100, merge requests from 100', () => {
    const values = new Map(STAGE_EVENTS.map((event) => [event.identifier, event.value]));
    expect(values.get('issue_created')).toBe(1);
    expect(values.get('merge_request_merged')).toBe(104);
    expect(values.get('merge_request_first_assigned_at')).toBe(110);
    expect(values.get('plan_stage_start')).toBe(1002);
    for (const event of STAGE_EVENTS.filter((item) => item.value < 1000))
      expect([event.identifier, event.subject]).toEqual([
        event.identifier,
        event.value < 100 ? 'Issue' : 'MergeRequest',
      ]);
  });

  it('offers custom stages only recorded, public events, and only end events of the same subject', () => {
    const selectable = selectableStageEvents();
    const identifiers = selectable.map((event) => event.identifier);
    expect(identifiers).not.toContain('issue_first_mentioned_in_commit');
    expect(identifiers).not.toContain('merge_request_last_build_started');
    expect(identifiers).not.toContain('issue_stage_end');
    for (const event of selectable) {
      for (const end of event.allowed_end_events) {
        expect(identifiers).toContain(end);
        expect(end.startsWith('merge_request')).toBe(event.identifier.startsWith('merge_request'));
        expect(ALLOWED_END_EVENTS[event.identifier]).toContain(end);
      }
    }
    expect(selectable.find((event) => event.identifier === 'merge_request_created')).toMatchObject({
      type: 'simple',
      can_be_start_event: true,
    });
  });

  it('says which default stages can have items here', () => {
    expect(DEFAULT_STAGES.map((stage) => [stage.name, stageIsRecorded(stage.start, stage.end)])).toEqual([
      ['Issue', true],
      ['Plan', false],
      ['Code', false],
      ['Test', false],
      ['Review', true],
      ['Staging', true],
    ]);
  });
});

describe('customStageErrors', () => {
  const stage = { name: 'Dev', custom: true, hidden: false };
  it('accepts an allowed pair with its labels', () => {
    expect(
      customStageErrors({
        ...stage,
        startEvent: 'issue_label_added',
        startLabelId: 3,
        endEvent: 'issue_closed',
      }),
    ).toEqual({});
  });
  it('names each problem as GitLab does', () => {
    expect(customStageErrors({ ...stage, name: ' ' })).toEqual({
      name: ["can't be blank"],
      start_event_identifier: ["can't be blank"],
      end_event_identifier: ["can't be blank"],
    });
    expect(
      customStageErrors({ ...stage, name: 'review', startEvent: 'issue_created', endEvent: 'issue_closed' }),
    ).toEqual({
      name: ['is reserved'],
    });
    expect(
      customStageErrors({ ...stage, startEvent: 'issue_closed', endEvent: 'merge_request_merged' }),
    ).toEqual({
      end_event: ['not allowed for the given start event'],
    });
    expect(
      customStageErrors({
        ...stage,
        startEvent: 'issue_first_mentioned_in_commit',
        endEvent: 'issue_closed',
      }),
    ).toEqual({ start_event_identifier: ['is not included in the list'] });
    expect(
      customStageErrors({ ...stage, startEvent: 'issue_created', endEvent: 'issue_label_removed' }),
    ).toEqual({ end_event_label_id: ["can't be blank"] });
  });
});

describe('durations', () => {
  it('splits a duration into days, hours and minutes, leaving zero parts out', () => {
    expect(totalTime(0)).toEqual({ mins: 0 });
    expect(totalTime(90 * 60_000)).toEqual({ hours: 1, mins: 30 });
    expect(totalTime(2 * 86_400_000 + 3 * 3_600_000)).toEqual({ days: 2, hours: 3 });
  });
  it('takes the median as percentile_cont does: the middle, or between the two middles', () => {
    expect(continuousMedian([])).toBeNull();
    expect(continuousMedian([5])).toBe(5);
    expect(continuousMedian([1, 2, 10])).toBe(2);
    expect(continuousMedian([1, 2, 4, 10])).toBe(3);
  });
});
