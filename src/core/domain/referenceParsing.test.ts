import { describe, expect, it } from 'vitest';
import { addPendingReferences, parseReference, referenceList, splitReferences } from './referenceParsing.ts';

describe('parseReference', () => {
  it.each([
    ['&5', { kind: 'epic', path: null, iid: 5 }],
    ['acme&12', { kind: 'epic', path: 'acme', iid: 12 }],
    ['acme/platform/backend&7', { kind: 'epic', path: 'acme/platform/backend', iid: 7 }],
    ['  sandbox&3  ', { kind: 'epic', path: 'sandbox', iid: 3 }],
    ['http://localhost/groups/acme/product/-/epics/42', { kind: 'epic', path: 'acme/product', iid: 42 }],
    ['https://gitlab.example.com/groups/acme/-/epics/9/', { kind: 'epic', path: 'acme', iid: 9 }],
    ['https://gitlab.example.com/groups/acme/-/epics/9#note_1', { kind: 'epic', path: 'acme', iid: 9 }],
    ['/groups/acme/-/epics/8?foo=bar', { kind: 'epic', path: 'acme', iid: 8 }],
  ])('reads the epic reference %s', (text, expected) => {
    expect(parseReference(text, 'epic')).toEqual(expected);
  });

  it.each([
    ['#12', { kind: 'issue', path: null, iid: 12 }],
    ['handbook#3', { kind: 'issue', path: 'handbook', iid: 3 }],
    ['acme/platform/backend/api#101', { kind: 'issue', path: 'acme/platform/backend/api', iid: 101 }],
    ['http://localhost/sandbox/playground/-/issues/4', { kind: 'issue', path: 'sandbox/playground', iid: 4 }],
    [
      'https://host/acme/product/web/webapp/-/work_items/2',
      { kind: 'issue', path: 'acme/product/web/webapp', iid: 2 },
    ],
  ])('reads the issue reference %s', (text, expected) => {
    expect(parseReference(text, 'issue')).toEqual(expected);
  });

  it.each([
    ['', 'epic'],
    ['&', 'epic'],
    ['&0', 'epic'],
    ['&-1', 'epic'],
    ['&1.5', 'epic'],
    ['#5', 'epic'],
    ['&5', 'issue'],
    ['acme&', 'epic'],
    ['acme/&5', 'epic'],
    ['../etc&5', 'epic'],
    ['&1234567890123456', 'epic'],
    ['http://localhost/groups/acme/-/epics/abc', 'epic'],
    ['http://localhost/acme/-/issues/4', 'issue'],
    ['http://localhost/groups/acme/-/issues/4', 'epic'],
    ['javascript:alert(1)&5', 'epic'],
    ['//evil.example/groups/acme/-/epics/1', 'epic'],
    ['ftp://host/groups/acme/-/epics/1', 'epic'],
  ] as const)('refuses %j as a reference to an %s', (text, kind) => {
    expect(parseReference(text, kind)).toBeNull();
  });
});

describe('referenceList', () => {
  it('splits at whitespace, drops empty entries and ignores duplicates, keeping the first order', () => {
    expect(referenceList(['&1  &2\n&1', '', ' acme&3\t&2 '])).toEqual(['&1', '&2', 'acme&3']);
  });

  it('keeps at most the limit', () => {
    expect(referenceList(['&1 &2 &3 &4'], 2)).toEqual(['&1', '&2']);
  });
});

describe('splitReferences', () => {
  it('splits on spaces, tabs and newlines and drops the empty entries', () => {
    expect(splitReferences('  &1   #2\t\tgroup&3\n\nhttp://x/groups/a/-/epics/4 ')).toEqual([
      '&1',
      '#2',
      'group&3',
      'http://x/groups/a/-/epics/4',
    ]);
  });

  it('finds nothing in blank text', () => {
    expect(splitReferences('')).toEqual([]);
    expect(splitReferences(' \n\t ')).toEqual([]);
  });

  it('keeps duplicates for the caller to merge', () => {
    expect(splitReferences('&1 &1')).toEqual(['&1', '&1']);
  });
});

describe('addPendingReferences', () => {
  it('appends new references in their order', () => {
    expect(addPendingReferences(['&1'], ['&2', '&3'])).toEqual(['&1', '&2', '&3']);
  });

  it('ignores references already pending and repeats within the incoming list', () => {
    expect(addPendingReferences(['&1', '&2'], ['&2', '&3', '&3', '&1'])).toEqual(['&1', '&2', '&3']);
  });

  it('leaves the given list untouched', () => {
    const pending = ['&1'];
    addPendingReferences(pending, ['&2']);
    expect(pending).toEqual(['&1']);
  });
});

describe('merge request references', () => {
  it('reads short, full and URL forms', () => {
    expect(parseReference('!3', 'merge_request')).toEqual({ kind: 'merge_request', path: null, iid: 3 });
    expect(parseReference('acme/web!12', 'merge_request')).toEqual({
      kind: 'merge_request',
      path: 'acme/web',
      iid: 12,
    });
    expect(parseReference('https://host/acme/web/-/merge_requests/7', 'merge_request')).toEqual({
      kind: 'merge_request',
      path: 'acme/web',
      iid: 7,
    });
    expect(parseReference('#3', 'merge_request')).toBeNull();
  });
});
