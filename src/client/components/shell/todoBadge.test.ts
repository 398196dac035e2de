import { describe, expect, it } from 'vitest';
import { todoBadgeText } from './todoBadge.ts';

describe('the to-do badge', () => {
  it('shows the pending count, at most 99+, and nothing at 0', () => {
    expect(todoBadgeText(0)).toBeNull();
    expect(todoBadgeText(1)).toBe('1');
    expect(todoBadgeText(99)).toBe('99');
    expect(todoBadgeText(100)).toBe('99+');
  });
});
