import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  descriptionDiffHtml,
  diffTexts,
  lineTokens,
  MAX_DIFF_TOKENS,
  myersDiff,
  wordTokens,
} from './descriptionDiff.ts';

const side = (ops: ReturnType<typeof diffTexts>, keep: 'delete' | 'insert') =>
  ops
    .filter((op) => op.kind === 'equal' || op.kind === keep)
    .map((op) => op.token)
    .join('');

describe('descriptionDiffHtml', () => {
  it('marks the words that changed, removed before added', () => {
    expect(descriptionDiffHtml('The quick fox', 'The slow fox')).toBe(
      'The <span class="idiff deletion">quick</span><span class="idiff addition">slow</span> fox',
    );
  });

  it('shows added and removed words alone', () => {
    expect(descriptionDiffHtml('a c', 'a b c')).toBe('a <span class="idiff addition">b </span>c');
    expect(descriptionDiffHtml('a b c', 'a c')).toBe('a <span class="idiff deletion">b </span>c');
  });

  it('escapes the text, inside and outside the marks', () => {
    expect(descriptionDiffHtml('<b>"x" & y', '<b>"x" & <i>')).toBe(
      '&lt;b&gt;&quot;x&quot; &amp; <span class="idiff deletion">y</span><span class="idiff addition">&lt;i&gt;</span>',
    );
  });

  it('answers the text itself when nothing changed, and handles empty sides', () => {
    expect(descriptionDiffHtml('same\ntext', 'same\ntext')).toBe('same\ntext');
    expect(descriptionDiffHtml('', 'new')).toBe('<span class="idiff addition">new</span>');
    expect(descriptionDiffHtml('old', '')).toBe('<span class="idiff deletion">old</span>');
    expect(descriptionDiffHtml('', '')).toBe('');
  });

  it('falls back to whole lines when the words differ too much', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' ');
    const after = Array.from({ length: 3000 }, (_, i) => `v${i}`).join(' ');
    const html = descriptionDiffHtml(`keep\n${before}\nend`, `keep\n${after}\nend`);
    expect(html.startsWith('keep\n<span class="idiff deletion">w0 ')).toBe(true);
    expect(html.endsWith('</span>end')).toBe(true);
  });

  it('stays cheap for a huge description', () => {
    const huge = 'word '.repeat(MAX_DIFF_TOKENS * 5);
    const started = Date.now();
    const ops = diffTexts(huge, `${huge.replace(/word/g, 'other')}x`);
    expect(side(ops, 'insert')).toBe(`${huge.replace(/word/g, 'other')}x`);
    // Timing is not asserted in tests; this only guards against a runaway loop.
    expect(Date.now() - started).toBeLessThan(60_000);
  });
});

describe('diffTexts', () => {
  it('rebuilds both texts from the edit script', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), (before, after) => {
        const ops = diffTexts(before, after);
        expect(side(ops, 'delete')).toBe(before);
        expect(side(ops, 'insert')).toBe(after);
      }),
    );
  });

  it('finds a shortest script over words', () => {
    const ops = myersDiff(['a', 'b', 'c', 'a', 'b', 'b', 'a'], ['c', 'b', 'a', 'b', 'a', 'c'], 100);
    expect(ops?.filter((op) => op.kind !== 'equal')).toHaveLength(5);
    expect(myersDiff(['a'], ['b'], 1)).toBeNull();
  });

  it('splits words, spaces and punctuation, and lines with their breaks', () => {
    expect(wordTokens('Hello,  wörld!\n')).toEqual(['Hello', ',', '  ', 'wörld', '!', '\n']);
    expect(lineTokens('a\nb\n\nc')).toEqual(['a\n', 'b\n', '\n', 'c']);
  });
});
