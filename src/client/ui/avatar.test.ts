import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTE_SIZE, avatarColorIndex, initials } from './avatar.ts';

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Dana Developer')).toBe('DD');
    expect(initials('  ada   king lovelace ')).toBe('AL');
  });
  it('uses one letter for a one-word name and a question mark for an empty one', () => {
    expect(initials('root')).toBe('R');
    expect(initials('')).toBe('?');
  });
});

describe('avatarColorIndex', () => {
  it('is stable and inside the palette', () => {
    expect(avatarColorIndex('developer')).toBe(avatarColorIndex('developer'));
    for (const key of ['a', 'owner', 'gid://gitlab/User/7']) {
      const index = avatarColorIndex(key);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(AVATAR_PALETTE_SIZE);
    }
  });
});
