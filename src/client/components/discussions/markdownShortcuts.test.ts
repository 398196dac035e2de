import { describe, expect, it } from 'vitest';
import { applyMarkdownShortcut, quoteText, shortcutOfKey } from './markdownShortcuts.ts';

const keys = { ctrlKey: true, metaKey: false, shiftKey: false };

describe('comment editor shortcuts', () => {
  it('wraps the selection in bold, italic and strikethrough markers', () => {
    const edit = { value: 'make it loud', selectionStart: 8, selectionEnd: 12 };
    expect(applyMarkdownShortcut(edit, 'bold')).toEqual({
      value: 'make it **loud**',
      selectionStart: 10,
      selectionEnd: 14,
    });
    expect(applyMarkdownShortcut(edit, 'italic').value).toBe('make it _loud_');
    expect(applyMarkdownShortcut(edit, 'strikethrough').value).toBe('make it ~~loud~~');
  });

  it('turns the selection into a link and selects the url to type over', () => {
    const edit = { value: 'see docs', selectionStart: 4, selectionEnd: 8 };
    const linked = applyMarkdownShortcut(edit, 'link');
    expect(linked.value).toBe('see [docs](url)');
    expect(linked.value.slice(linked.selectionStart, linked.selectionEnd)).toBe('url');
  });

  it('maps the keys of the spec and nothing else', () => {
    expect(shortcutOfKey({ ...keys, key: 'b' })).toBe('bold');
    expect(shortcutOfKey({ ...keys, key: 'i' })).toBe('italic');
    expect(shortcutOfKey({ ...keys, key: 'X', shiftKey: true })).toBe('strikethrough');
    expect(shortcutOfKey({ ...keys, key: 'k' })).toBe('link');
    expect(shortcutOfKey({ ...keys, key: 'x' })).toBeNull();
    expect(shortcutOfKey({ ...keys, ctrlKey: false, key: 'b' })).toBeNull();
  });

  it('quotes a selection line by line', () => {
    expect(quoteText('one\ntwo\n')).toBe('> one\n> two\n\n');
  });
});
