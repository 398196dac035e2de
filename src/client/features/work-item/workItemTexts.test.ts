import { describe, expect, it } from 'vitest';
import { workItemTypeTexts } from './workItemTexts.ts';

describe('workItemTypeTexts', () => {
  it('words a task as the spec does', () => {
    expect(workItemTypeTexts('Task')).toMatchObject({
      deleteConfirm: 'Are you sure you want to delete the task? This action cannot be reversed.',
      deleted: 'Task deleted',
      deleteFailed: 'Something went wrong when deleting the task. Please try again.',
    });
  });

  it('names an issue opened from the epic tree as an issue', () => {
    expect(workItemTypeTexts('Issue')).toMatchObject({
      delete: 'Delete issue',
      deleteConfirm: 'Are you sure you want to delete the issue? This action cannot be reversed.',
      deleted: 'Issue deleted',
    });
  });
});
