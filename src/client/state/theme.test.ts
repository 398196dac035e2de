import { describe, expect, it } from 'vitest';
import { otherTheme, parseStoredTheme, resolveTheme } from './theme.ts';

describe('theme', () => {
  it('uses the stored choice over the system preference', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
  it('falls back to the system preference when nothing is stored', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(null, false)).toBe('light');
  });
  it("follows the user's colour mode unless this browser chose, and the system for 'auto'", () => {
    expect(resolveTheme(null, false, 'dark')).toBe('dark');
    expect(resolveTheme(null, true, 'light')).toBe('light');
    expect(resolveTheme(null, true, 'auto')).toBe('dark');
    expect(resolveTheme('light', true, 'dark')).toBe('light');
  });
  it('ignores unknown stored values', () => {
    expect(parseStoredTheme('blue')).toBeNull();
    expect(parseStoredTheme(null)).toBeNull();
    expect(parseStoredTheme('dark')).toBe('dark');
  });
  it('toggles between the two themes', () => {
    expect(otherTheme('dark')).toBe('light');
    expect(otherTheme('light')).toBe('dark');
  });
});
