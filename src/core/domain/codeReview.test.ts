import { describe, expect, it } from 'vitest';
import { labelFilterOf, milestoneFilterOf, reviewStartOf, reviewTimeHours } from './codeReview.ts';

const at = (text: string) => new Date(text);

describe('code review time', () => {
  it('starts review at the earliest review activity, none before any', () => {
    expect(reviewStartOf([])).toBeNull();
    expect(reviewStartOf([null, null])).toBeNull();
    expect(reviewStartOf([at('2026-01-02T00:00Z'), null, at('2026-01-01T10:00Z')])).toEqual(
      at('2026-01-01T10:00Z'),
    );
  });

  it('counts whole hours until now while open, or until the merge', () => {
    const start = at('2026-01-01T00:00:00Z');
    expect(reviewTimeHours(start, null, at('2026-01-02T05:59:59Z'))).toBe(29);
    expect(reviewTimeHours(start, at('2026-01-01T03:00:00Z'), at('2026-02-01T00:00:00Z'))).toBe(3);
    expect(reviewTimeHours(null, null, at('2026-02-01T00:00:00Z'))).toBeNull();
  });
});

describe('code review filters', () => {
  it('reads None and Any in any case, and titles otherwise', () => {
    expect(labelFilterOf(['NONE'])).toEqual({ kind: 'none' });
    expect(labelFilterOf(['bug', 'any'])).toEqual({ kind: 'any' });
    expect(labelFilterOf(['bug', 'Nonexistent'])).toEqual({ kind: 'titles', titles: ['bug', 'Nonexistent'] });
    expect(milestoneFilterOf('None')).toEqual({ kind: 'none' });
    expect(milestoneFilterOf('any')).toEqual({ kind: 'any' });
    expect(milestoneFilterOf('v1.0')).toEqual({ kind: 'title', title: 'v1.0' });
  });
});
