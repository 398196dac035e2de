import { describe, expect, it } from 'vitest';
import {
  replacingNeedsConfirmation,
  TEMPLATE_CONTENT_MAX_LENGTH,
  templateNameProblems,
  templateProblems,
} from './issueTemplates.ts';

describe('issue template rules', () => {
  it('takes names of 1 to 100 characters without a slash, a control character or a dot name', () => {
    expect(templateNameProblems('Bug')).toEqual([]);
    expect(templateNameProblems('Feature proposal – détaillé')).toEqual([]);
    expect(templateNameProblems('x'.repeat(100))).toEqual([]);
    expect(templateNameProblems('')).toEqual(["can't be blank"]);
    expect(templateNameProblems('x'.repeat(101))).toEqual(['is too long (maximum is 100 characters)']);
    expect(templateNameProblems('a/b')).toEqual(["can't contain '/'"]);
    expect(templateNameProblems('tab\there')).toEqual(["can't contain control characters"]);
    expect(templateNameProblems('..')).toEqual(['is reserved']);
  });

  it('holds the content to the description limit and names only the fields given', () => {
    expect(templateProblems({ content: '' })).toEqual({});
    expect(templateProblems({ content: 'x'.repeat(TEMPLATE_CONTENT_MAX_LENGTH + 1) })).toEqual({
      content: ['is too long (maximum is 1048576 characters)'],
    });
    expect(templateProblems({ name: '', content: 'ok' })).toEqual({ name: ["can't be blank"] });
    expect(templateProblems({})).toEqual({});
  });

  it('asks before replacing a description the user wrote, not an empty one or an untouched template', () => {
    expect(replacingNeedsConfirmation('', '')).toBe(false);
    expect(replacingNeedsConfirmation('   \n', '')).toBe(false);
    expect(replacingNeedsConfirmation('## Steps', '## Steps')).toBe(false);
    expect(replacingNeedsConfirmation('## Steps\nmine', '## Steps')).toBe(true);
    expect(replacingNeedsConfirmation('typed first', '')).toBe(true);
  });
});
