import { describe, expect, it } from 'vitest';
import { activityWebPath, commentExcerpt } from './userActivity.ts';

describe('commentExcerpt', () => {
  it('keeps the words of a comment and drops its markup', () => {
    expect(commentExcerpt('**Looks good**, see [the doc](https://x.test/a)\n\n- one\n- `two`')).toBe(
      'Looks good, see the doc one two',
    );
    expect(commentExcerpt('Before\n```ts\nconst x = 1;\n```\nafter')).toBe('Before after');
  });

  it('cuts a long comment short with an ellipsis', () => {
    const excerpt = commentExcerpt('word '.repeat(100));
    expect(excerpt.length).toBeLessThanOrEqual(140);
    expect(excerpt.endsWith('…')).toBe(true);
  });
});

describe('activityWebPath', () => {
  it('links an issue, an epic, and a comment at its note anchor', () => {
    expect(activityWebPath('issue', 'g/p', 12, null)).toBe('/g/p/-/issues/12');
    expect(activityWebPath('epic', 'g', 5, 9)).toBe('/groups/g/-/epics/5#note_9');
  });
});
