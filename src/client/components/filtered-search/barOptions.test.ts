import { describe, expect, it } from 'vitest';
import {
  availableTokenTypes,
  EMPTY_ROADMAP_FILTERS,
  parseRoadmapFilters,
} from '../../../core/domain/searchTokens.ts';
import {
  flattenOptions,
  liveMessage,
  type OptionContext,
  optionGroups,
  optionStatus,
  valueSuggestions,
} from './barOptions.ts';
import { searchBarReducer } from './searchBarReducer.ts';
import { type BarAction, type BarState, initialBarState, suggestionRequest } from './searchBarState.ts';

const ALL = availableTokenTypes({ signedIn: true, epicsSupported: true });
const signedIn: OptionContext = { available: ALL, currentUser: { username: 'root', name: 'Administrator' } };
const run = (state: BarState, ...actions: BarAction[]) => actions.reduce(searchBarReducer, state);
const fresh = (search = '', recent = [] as ReturnType<typeof parseRoadmapFilters>[]) =>
  initialBarState(parseRoadmapFilters(search), recent);
const labels = (state: BarState, context = signedIn) =>
  flattenOptions(optionGroups(state, context)).map((o) => o.label);
const loaded = (state: BarState, values: { value: string; title: string }[]) => {
  const key = suggestionRequest(state)!.key;
  return run(state, {
    type: 'suggestions-loaded',
    key,
    values: values.map((value) => ({ ...value, detail: null, color: null })),
  });
};

describe('dropdown options', () => {
  it('offers every token type to a signed-in user on a group with epics', () => {
    expect(labels(fresh())).toEqual(['Author', 'Label', 'Milestone', 'Confidential', 'Epic', 'My-Reaction']);
  });

  it('leaves out My-Reaction when signed out and Epic when epics are not supported', () => {
    const context: OptionContext = {
      available: availableTokenTypes({ signedIn: false, epicsSupported: false }),
      currentUser: null,
    };
    expect(labels(fresh(), context)).toEqual(['Author', 'Label', 'Milestone', 'Confidential']);
  });

  it('filters token types by the word being typed', () => {
    expect(labels(run(fresh(), { type: 'input', text: 'login mile', available: ALL }))).toEqual([
      'Milestone',
    ]);
  });

  it('shows recent searches first while the input is empty, with a way to clear them', () => {
    const recent = [parseRoadmapFilters('label_name[]=Priority%20High&search=x')];
    const state = fresh('', recent);
    const groups = optionGroups(state, signedIn);
    expect(groups.map((group) => group.label)).toEqual(['Recent searches', 'Filter results by']);
    expect(groups[0]!.options.map((option) => option.label)).toEqual([
      'Label is ~"Priority High", x',
      'Clear recent searches',
    ]);
    expect(optionGroups(run(state, { type: 'input', text: 'a', available: ALL }), signedIn)[0]!.label).toBe(
      'Filter results by',
    );
  });

  it('offers is and is not for Author, Label and My-Reaction', () => {
    const state = run(fresh(), { type: 'choose-type', tokenType: 'author' });
    expect(labels(state)).toEqual(['is', 'is not']);
  });

  it('offers Yes and No for Confidential, filtered by the typed text', () => {
    const state = run(fresh(), { type: 'choose-type', tokenType: 'confidential' });
    expect(valueSuggestions(state, signedIn).map((s) => [s.title, s.value])).toEqual([
      ['Yes', 'true'],
      ['No', 'false'],
    ]);
    expect(labels(run(state, { type: 'input', text: 'n', available: ALL }))).toEqual(['No']);
  });

  it('preloads the current user as the first author, without repeating them', () => {
    const state = run(fresh(), { type: 'input', text: '@', available: ALL });
    expect(labels(state)).toEqual(['Administrator']);
    const withUsers = loaded(state, [
      { value: 'alovelace', title: 'Ada Lovelace' },
      { value: 'root', title: 'Administrator' },
    ]);
    expect(labels(withUsers)).toEqual(['Administrator', 'Ada Lovelace']);
  });

  it('preloads the current user only while they match the typed text', () => {
    const state = run(fresh(), { type: 'input', text: '@ada', available: ALL });
    expect(labels(state)).toEqual([]);
    expect(labels(run(fresh(), { type: 'input', text: '@ADMIN', available: ALL }))).toEqual([
      'Administrator',
    ]);
  });
});

describe('dropdown status and announcements', () => {
  const labelDraft = () => run(fresh(), { type: 'input', text: '~', available: ALL });

  it('says it is loading until the current request is answered', () => {
    expect(optionStatus(labelDraft(), 0)).toEqual({ kind: 'loading', text: 'Loading…' });
  });

  it.each([
    ['@', 'There was a problem fetching users.'],
    ['~', 'There was a problem fetching labels.'],
    ['%', 'There was a problem fetching milestones.'],
    ['&', 'There was a problem fetching epics.'],
  ])('shows the error of a failed %s fetch', (symbol, text) => {
    const state = run(fresh(), { type: 'input', text: symbol, available: ALL });
    const failed = run(state, { type: 'suggestions-failed', key: suggestionRequest(state)!.key });
    expect(optionStatus(failed, 0)).toEqual({ kind: 'error', text });
    expect(liveMessage(true, 0, optionStatus(failed, 0))).toBe(text);
  });

  it('shows the My-Reaction error text', () => {
    const state = run(
      fresh(),
      { type: 'choose-type', tokenType: 'my-reaction' },
      { type: 'choose-operator', operator: '=' },
    );
    const failed = run(state, { type: 'suggestions-failed', key: suggestionRequest(state)!.key });
    expect(optionStatus(failed, 0)?.text).toBe('There was a problem fetching emojis.');
  });

  it('says No suggestions found when nothing matches', () => {
    const empty = loaded(labelDraft(), []);
    expect(optionStatus(empty, 0)).toEqual({ kind: 'empty', text: 'No suggestions found' });
    expect(liveMessage(true, 0, optionStatus(empty, 0))).toBe('No suggestions found');
  });

  it('announces the number of options, and nothing while closed or loading', () => {
    expect(liveMessage(true, 1, null)).toBe('1 suggestion available.');
    expect(liveMessage(true, 6, null)).toBe('6 suggestions available.');
    expect(liveMessage(false, 6, null)).toBe('');
    expect(liveMessage(true, 1, { kind: 'loading', text: 'Loading…' })).toBe('');
  });

  it('has no status outside the value step', () => {
    expect(optionStatus(fresh(), 6)).toBeNull();
    expect(optionStatus(initialBarState(EMPTY_ROADMAP_FILTERS, []), 0)).toBeNull();
  });
});
