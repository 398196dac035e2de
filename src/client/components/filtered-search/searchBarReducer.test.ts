import { describe, expect, it } from 'vitest';
import {
  availableTokenTypes,
  EMPTY_ROADMAP_FILTERS,
  type FilterToken,
  parseRoadmapFilters,
  type RoadmapFilters,
} from '../../../core/domain/searchTokens.ts';
import { finishDraft, searchBarReducer, submission } from './searchBarReducer.ts';
import {
  type BarAction,
  type BarState,
  barStage,
  filtersOf,
  initialBarState,
  offeredTypes,
  suggestionRequest,
  typedFragment,
} from './searchBarState.ts';

const ALL = availableTokenTypes({ signedIn: true, epicsSupported: true });
const token = (type: FilterToken['type'], operator: FilterToken['operator'], value: string): FilterToken => ({
  type,
  operator,
  value,
});

function run(start: BarState, ...actions: BarAction[]): BarState {
  return actions.reduce(searchBarReducer, start);
}
const fresh = (search = '') => initialBarState(parseRoadmapFilters(search), []);
const type = (text: string): BarAction => ({ type: 'input', text, available: ALL });
/** Types `text` one character at a time, as a person does. */
const typeChars = (state: BarState, text: string) =>
  [...text].reduce((current, char) => searchBarReducer(current, type(current.input + char)), state);
const shown = (state: BarState) =>
  state.items.map((item) =>
    item.kind === 'term' ? item.text : `${item.token.type}${item.token.operator}${item.token.value}`,
  );

describe('building a token', () => {
  it('moves type, then operator, then value', () => {
    let state = run(fresh(), { type: 'focus' }, { type: 'choose-type', tokenType: 'label' });
    expect(barStage(state)).toBe('operator');
    expect(state.active).toBe(0);
    state = run(state, { type: 'choose-operator', operator: '!=' });
    expect(barStage(state)).toBe('value');
    state = run(state, type('bu'), { type: 'choose-value', value: 'bug' });
    expect(filtersOf(state).tokens).toEqual([token('label', '!=', 'bug')]);
    expect(barStage(state)).toBe('type');
    expect(state.open).toBe(true);
  });

  it.each(['milestone', 'confidential', 'epic'] as const)(
    'chooses the single operator of %s itself',
    (tokenType) => {
      const state = run(fresh(), { type: 'choose-type', tokenType });
      expect(state.draft?.operator).toBe('=');
      expect(barStage(state)).toBe('value');
    },
  );

  it.each([
    ['@', 'author'],
    ['~', 'label'],
    ['%', 'milestone'],
    ['&', 'epic'],
  ] as const)('starts a %s token with "is" when its symbol is typed', (symbol, expected) => {
    const state = run(fresh(), type(symbol));
    expect(state.draft).toEqual({ type: expected, operator: '=', original: null });
    expect(state.input).toBe('');
  });

  it('keeps the words typed before a symbol as search terms', () => {
    const state = run(fresh(), type('login page ~bu'));
    expect(shown(state)).toEqual(['login', 'page']);
    expect(state.draft?.type).toBe('label');
    expect(state.input).toBe('bu');
  });

  it('does not start a token from a symbol inside a word', () => {
    const state = run(fresh(), type('c~b'));
    expect(state.draft).toBeNull();
    expect(state.input).toBe('c~b');
  });

  it('does not start Epic from & when epics are not offered', () => {
    const available = availableTokenTypes({ signedIn: false, epicsSupported: false });
    const state = run(fresh(), { type: 'input', text: '&', available });
    expect(state.draft).toBeNull();
  });

  it('starts a token from its name and a colon, asking for the operator', () => {
    const state = run(fresh(), type('label:'));
    expect(state.draft).toEqual({ type: 'label', operator: null, original: null });
  });

  it('does not offer a unique type twice, by list or by symbol', () => {
    const state = fresh('author_username=root');
    expect(offeredTypes(state, ALL)).not.toContain('author');
    expect(run(state, type('@')).draft).toBeNull();
    expect(offeredTypes(fresh('label_name[]=a'), ALL)).toContain('label');
  });

  it('reads = and != typed at the operator step, and takes "is" for other text', () => {
    const asking = run(fresh(), { type: 'choose-type', tokenType: 'author' });
    expect(typeChars(asking, '!=').draft?.operator).toBe('!=');
    expect(typeChars(asking, '!').draft?.operator).toBeNull();
    const typed = run(asking, type('root'));
    expect(typed.draft?.operator).toBe('=');
    expect(typed.input).toBe('root');
  });

  it('completes a value at a space outside quotes', () => {
    const state = typeChars(fresh(), '~bug login');
    expect(shown(state)).toEqual(['label=bug']);
    expect(state.input).toBe('login');
  });

  it('keeps typing a quoted value with spaces until the quote closes', () => {
    const open = typeChars(fresh(), '~"Priority High');
    expect(open.draft?.type).toBe('label');
    const closed = typeChars(open, '" ');
    expect(shown(closed)).toEqual(['label=Priority High']);
  });

  it('does not complete a value that cannot be one', () => {
    const state = typeChars(run(fresh(), { type: 'choose-type', tokenType: 'confidential' }), 'maybe ');
    expect(state.draft?.type).toBe('confidential');
    expect(state.items).toEqual([]);
  });

  it('highlights the first Yes/No at once when typing a Confidential value', () => {
    const state = run(fresh(), { type: 'choose-type', tokenType: 'confidential' }, type('y'));
    expect(state.active).toBe(0);
  });
});

describe('editing and removing', () => {
  const start = () => fresh('author_username=root&label_name[]=bug&search=login');

  it('opens the last token for editing on Backspace in an empty input, quoted when it has spaces', () => {
    const state = run(fresh('label_name[]=Priority%20High'), { type: 'backspace' });
    expect(state.draft).toMatchObject({ type: 'label', operator: '=' });
    expect(state.input).toBe('"Priority High"');
    expect(state.items).toEqual([]);
  });

  it('puts the last search term back into the input on Backspace', () => {
    const state = run(start(), { type: 'backspace' });
    expect(state.input).toBe('login');
    expect(shown(state)).toEqual(['author=root', 'label=bug']);
  });

  it('steps back from value to operator to nothing as Backspace continues', () => {
    let state = run(start(), { type: 'backspace' }, type(''), { type: 'backspace' });
    expect(state.draft?.type).toBe('label');
    expect(state.input).toBe('bug');
    state = run(state, type(''), { type: 'backspace' });
    expect(barStage(state)).toBe('operator');
    state = run(state, { type: 'backspace' });
    expect(state.draft).toBeNull();
    expect(shown(state)).toEqual(['author=root']);
  });

  it('ignores Backspace while the input has text', () => {
    const state = run(start(), type('x'));
    expect(run(state, { type: 'backspace' })).toBe(state);
  });

  it('edits a token in place and puts it back there', () => {
    const state = start();
    const author = state.items[0]!;
    const editing = run(state, { type: 'edit', id: author.id });
    expect(editing.insertAt).toBe(0);
    expect(editing.input).toBe('root');
    const done = run(editing, type('admin'), { type: 'blur' });
    expect(shown(done)).toEqual(['author=admin', 'label=bug', 'login']);
  });

  it('restores an edited token whose value was emptied when focus leaves', () => {
    const state = start();
    const done = run(state, { type: 'edit', id: state.items[1]!.id }, type(''), { type: 'blur' });
    expect(shown(done)).toEqual(['author=root', 'label=bug', 'login']);
  });

  it('finishes the current draft before opening another item', () => {
    const state = run(start(), type('~wontfix'));
    const edited = run(state, { type: 'edit', id: state.items[0]!.id });
    expect(shown(edited)).toEqual(['label=bug', 'login', 'label=wontfix']);
    expect(edited.draft?.type).toBe('author');
  });

  it('removes a token by id and keeps the input place consistent', () => {
    const state = start();
    const editing = run(state, { type: 'edit', id: state.items[2]!.id });
    expect(editing.insertAt).toBe(2);
    const removed = run(editing, { type: 'remove', id: state.items[0]!.id });
    expect(shown(removed)).toEqual(['label=bug']);
    expect(removed.insertAt).toBe(1);
  });

  it('removes one or[] value', () => {
    const state = run(fresh('or[label_name][]=a&or[label_name][]=b'), {
      type: 'remove-or',
      key: 'labelName',
      value: 'a',
    });
    expect(state.or.labelName).toEqual(['b']);
  });

  it('keeps the typed value when the operator is chosen again, but not a typed operator prefix', () => {
    const typed = run(
      fresh(),
      type('~bu'),
      { type: 'change-operator' },
      { type: 'choose-operator', operator: '!=' },
    );
    expect([typed.draft?.operator, typed.input]).toEqual(['!=', 'bu']);
    const bang = run(fresh(), { type: 'choose-type', tokenType: 'label' }, type('!'), {
      type: 'choose-operator',
      operator: '!=',
    });
    expect(bang.input).toBe('');
  });

  it('lets the operator of a draft be chosen again when there are two', () => {
    const state = run(fresh(), type('@'), { type: 'change-operator' });
    expect(barStage(state)).toBe('operator');
    const single = run(fresh(), type('%'));
    expect(run(single, { type: 'change-operator' })).toBe(single);
  });
});

describe('submitting', () => {
  it('turns free text into search terms and a typed value into a token', () => {
    const state = run(fresh(), type('login page'));
    expect(submission(state)).toEqual({ ...EMPTY_ROADMAP_FILTERS, search: 'login page' });
    const typed = run(fresh(), type('@root'));
    expect(submission(typed)?.tokens).toEqual([token('author', '=', 'root')]);
  });

  it('does not submit while the typed value cannot be one', () => {
    const state = run(fresh(), { type: 'choose-type', tokenType: 'epic' }, type('no such epic'));
    expect(submission(state)).toBeNull();
  });

  it('drops a draft that has no value yet', () => {
    const state = run(fresh('label_name[]=a'), { type: 'choose-type', tokenType: 'author' });
    expect(submission(state)?.tokens).toEqual([token('label', '=', 'a')]);
  });

  it('keeps the search it submitted among the recent ones, and closes', () => {
    const filters: RoadmapFilters = { ...EMPTY_ROADMAP_FILTERS, search: 'x' };
    const state = run(fresh(), { type: 'focus' }, { type: 'submitted', filters });
    expect(state.recent).toEqual([filters]);
    expect(state.open).toBe(false);
    expect(run(state, { type: 'submitted', filters: EMPTY_ROADMAP_FILTERS }).recent).toEqual([filters]);
  });

  it('forgets the recent searches when asked', () => {
    const state = initialBarState(EMPTY_ROADMAP_FILTERS, [{ ...EMPTY_ROADMAP_FILTERS, search: 'a' }]);
    expect(run(state, { type: 'clear-recent' }).recent).toEqual([]);
  });

  it('shows new filters from outside as they are', () => {
    const state = run(fresh(), type('typing'), { type: 'load', filters: parseRoadmapFilters('search=a+b') });
    expect(shown(state)).toEqual(['a', 'b']);
    expect(state.input).toBe('');
  });

  it('commits free text when focus leaves, and closes the dropdown', () => {
    const state = run(fresh(), { type: 'focus' }, type('hello'), { type: 'blur' });
    expect(shown(state)).toEqual(['hello']);
    expect(state.open).toBe(false);
    expect(finishDraft(fresh())).toEqual({ ...fresh(), insertAt: null });
  });
});

describe('the dropdown', () => {
  it('walks the options with the arrow keys, wrapping at both ends', () => {
    let state = run(fresh(), { type: 'move', delta: 1, count: 3 });
    expect([state.open, state.active]).toEqual([true, 0]);
    state = run(state, { type: 'move', delta: -1, count: 3 });
    expect(state.active).toBe(2);
    state = run(state, { type: 'move', delta: 1, count: 3 });
    expect(state.active).toBe(0);
    expect(run(fresh(), { type: 'move', delta: -1, count: 3 }).active).toBe(2);
    expect(run(fresh(), { type: 'move', delta: 1, count: 0 }).active).toBe(-1);
  });

  it('closes on Escape and forgets the highlighted option', () => {
    const state = run(fresh(), { type: 'focus' }, { type: 'move', delta: 1, count: 2 }, { type: 'close' });
    expect([state.open, state.active]).toEqual([false, -1]);
  });

  it('filters token types by the last word typed', () => {
    expect(typedFragment('login auth')).toBe('auth');
    expect(typedFragment('login ')).toBe('');
  });

  it('asks for suggestions with the quotes and the symbol stripped', () => {
    const state = run(
      fresh(),
      { type: 'choose-type', tokenType: 'label' },
      { type: 'choose-operator', operator: '=' },
      type('~"Priority Hi'),
    );
    expect(suggestionRequest(state)).toEqual({
      key: 'label\nPriority Hi',
      type: 'label',
      search: 'Priority Hi',
    });
    expect(suggestionRequest(run(fresh(), type('x')))).toBeNull();
    expect(suggestionRequest(run(fresh(), { type: 'choose-type', tokenType: 'confidential' }))).toBeNull();
  });

  it('keeps only the suggestions that answer the current request, highlighting the first for typed text', () => {
    const state = run(fresh(), type('~bu'));
    const key = suggestionRequest(state)!.key;
    const values = [{ value: 'bug', title: 'bug', detail: null, color: '#f00' }];
    expect(run(state, { type: 'suggestions-loaded', key: 'label\nold', values })).toBe(state);
    const loaded = run(
      state,
      { type: 'suggestions-loading', key },
      { type: 'suggestions-loaded', key, values },
    );
    expect(loaded.suggestions).toEqual({ key, status: 'ready', values });
    expect(loaded.active).toBe(0);
    expect(run(state, { type: 'suggestions-failed', key }).suggestions?.status).toBe('error');
  });
});
