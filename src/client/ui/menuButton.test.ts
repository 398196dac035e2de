import { describe, expect, it } from 'vitest';
import { menuIndexAfter } from './MenuButton.tsx';

describe('menuIndexAfter', () => {
  it('moves with the arrows, wrapping at both ends', () => {
    expect(menuIndexAfter(0, 'ArrowDown', 3)).toBe(1);
    expect(menuIndexAfter(2, 'ArrowDown', 3)).toBe(0);
    expect(menuIndexAfter(0, 'ArrowUp', 3)).toBe(2);
  });

  it('jumps with Home and End, and ignores other keys and empty menus', () => {
    expect(menuIndexAfter(1, 'Home', 3)).toBe(0);
    expect(menuIndexAfter(0, 'End', 3)).toBe(2);
    expect(menuIndexAfter(1, 'a', 3)).toBeNull();
    expect(menuIndexAfter(0, 'ArrowDown', 0)).toBeNull();
    // From no item (-1), the arrows land on the first or the last.
    expect(menuIndexAfter(-1, 'ArrowDown', 4)).toBe(0);
    expect(menuIndexAfter(-1, 'ArrowUp', 4)).toBe(3);
  });
});
