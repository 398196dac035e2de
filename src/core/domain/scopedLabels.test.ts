import { describe, expect, it } from 'vitest';
import { splitScopedLabel } from './labels.ts';

describe('splitScopedLabel', () => {
  it('splits a scoped label into scope and value', () => {
    expect(splitScopedLabel('priority::high')).toEqual({ scope: 'priority', value: 'high' });
  });
  it('splits at the last separator for nested scopes', () => {
    expect(splitScopedLabel('workflow::dev::review')).toEqual({ scope: 'workflow::dev', value: 'review' });
  });
  it('returns null for plain labels and degenerate separators', () => {
    expect(splitScopedLabel('bug')).toBeNull();
    expect(splitScopedLabel('::x')).toBeNull();
    expect(splitScopedLabel('x::')).toBeNull();
    expect(splitScopedLabel('a:b')).toBeNull();
  });
});
