import { describe, expect, it } from 'vitest';
import type { StageEvent, ValueStream } from '../../data/index.ts';
import {
  addStage,
  draftErrors,
  draftInput,
  draftOf,
  endEvents,
  moveStage,
  newDraft,
  removeStage,
  serverErrors,
  startEvents,
  toggleHidden,
  updateStage,
  withName,
} from './valueStreamForm.ts';

const EVENTS: StageEvent[] = [
  {
    identifier: 'issue_created',
    name: 'Issue created',
    labelBased: false,
    canBeStartEvent: true,
    allowedEndEvents: ['issue_closed', 'issue_label_added'],
  },
  {
    identifier: 'issue_closed',
    name: 'Issue closed',
    labelBased: false,
    canBeStartEvent: true,
    allowedEndEvents: [],
  },
  {
    identifier: 'issue_label_added',
    name: 'Issue label was added',
    labelBased: true,
    canBeStartEvent: true,
    allowedEndEvents: ['issue_closed'],
  },
  {
    identifier: 'merge_request_merged',
    name: 'Merge request merged',
    labelBased: false,
    canBeStartEvent: false,
    allowedEndEvents: [],
  },
];

const stage = (id: number, title: string, custom = false) => ({
  id,
  title,
  name: title,
  hidden: false,
  custom,
  legend: '',
  description: '',
  startEventIdentifier: 'issue_created',
  endEventIdentifier: 'issue_closed',
  startEventLabelId: null,
  endEventLabelId: null,
  startEventLabel: null,
  endEventLabel: null,
  recorded: true,
});

const DEFAULT: ValueStream = {
  id: 1,
  name: 'Default',
  isCustom: false,
  stages: [stage(10, 'Issue'), stage(11, 'Review')],
};

describe('the value stream form', () => {
  it('starts a new stream from the default template, its stages new and shown', () => {
    const draft = newDraft({
      ...DEFAULT,
      stages: [{ ...stage(10, 'Issue'), hidden: true }, stage(12, 'Mine', true)],
    });
    expect(draft.stages).toEqual([
      expect.objectContaining({ key: 'default-10', name: 'Issue', custom: false, hidden: false }),
    ]);
    expect(draft.stages[0]).not.toHaveProperty('id');
    expect(newDraft(null).stages).toEqual([expect.objectContaining({ custom: true, name: '' })]);
  });

  it('hides, moves, adds and removes stages', () => {
    let draft = draftOf(DEFAULT);
    draft = toggleHidden(draft, 0);
    expect(draft.stages[0]?.hidden).toBe(true);
    draft = moveStage(draft, 0, 1);
    expect(draft.stages.map((one) => one.name)).toEqual(['Review', 'Issue']);
    expect(moveStage(draft, 0, -1)).toBe(draft);
    expect(moveStage(draft, 1, 1)).toBe(draft);
    draft = addStage(draft);
    expect(draft.stages).toHaveLength(3);
    expect(draft.stages[2]).toMatchObject({ custom: true, key: 'new-1' });
    draft = removeStage(draft, 0);
    expect(draft.stages.map((one) => one.key)).toEqual(['stage-10', 'new-1']);
  });

  it('offers start events that can start, and only the end events the start allows', () => {
    expect(startEvents(EVENTS).map((event) => event.identifier)).not.toContain('merge_request_merged');
    expect(endEvents(EVENTS, 'issue_created').map((event) => event.identifier)).toEqual([
      'issue_closed',
      'issue_label_added',
    ]);
    expect(endEvents(EVENTS, '')).toEqual([]);
  });

  it('clears an end event the new start does not allow, and labels of events that take none', () => {
    let draft = addStage(withName(newDraft(null), 'Team'));
    draft = updateStage(
      draft,
      1,
      { startEventIdentifier: 'issue_label_added', startEventLabelId: 4 },
      EVENTS,
    );
    draft = updateStage(draft, 1, { endEventIdentifier: 'issue_closed' }, EVENTS);
    expect(draft.stages[1]).toMatchObject({ endEventIdentifier: 'issue_closed', startEventLabelId: 4 });
    draft = updateStage(draft, 1, { startEventIdentifier: 'issue_closed' }, EVENTS);
    expect(draft.stages[1]).toMatchObject({ endEventIdentifier: '', startEventLabelId: null });
  });

  it('checks names, events and labels in GitLab’s words', () => {
    let draft = addStage(newDraft(null));
    draft = updateStage(draft, 0, { name: 'Triage', startEventIdentifier: 'issue_label_added' }, EVENTS);
    draft = updateStage(draft, 1, { name: 'triage ' }, EVENTS);
    expect(draftErrors(draft, EVENTS)).toEqual({
      name: ["Name can't be blank"],
      stages: {
        0: {
          end_event_identifier: ['Please select an end event'],
          start_event_label_id: ['Please select a label'],
        },
        1: {
          name: ['Stage name already exists'],
          start_event_identifier: ['Please select a start event first'],
          end_event_identifier: ['Please select an end event'],
        },
      },
    });
  });

  it('shows the server’s pair error at the end event', () => {
    expect(
      serverErrors({
        message: 'Invalid parameters',
        name: [],
        stages: { 2: { end_event: ['not allowed for the given start event'], name: ['is reserved'] } },
      }),
    ).toEqual({
      name: [],
      stages: {
        2: { name: ['is reserved'], end_event_identifier: ['not allowed for the given start event'] },
      },
    });
  });

  it('sends a stage the stream has by its id, and a custom one by its events and labels', () => {
    let draft = addStage(withName(draftOf(DEFAULT), ' Team '));
    draft = updateStage(
      draft,
      2,
      { name: 'Triage', startEventIdentifier: 'issue_label_added', startEventLabelId: 4 },
      EVENTS,
    );
    draft = updateStage(draft, 2, { endEventIdentifier: 'issue_closed' }, EVENTS);
    expect(draftInput(toggleHidden(draft, 1))).toEqual({
      name: 'Team',
      stages: [
        { id: 10, name: 'Issue', custom: false, hidden: false },
        { id: 11, name: 'Review', custom: false, hidden: true },
        {
          name: 'Triage',
          custom: true,
          hidden: false,
          startEventIdentifier: 'issue_label_added',
          endEventIdentifier: 'issue_closed',
          startEventLabelId: 4,
        },
      ],
    });
  });
});
