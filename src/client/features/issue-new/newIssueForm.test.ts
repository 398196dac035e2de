import { describe, expect, it } from 'vitest';
import { newIssueProblem, weightOf } from './newIssueForm.ts';

describe('the new issue form', () => {
  it('needs a title of at most 255 characters', () => {
    expect(newIssueProblem({ title: ' ', weight: '' })).toBe("Title can't be blank");
    expect(newIssueProblem({ title: 'x'.repeat(256), weight: '' })).toBe(
      'Title is too long (maximum is 255 characters)',
    );
    expect(newIssueProblem({ title: 'Checkout is down', weight: '' })).toBeNull();
  });

  it('reads the weight as a whole number of 0 or more, or none', () => {
    expect(weightOf('')).toBeNull();
    expect(weightOf(' 3 ')).toBe(3);
    expect(weightOf('0')).toBe(0);
    expect(weightOf('-1')).toBeNaN();
    expect(weightOf('1.5')).toBeNaN();
    expect(newIssueProblem({ title: 'Heavy', weight: 'lots' })).toBe(
      'Weight must be a whole number of 0 or more',
    );
  });
});
