import { describe, expect, it } from 'vitest';
import type { LabelView } from '../../../data/index.ts';
import {
  bulkUpdateOf,
  EMPTY_DRAFT,
  selectedOnPage,
  toggleAll,
  toggleLabelIn,
  toggleOne,
} from './bulkDraft.ts';

const label = (id: number, title: string): LabelView => ({
  id: `gid://gitlab/Label/${id}`,
  title,
  description: null,
  color: '#ff0000',
  textColor: '#ffffff',
});

describe('bulkUpdateOf', () => {
  it('sends nothing without issues or without a change', () => {
    expect(bulkUpdateOf([], { ...EMPTY_DRAFT, stateEvent: 'close' })).toBeNull();
    expect(bulkUpdateOf([1, 2], EMPTY_DRAFT)).toBeNull();
  });

  it('names labels by their database ids and leaves untouched fields out', () => {
    const update = bulkUpdateOf([4, 5], {
      ...EMPTY_DRAFT,
      addLabels: [label(7, 'bug')],
      removeLabels: [label(9, 'ux')],
    });
    expect(update).toEqual({
      issueIds: [4, 5],
      stateEvent: undefined,
      addLabelIds: [7],
      removeLabelIds: [9],
      milestoneId: undefined,
      assigneeIds: undefined,
    });
  });

  it('clears milestone and assignees with "No milestone" and "Unassigned"', () => {
    expect(bulkUpdateOf([1], { ...EMPTY_DRAFT, milestone: null, assignee: null })).toMatchObject({
      milestoneId: null,
      assigneeIds: [],
    });
    const chosen = bulkUpdateOf([1], {
      ...EMPTY_DRAFT,
      milestone: { id: 3, title: 'v1' },
      assignee: { id: 8, name: 'Rita', username: 'reporter' },
    });
    expect(chosen).toMatchObject({ milestoneId: 3, assigneeIds: [8] });
  });
});

describe('selection', () => {
  it('keeps only the selected issues of the page, in page order', () => {
    expect(selectedOnPage(new Set([9, 3, 42]), [3, 5, 9])).toEqual([3, 9]);
  });

  it('selects the whole page, and clears it when all were selected', () => {
    expect([...toggleAll(new Set([3]), [3, 5])]).toEqual([3, 5]);
    expect([...toggleAll(new Set([3, 5]), [3, 5])]).toEqual([]);
    expect([...toggleAll(new Set(), [])]).toEqual([]);
  });

  it('toggles one issue and one label', () => {
    expect([...toggleOne(new Set([1]), 2, true)]).toEqual([1, 2]);
    expect([...toggleOne(new Set([1, 2]), 1, false)]).toEqual([2]);
    const bug = label(1, 'bug');
    expect(toggleLabelIn([], bug, true)).toEqual([bug]);
    expect(toggleLabelIn([bug], bug, true)).toEqual([bug]);
    expect(toggleLabelIn([bug], bug, false)).toEqual([]);
  });
});
