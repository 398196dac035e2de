import { describe, expect, it } from 'vitest';
import { taskStatusText } from './taskStatus.ts';

describe('taskStatusText', () => {
  it('reads like GitLab, singular and plural', () => {
    expect(taskStatusText('- [x] a', { completed: 1, total: 1 })).toBe('1 of 1 checklist item completed');
    expect(taskStatusText('x', { completed: 1, total: 3 })).toBe('1 of 3 checklist items completed');
    expect(taskStatusText('plain text', { completed: 0, total: 0 })).toBe('0 of 0 checklist items completed');
  });

  it('is empty for a blank description', () => {
    expect(taskStatusText('', { completed: 0, total: 0 })).toBe('');
    expect(taskStatusText(' \n\t', { completed: 0, total: 0 })).toBe('');
  });
});
