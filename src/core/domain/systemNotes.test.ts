import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../time/calendarDate.ts';
import {
  assigneesChangedNote,
  confidentialityChangedNote,
  datesChangedNote,
  discussionLockNote,
  epicIssueMovedNote,
  epicIssueNote,
  epicRelationNote,
  healthStatusChangedNote,
  issueOnEpicNote,
  issueTypeChangedNote,
  labelsChangedNote,
  longDate,
  milestoneChangedNote,
  relatedNote,
  stateChangedNote,
  titleChangedNote,
  toSentence,
  unrelatedNote,
  weightChangedNote,
} from './systemNotes.ts';

const day = (value: string) => value as CalendarDate;

describe('system note texts', () => {
  it('words title, description and state changes as GitLab does', () => {
    expect(titleChangedNote('a', 'b')).toEqual({
      action: 'title',
      note: 'changed title from **a** to **b**',
    });
    expect(stateChangedNote('closed')).toEqual({ action: 'closed', note: 'closed' });
    expect(stateChangedNote('reopened')).toEqual({ action: 'reopened', note: 'reopened' });
  });

  it('puts label changes in one note with GitLab name references', () => {
    expect(labelsChangedNote([{ id: 1, title: 'bug' }], [])?.note).toBe('added ~"bug" label');
    expect(
      labelsChangedNote(
        [],
        [
          { id: 1, title: 'a b' },
          { id: 2, title: 'say "hi"' },
        ],
      ),
    ).toEqual({ action: 'label', note: 'removed ~"a b" ~2 labels' });
    expect(labelsChangedNote([{ id: 1, title: 'x' }], [{ id: 2, title: 'y' }])?.note).toBe(
      'added ~"x" and removed ~"y" labels',
    );
    expect(labelsChangedNote([], [])).toBeNull();
  });

  it('words milestone, assignee, weight and health changes', () => {
    expect(milestoneChangedNote({ iid: 3, title: 'v1.0' }).note).toBe('changed milestone to %"v1.0"');
    expect(milestoneChangedNote({ iid: 3, title: 'a"b' }).note).toBe('changed milestone to %3');
    expect(milestoneChangedNote(null)).toEqual({ action: 'milestone', note: 'removed milestone' });
    expect(assigneesChangedNote(['ada'], [])?.note).toBe('assigned to @ada');
    expect(assigneesChangedNote(['a', 'b', 'c'], ['d', 'e'])?.note).toBe(
      'assigned to @a, @b, and @c and unassigned @d and @e',
    );
    expect(assigneesChangedNote([], ['bob'])).toEqual({ action: 'assignee', note: 'unassigned @bob' });
    expect(assigneesChangedNote([], [])).toBeNull();
    expect(weightChangedNote(3).note).toBe('changed weight to **3**');
    expect(weightChangedNote(null).note).toBe('removed the weight');
    expect(healthStatusChangedNote(null, 'atRisk').note).toBe('changed health status to **at risk**');
    expect(healthStatusChangedNote('onTrack', null).note).toBe('removed health status **on track**');
    expect(issueTypeChangedNote('incident').note).toBe('changed type to **Incident**');
  });

  it('words date changes with Rails long dates, and none without a change', () => {
    expect(longDate(day('2026-12-31'))).toBe('December 31, 2026');
    expect(datesChangedNote({ dueDate: { from: null, to: day('2026-12-31') } })).toEqual({
      action: 'start_date_or_due_date',
      note: 'changed due date to December 31, 2026',
    });
    expect(
      datesChangedNote({
        startDate: { from: null, to: day('2026-03-01') },
        dueDate: { from: day('2026-12-31'), to: null },
      })?.note,
    ).toBe('changed start date to March 1, 2026 and removed due date December 31, 2026');
    expect(datesChangedNote({ dueDate: { from: day('2026-01-01'), to: day('2026-01-01') } })).toBeNull();
  });

  it('words confidentiality and locks for issues and epics', () => {
    expect(confidentialityChangedNote('issue', true)).toEqual({
      action: 'confidential',
      note: 'made the issue confidential',
    });
    expect(confidentialityChangedNote('epic', false)).toEqual({
      action: 'visible',
      note: 'made the epic visible to everyone',
    });
    expect(discussionLockNote('issue', true)).toEqual({
      action: 'locked',
      note: 'locked the discussion in this issue',
    });
  });

  it('words epic, child and relation changes on both sides', () => {
    expect(epicIssueNote('added', 'g/p#12')).toEqual({
      action: 'epic_issue_added',
      note: 'added issue g/p#12',
    });
    expect(epicIssueNote('removed', 'g/p#12').action).toBe('epic_issue_removed');
    expect(issueOnEpicNote('added', 'g&5')).toEqual({
      action: 'issue_added_to_epic',
      note: 'added to epic g&5',
    });
    expect(issueOnEpicNote('removed', 'g&5').note).toBe('removed from epic g&5');
    expect(epicIssueMovedNote('moved', 'g/p#1', 'to', '&6').note).toBe('moved issue g/p#1 to epic &6');
    expect(epicRelationNote('added', 'child', '&2')).toEqual({
      action: 'relate_epic',
      note: 'added epic &2 as child epic',
    });
    expect(epicRelationNote('removed', 'parent', '&1')).toEqual({
      action: 'unrelate_epic',
      note: 'removed parent epic &1',
    });
    expect(relatedNote('issue', 'relates_to', ['#5']).note).toBe('marked this issue as related to #5');
    expect(relatedNote('epic', 'blocks', ['&1', '&2', '&3']).note).toBe(
      'marked this epic as blocking &1, &2, and &3',
    );
    expect(relatedNote('issue', 'is_blocked_by', ['#5']).note).toBe('marked this issue as blocked by #5');
    expect(unrelatedNote('#5')).toEqual({ action: 'unrelate', note: 'removed the relation with #5' });
    expect(toSentence(['a', 'b'])).toBe('a and b');
  });
});
