import { describe, expect, it } from 'vitest';
import {
  canSubmitReferences,
  EMPTY_REFERENCE_FORM,
  moveHighlight,
  type ReferenceFormAction,
  type ReferenceFormState,
  referenceFormReducer,
  referencesToSubmit,
  splitAtCaret,
  suggestionQuery,
} from './referenceInput.ts';

const run = (actions: ReferenceFormAction[], from: ReferenceFormState = EMPTY_REFERENCE_FORM) =>
  actions.reduce(referenceFormReducer, from);

const typed = (value: string, caret = value.length): ReferenceFormAction => ({ type: 'typed', value, caret });

describe('splitAtCaret', () => {
  it('keeps the word under the caret and hands back the others', () => {
    expect(splitAtCaret('&1 &2 &3', 4)).toEqual({ untouched: ['&1', '&3'], touched: '&2', touchedStart: 3 });
  });

  it('leaves an empty word after a trailing space', () => {
    expect(splitAtCaret('&1 ', 3)).toEqual({ untouched: ['&1'], touched: '', touchedStart: 3 });
  });

  it('drops the empty words between repeated spaces', () => {
    expect(splitAtCaret('&1   #2', 7)).toEqual({ untouched: ['&1'], touched: '#2', touchedStart: 5 });
  });
});

describe('referenceFormReducer', () => {
  it('turns a typed word into a chip once a space follows it', () => {
    const state = run([typed('&'), typed('&5'), typed('&5 ')]);
    expect(state.pending).toEqual(['&5']);
    expect(state.input).toBe('');
  });

  it('splits pasted text on whitespace and ignores duplicates', () => {
    const state = run([typed('&1 &2 &1 &3 ')]);
    expect(state.pending).toEqual(['&1', '&2', '&3']);
  });

  it('keeps the word under the caret in the input, with the caret inside it', () => {
    const state = run([typed('&1 gro &3', 6)]);
    expect(state.pending).toEqual(['&1', '&3']);
    expect(state.input).toBe('gro');
    expect(state.caret).toBe(3);
  });

  it('commits the typed text as chips on Enter or leaving the input', () => {
    const state = run([typed('&1 &2', 5), { type: 'committed' }]);
    expect(state.pending).toEqual(['&1', '&2']);
    expect(state.input).toBe('');
  });

  it('replaces the word being typed with a picked suggestion and remembers its details', () => {
    const detail = { title: 'Launch', state: 'opened', confidential: false } as const;
    const state = run([typed('&lau'), { type: 'picked', reference: 'acme&4', detail }]);
    expect(state.pending).toEqual(['acme&4']);
    expect(state.input).toBe('');
    expect(state.details['acme&4']).toEqual(detail);
  });

  it('removes the last chip on Backspace only while the input is empty', () => {
    const withText = run([typed('&1 &2 ab')]);
    expect(run([{ type: 'removed-last' }], withText).pending).toEqual(['&1', '&2']);
    const empty = run([typed('&1 &2 ')]);
    expect(run([{ type: 'removed-last' }], empty).pending).toEqual(['&1']);
  });

  it('clears the error flag when the last chip is removed, and only then', () => {
    const failed = run([
      typed('&1 &2 '),
      { type: 'submitting' },
      { type: 'failed', error: 'Epic cannot be found.' },
    ]);
    expect(failed.submitting).toBe(false);
    const oneLeft = run([{ type: 'removed', index: 0 }], failed);
    expect(oneLeft.error).toBe('Epic cannot be found.');
    expect(run([{ type: 'removed', index: 0 }], oneLeft)).toMatchObject({ pending: [], error: null });
  });

  it('ignores removing a chip that is not there', () => {
    const state = run([typed('&1 ')]);
    expect(run([{ type: 'removed', index: 3 }], state)).toBe(state);
  });

  it('starts over on reset', () => {
    expect(run([typed('&1 '), { type: 'reset' }])).toEqual(EMPTY_REFERENCE_FORM);
  });
});

describe('canSubmitReferences', () => {
  it('is disabled while the input and the pending list are both empty', () => {
    expect(canSubmitReferences(EMPTY_REFERENCE_FORM)).toBe(false);
    expect(canSubmitReferences(run([typed('   ')]))).toBe(false);
  });

  it('is enabled with typed text or a pending reference', () => {
    expect(canSubmitReferences(run([typed('&1')]))).toBe(true);
    expect(canSubmitReferences(run([typed('&1 ')]))).toBe(true);
  });

  it('is disabled while submitting', () => {
    expect(canSubmitReferences(run([typed('&1 '), { type: 'submitting' }]))).toBe(false);
  });
});

describe('referencesToSubmit', () => {
  it('sends the pending references followed by the typed ones, deduplicated', () => {
    expect(referencesToSubmit(run([typed('&1 &2 &1', 8)]))).toEqual(['&1', '&2']);
    expect(referencesToSubmit(run([typed('&1 #4', 5)]))).toEqual(['&1', '#4']);
  });
});

describe('suggestionQuery', () => {
  const sources = { epics: '/groups/acme/-/autocomplete_sources/epics', issues: '/i' };

  it('searches epics after & and issues after #', () => {
    expect(suggestionQuery('&lau', sources)).toEqual({ source: sources.epics, search: 'lau' });
    expect(suggestionQuery('#', sources)).toEqual({ source: '/i', search: '' });
  });

  it('asks nothing for plain words, URLs or a source the form lacks', () => {
    expect(suggestionQuery('launch', sources)).toBeNull();
    expect(suggestionQuery('http://x/-/epics/1', sources)).toBeNull();
    expect(suggestionQuery('#1', { epics: '/e' })).toBeNull();
  });
});

describe('moveHighlight', () => {
  it('starts at the first or last option and wraps through none', () => {
    expect(moveHighlight(-1, 1, 3)).toBe(0);
    expect(moveHighlight(-1, -1, 3)).toBe(2);
    expect(moveHighlight(2, 1, 3)).toBe(-1);
    expect(moveHighlight(0, -1, 3)).toBe(-1);
    expect(moveHighlight(0, 1, 0)).toBe(-1);
  });
});
