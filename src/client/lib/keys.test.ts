import { describe, expect, it } from 'vitest';
import { isTypingTarget, keyName } from './keys.ts';

const press = (
  key: string,
  modifiers: Partial<{ shift: boolean; ctrl: boolean; meta: boolean; alt: boolean }> = {},
) => ({
  key,
  shiftKey: Boolean(modifiers.shift),
  ctrlKey: Boolean(modifiers.ctrl),
  metaKey: Boolean(modifiers.meta),
  altKey: Boolean(modifiers.alt),
});

describe('keyName', () => {
  it('names plain letters and symbols by their character', () => {
    expect(keyName(press('s'))).toBe('s');
    expect(keyName(press('/'))).toBe('/');
    expect(keyName(press('f'))).toBe('f');
  });

  it('names shifted letters with shift, whatever the case of the key', () => {
    expect(keyName(press('G', { shift: true }))).toBe('shift+g');
  });

  it('does not add shift to symbols that need it to be typed', () => {
    expect(keyName(press('?', { shift: true }))).toBe('?');
  });

  it('names Escape esc and keeps other modifiers', () => {
    expect(keyName(press('Escape'))).toBe('esc');
    expect(keyName(press('k', { ctrl: true }))).toBe('ctrl+k');
    expect(keyName(press('p', { meta: true, shift: true }))).toBe('meta+shift+p');
  });

  it('ignores lone modifier keys', () => {
    expect(keyName(press('Shift', { shift: true }))).toBeNull();
    expect(keyName(press('Control', { ctrl: true }))).toBeNull();
  });
});

describe('isTypingTarget', () => {
  it('is false outside a DOM (and for non-elements)', () => {
    expect(isTypingTarget(null)).toBe(false);
  });
});
