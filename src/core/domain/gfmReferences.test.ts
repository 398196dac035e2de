import { describe, expect, it } from 'vitest';
import { type GfmReference, referenceKey, scanReferences } from './gfmReferences.ts';

/** Each reference found, as written, and what it names. */
function scan(text: string): [string, GfmReference][] {
  return scanReferences(text).map((match) => [text.slice(match.start, match.end), match.reference]);
}

describe('scanReferences', () => {
  it('finds issues and epics, with or without a path', () => {
    expect(scan('See #12, acme/web#3 and &5 or acme/platform&7.')).toEqual([
      ['#12', { kind: 'issue', path: null, iid: 12 }],
      ['acme/web#3', { kind: 'issue', path: 'acme/web', iid: 3 }],
      ['&5', { kind: 'epic', path: null, iid: 5 }],
      ['acme/platform&7', { kind: 'epic', path: 'acme/platform', iid: 7 }],
    ]);
  });

  it('finds merge requests, not exclamations', () => {
    expect(scan('Fixed in !12 and acme/web!3. Great!!4 (!5)')).toEqual([
      ['!12', { kind: 'merge_request', path: null, iid: 12 }],
      ['acme/web!3', { kind: 'merge_request', path: 'acme/web', iid: 3 }],
      ['!5', { kind: 'merge_request', path: null, iid: 5 }],
    ]);
  });

  it('stops at punctuation around a reference', () => {
    expect(scan('(#12) #13. #14, "#15" [#16]').map(([text]) => text)).toEqual([
      '#12',
      '#13',
      '#14',
      '#15',
      '#16',
    ]);
  });

  it('needs the number to end the reference and a boundary before it', () => {
    expect(scan('#12a #0 abc/#4 x.#5 ##6 ref#')).toEqual([]);
    expect(scan('web#4')).toEqual([['web#4', { kind: 'issue', path: 'web', iid: 4 }]]);
  });

  it('finds labels by word, by quoted title and by id', () => {
    expect(scan('~bug, ~"needs review" ~priority::high ~12 and ~v1.0.')).toEqual([
      ['~bug', { kind: 'label', title: 'bug' }],
      ['~"needs review"', { kind: 'label', title: 'needs review' }],
      ['~priority::high', { kind: 'label', title: 'priority::high' }],
      ['~12', { kind: 'label', id: 12 }],
      ['~v1.0', { kind: 'label', title: 'v1.0' }],
    ]);
  });

  it('finds milestones by word, quoted title and iid, but not a percentage', () => {
    expect(scan('%v1.0 %"Release two" %3 50% done, 100 %')).toEqual([
      ['%v1.0', { kind: 'milestone', title: 'v1.0' }],
      ['%"Release two"', { kind: 'milestone', title: 'Release two' }],
      ['%3', { kind: 'milestone', iid: 3 }],
    ]);
  });

  it('finds mentions of users and groups, not email addresses', () => {
    expect(scan('@ada, @acme/platform and mail ada@example.com or @grace.')).toEqual([
      ['@ada', { kind: 'user', username: 'ada' }],
      ['@acme/platform', { kind: 'user', username: 'acme/platform' }],
      ['@grace', { kind: 'user', username: 'grace' }],
    ]);
  });

  it('gives offsets into the text', () => {
    expect(scanReferences('a ~bug b')).toEqual([
      { start: 2, end: 6, reference: { kind: 'label', title: 'bug' } },
    ]);
  });
});

describe('referenceKey', () => {
  it('compares paths and usernames case-insensitively and titles exactly', () => {
    expect(referenceKey({ kind: 'issue', path: 'Acme/Web', iid: 1 })).toBe(
      referenceKey({ kind: 'issue', path: 'acme/web', iid: 1 }),
    );
    expect(referenceKey({ kind: 'user', username: 'Ada' })).toBe(
      referenceKey({ kind: 'user', username: 'ada' }),
    );
    expect(referenceKey({ kind: 'label', title: 'Bug' })).not.toBe(
      referenceKey({ kind: 'label', title: 'bug' }),
    );
    expect(referenceKey({ kind: 'label', id: 3 })).not.toBe(referenceKey({ kind: 'milestone', iid: 3 }));
  });
});
