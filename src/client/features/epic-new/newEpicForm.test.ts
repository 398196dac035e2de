import { describe, expect, it } from 'vitest';
import { newEpicProblem } from './newEpicForm.ts';

describe('the new epic form', () => {
  it('needs a title of at most 255 characters', () => {
    expect(newEpicProblem({ title: '  ', startDate: '', dueDate: '' })).toBe("Title can't be blank");
    expect(newEpicProblem({ title: 'x'.repeat(256), startDate: '', dueDate: '' })).toBe(
      'Title is too long (maximum is 255 characters)',
    );
    expect(newEpicProblem({ title: 'Launch', startDate: '', dueDate: '' })).toBeNull();
  });

  it('wants the start strictly before the due date, and skips the rule when one is missing', () => {
    expect(newEpicProblem({ title: 'Launch', startDate: '2026-03-01', dueDate: '2026-03-01' })).toBe(
      'The start date must be before the due date',
    );
    expect(newEpicProblem({ title: 'Launch', startDate: '2026-03-01', dueDate: '2026-04-01' })).toBeNull();
    expect(newEpicProblem({ title: 'Launch', startDate: '2026-03-01', dueDate: '' })).toBeNull();
  });
});
