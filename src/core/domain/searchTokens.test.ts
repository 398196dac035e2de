import { describe, expect, it } from 'vitest';
import {
  availableTokenTypes,
  DIGITS_ONLY,
  describeFilters,
  EMPTY_ROADMAP_FILTERS,
  epicIidOf,
  epicTokenData,
  type FilterToken,
  hasFiltersApplied,
  hasOpenQuote,
  matchesSearch,
  normalizeTokenValue,
  parseRoadmapFilters,
  quoteValue,
  type RoadmapFilters,
  roadmapFiltersKey,
  roadmapFilterVariables,
  serializeRoadmapFilters,
  splitSearchTerms,
  suggestionSearchText,
  TOKEN_TYPES,
  tokenInputText,
  tokenTypeForSymbol,
  tokenTypeSpec,
  tokenValueText,
  unquoteValue,
} from './searchTokens.ts';

const filters = (tokens: FilterToken[], search = '', or = EMPTY_ROADMAP_FILTERS.or): RoadmapFilters => ({
  tokens,
  search,
  or,
});
const token = (type: FilterToken['type'], operator: FilterToken['operator'], value: string): FilterToken => ({
  type,
  operator,
  value,
});

describe('token types', () => {
  it('offers GitLab roadmap tokens with their symbols and operators', () => {
    expect(TOKEN_TYPES.map((spec) => [spec.title, spec.symbol, spec.operators.join(' ')])).toEqual([
      ['Author', '@', '= !='],
      ['Label', '~', '= !='],
      ['Milestone', '%', '='],
      ['Confidential', null, '='],
      ['Epic', '&', '='],
      ['My-Reaction', null, '= !='],
      ['Assignee', '@', '='],
    ]);
  });

  it('starts a token from a symbol shared by two types as the first offered one', () => {
    expect(tokenTypeForSymbol('@', ['assignee', 'author'])).toBe('assignee');
    expect(tokenTypeForSymbol('@', ['label', 'assignee'])).toBe('assignee');
    expect(tokenTypeForSymbol('@', ['label'])).toBeNull();
  });

  it.each([
    [true, true, ['author', 'label', 'milestone', 'confidential', 'epic', 'my-reaction']],
    [false, true, ['author', 'label', 'milestone', 'confidential', 'epic']],
    [true, false, ['author', 'label', 'milestone', 'confidential', 'my-reaction']],
    [false, false, ['author', 'label', 'milestone', 'confidential']],
  ])(
    'offers My-Reaction only when signed in (%s) and Epic only when supported (%s)',
    (signedIn, epicsSupported, expected) => {
      expect(availableTokenTypes({ signedIn, epicsSupported })).toEqual(expected);
    },
  );

  it.each([
    ['@', 'author'],
    ['~', 'label'],
    ['%', 'milestone'],
    ['&', 'epic'],
    ['#', null],
  ] as const)('starts a token from the symbol %s', (symbol, expected) => {
    expect(tokenTypeForSymbol(symbol, availableTokenTypes({ signedIn: true, epicsSupported: true }))).toBe(
      expected,
    );
  });

  it('does not start an epic token from & when epics are not supported', () => {
    expect(
      tokenTypeForSymbol('&', availableTokenTypes({ signedIn: true, epicsSupported: false })),
    ).toBeNull();
  });

  it('throws for a token type it does not know', () => {
    expect(() => tokenTypeSpec('weight' as FilterToken['type'])).toThrow(/unknown filter token type/);
  });
});

describe('quoting', () => {
  it.each([
    ['bug', 'bug'],
    ['Priority High', '"Priority High"'],
    ['tab\tinside', '"tab\tinside"'],
    ['"already quoted"', '"already quoted"'],
    ['', ''],
  ])('writes %j into text as %j', (value, expected) => {
    expect(quoteValue(value)).toBe(expected);
  });

  it.each([
    ['"Priority High"', 'Priority High'],
    ['bug', 'bug'],
    ['"', '"'],
    ['""', ''],
    ['"open', '"open'],
  ])('reads %j from text as %j', (text, expected) => {
    expect(unquoteValue(text)).toBe(expected);
  });

  it.each([
    ['"Priority High"', 'Priority High'],
    ['"Priority Hi', 'Priority Hi'],
    ['  bug  ', 'bug'],
    ['', ''],
  ])('strips the quotes of %j before a suggestion fetch', (typed, expected) => {
    expect(suggestionSearchText(typed)).toBe(expected);
  });

  it.each([
    ['"Priority Hi', true],
    ['"Priority High"', false],
    ['plain', false],
  ])('knows whether %j has an open quote', (text, expected) => {
    expect(hasOpenQuote(text)).toBe(expected);
  });

  it.each([
    ['', []],
    ['  login   page ', ['login', 'page']],
    ['"release notes" draft', ['"release notes"', 'draft']],
  ])('splits the free text %j into terms', (search, expected) => {
    expect(splitSearchTerms(search)).toEqual(expected);
  });

  it.each([
    ['123', true],
    ['0', true],
    ['12a', false],
    ['-1', false],
    ['', false],
    ['1.5', false],
  ])('tests %j for digits only', (value, expected) => {
    expect(DIGITS_ONLY.test(value)).toBe(expected);
  });

  it.each([
    ['Release 1.0', 'rel', true],
    ['Release 1.0', ' 1.0 ', true],
    ['thumbsup', 'UP', true],
    ['thumbsup', 'down', false],
  ])('matches %j against the search %j case-insensitively', (text, search, expected) => {
    expect(matchesSearch(text, search)).toBe(expected);
  });
});

describe('token values', () => {
  it.each([
    ['author', '@root', 'root'],
    ['author', ' root ', 'root'],
    ['label', '~"Priority High"', 'Priority High'],
    ['label', '"Priority High"', 'Priority High'],
    ['label', 'bug', 'bug'],
    ['milestone', '%"Release 1"', 'Release 1'],
    ['confidential', 'Yes', 'true'],
    ['confidential', 'no', 'false'],
    ['confidential', 'true', 'true'],
    ['confidential', 'maybe', null],
    ['my-reaction', ':thumbsup:', 'thumbsup'],
    ['my-reaction', 'tada', 'tada'],
    ['epic', '123', '123'],
    ['epic', '&123', '123'],
    ['epic', 'acme/platform&12', 'acme/platform::&12'],
    ['epic', 'acme::&7', 'acme::&7'],
    ['epic', 'acme::&seven', null],
    ['epic', 'Some title', null],
    ['label', '  ', null],
    ['author', '@', null],
  ] as const)('reads a typed %s value %j as %j', (type, typed, expected) => {
    expect(normalizeTokenValue(type, typed)).toBe(expected);
  });

  it.each([
    [token('author', '=', 'root'), '@root'],
    [token('label', '!=', 'Priority High'), '~"Priority High"'],
    [token('milestone', '=', 'v1'), '%v1'],
    [token('confidential', '=', 'true'), 'Yes'],
    [token('confidential', '=', 'false'), 'No'],
    [token('epic', '=', 'acme/platform::&12'), 'acme/platform&12'],
    [token('epic', '=', '12'), '&12'],
    [token('my-reaction', '=', 'thumbsup'), 'thumbsup'],
  ])('shows %j as %j', (value, expected) => {
    expect(tokenValueText(value)).toBe(expected);
  });

  it.each([
    token('author', '!=', 'root'),
    token('label', '=', 'Priority High'),
    token('milestone', '=', 'Release 1.0'),
    token('confidential', '=', 'false'),
    token('epic', '=', 'acme/platform::&12'),
    token('epic', '=', '12'),
    token('my-reaction', '=', 'thumbsup'),
  ])('opens %j for editing as text that reads back to the same value', (value) => {
    expect(normalizeTokenValue(value.type, tokenInputText(value))).toBe(value.value);
  });

  it('quotes a value with spaces when it is opened for editing', () => {
    expect(tokenInputText(token('label', '=', 'Priority High'))).toBe('"Priority High"');
  });

  it.each([
    ['acme/platform::&123', '123'],
    ['a::&b::&45', '45'],
    ['123', '123'],
  ])('takes the epic iid of %j from after the last ::&', (value, expected) => {
    expect(epicIidOf(value)).toBe(expected);
  });

  it('reads the epic filter value as a number when it is numeric', () => {
    expect(epicTokenData('123')).toBe(123);
    expect(epicTokenData('acme::&123')).toBe('acme::&123');
  });

  it('describes filters in one line, values with spaces quoted', () => {
    expect(
      describeFilters(
        filters([token('author', '=', 'root'), token('label', '!=', 'to do')], 'release notes', {
          labelName: ['a'],
          authorUsername: ['b'],
        }),
      ),
    ).toBe('Author is @root, Label is not ~"to do", Label is one of ~a, Author is one of @b, release notes');
  });
});

describe('parseRoadmapFilters', () => {
  it('reads nothing from an empty query string', () => {
    expect(parseRoadmapFilters('')).toEqual(EMPTY_ROADMAP_FILTERS);
  });

  it.each([
    ['?author_username=root', [token('author', '=', 'root')]],
    ['?not%5Bauthor_username%5D=root', [token('author', '!=', 'root')]],
    [
      '?label_name[]=bug&label_name[]=Priority%20High',
      [token('label', '=', 'bug'), token('label', '=', 'Priority High')],
    ],
    ['?label_name=bug', [token('label', '=', 'bug')]],
    [
      '?not[label_name][]=bug&not[label_name]=wontfix',
      [token('label', '!=', 'bug'), token('label', '!=', 'wontfix')],
    ],
    ['?milestone_title=v1.0', [token('milestone', '=', 'v1.0')]],
    ['?confidential=true', [token('confidential', '=', 'true')]],
    ['?confidential=false', [token('confidential', '=', 'false')]],
    ['?confidential=perhaps', []],
    ['?my_reaction_emoji=thumbsup', [token('my-reaction', '=', 'thumbsup')]],
    ['?not[my_reaction_emoji]=thumbsdown', [token('my-reaction', '!=', 'thumbsdown')]],
    ['?epic_iid=acme%2Fplatform%3A%3A%2612', [token('epic', '=', 'acme/platform::&12')]],
    ['?label_name[]=%22quoted%20label%22', [token('label', '=', 'quoted label')]],
    ['?label_name[]=bug&label_name[]=bug&label_name[]=', [token('label', '=', 'bug')]],
    ['?author_username=a&author_username=b', [token('author', '=', 'a')]],
  ])('reads %s', (search, expected) => {
    expect(parseRoadmapFilters(search).tokens).toEqual(expected);
  });

  it('reads the free text, the or[] forms, and ignores keys that are not filters', () => {
    const parsed = parseRoadmapFilters(
      'state=opened&sort=end_date_asc&layout=MONTHS&search=+login+page+&or[label_name][]=a&or[label_name][]=b&or[author_username][]=root',
    );
    expect(parsed).toEqual({
      tokens: [],
      search: 'login page',
      or: { labelName: ['a', 'b'], authorUsername: ['root'] },
    });
  });

  it('puts tokens in GitLab order: author, milestone, labels, confidential, reaction, epic', () => {
    const parsed = parseRoadmapFilters(
      'epic_iid=3&my_reaction_emoji=tada&confidential=true&label_name[]=l&milestone_title=m&author_username=u',
    );
    expect(parsed.tokens.map((t) => t.type)).toEqual([
      'author',
      'milestone',
      'label',
      'confidential',
      'my-reaction',
      'epic',
    ]);
  });
});

describe('serializeRoadmapFilters', () => {
  it('writes GitLab keys and keeps keys it does not own', () => {
    const params = new URLSearchParams('state=opened&sort=start_date_asc&label_name=old&search=old&page=2');
    serializeRoadmapFilters(
      filters(
        [
          token('author', '=', 'root'),
          token('author', '!=', 'guest'),
          token('label', '=', 'bug'),
          token('label', '!=', 'Priority High'),
          token('milestone', '=', 'v1'),
          token('confidential', '=', 'false'),
          token('my-reaction', '=', 'tada'),
          token('my-reaction', '!=', 'x'),
          token('epic', '=', 'acme::&4'),
        ],
        'login page',
        { labelName: ['a'], authorUsername: ['b'] },
      ),
      params,
    );
    expect([...params]).toEqual([
      ['state', 'opened'],
      ['sort', 'start_date_asc'],
      ['page', '2'],
      ['author_username', 'root'],
      ['not[author_username]', 'guest'],
      ['label_name[]', 'bug'],
      ['not[label_name][]', 'Priority High'],
      ['milestone_title', 'v1'],
      ['confidential', 'false'],
      ['my_reaction_emoji', 'tada'],
      ['not[my_reaction_emoji]', 'x'],
      ['epic_iid', 'acme::&4'],
      ['search', 'login page'],
      ['or[label_name][]', 'a'],
      ['or[author_username][]', 'b'],
    ]);
  });

  it('removes every filter key, the accepted variants too, when the filters are empty', () => {
    const params = new URLSearchParams(
      'label_name=a&not[label_name]=b&or[label_name]=c&or[author_username]=d&epic_iid=1&layout=WEEKS',
    );
    serializeRoadmapFilters(EMPTY_ROADMAP_FILTERS, params);
    expect(params.toString()).toBe('layout=WEEKS');
  });

  it('writes a single-valued key once, the first token winning', () => {
    const params = serializeRoadmapFilters(
      filters([token('milestone', '=', 'a'), token('milestone', '=', 'b')]),
      new URLSearchParams(),
    );
    expect(params.getAll('milestone_title')).toEqual(['a']);
  });

  it.each([
    'author_username=root&label_name[]=bug&label_name[]=x%20y&search=hello',
    'not[author_username]=root&not[label_name][]=a&not[my_reaction_emoji]=tada',
    'milestone_title=v1&confidential=true&epic_iid=acme%3A%3A%263',
    'or[label_name][]=a&or[author_username][]=b',
  ])('reads back what it wrote for %s', (search) => {
    const parsed = parseRoadmapFilters(search);
    expect(parseRoadmapFilters(roadmapFiltersKey(parsed))).toEqual(parsed);
  });
});

describe('roadmapFiltersKey', () => {
  it('is the same for the same filters in another order', () => {
    const a = parseRoadmapFilters('label_name[]=b&label_name[]=a&author_username=root');
    const b = filters([token('author', '=', 'root'), token('label', '=', 'a'), token('label', '=', 'b')]);
    expect(roadmapFiltersKey(a)).toBe(roadmapFiltersKey(b));
    expect(roadmapFiltersKey(a)).toBe('author_username=root&label_name%5B%5D=a&label_name%5B%5D=b');
  });

  it('differs when an operator differs', () => {
    expect(roadmapFiltersKey(parseRoadmapFilters('label_name[]=a'))).not.toBe(
      roadmapFiltersKey(parseRoadmapFilters('not[label_name][]=a')),
    );
  });
});

describe('roadmapFilterVariables', () => {
  it('omits everything for empty filters', () => {
    expect(roadmapFilterVariables(EMPTY_ROADMAP_FILTERS)).toEqual({});
  });

  it.each<[string, string, object]>([
    ['labels', 'label_name[]=a&label_name[]=b', { labelName: ['a', 'b'] }],
    ['the author', 'author_username=root', { authorUsername: 'root' }],
    ['the milestone', 'milestone_title=v1', { milestoneTitle: 'v1' }],
    ['the reaction', 'my_reaction_emoji=tada', { myReactionEmoji: 'tada' }],
    ['confidential true', 'confidential=true', { confidential: true }],
    ['confidential false', 'confidential=false', { confidential: false }],
    ['the search', 'search=login', { search: 'login' }],
    ['the epic iid after the last ::&', 'epic_iid=acme%2Fplatform%3A%3A%26123', { iid: '123' }],
    ['a numeric epic iid', 'epic_iid=42', { iid: '42' }],
    [
      'negations into not',
      'not[label_name][]=a&not[author_username]=u&not[my_reaction_emoji]=x',
      { not: { labelName: ['a'], authorUsername: 'u', myReactionEmoji: 'x' } },
    ],
    [
      'unions into or',
      'or[label_name][]=a&or[author_username][]=u&or[author_username][]=v',
      { or: { labelName: ['a'], authorUsername: ['u', 'v'] } },
    ],
  ])('sends %s', (_name, search, expected) => {
    expect(roadmapFilterVariables(parseRoadmapFilters(search))).toEqual(expected);
  });
});

describe('hasFiltersApplied', () => {
  it.each<[string, RoadmapFilters, boolean]>([
    ['empty filters', EMPTY_ROADMAP_FILTERS, false],
    ['blank search', filters([], '   '), false],
    ['a token', filters([token('label', '=', 'a')]), true],
    ['free text', filters([], 'x'), true],
    ['an or label', filters([], '', { labelName: ['a'], authorUsername: [] }), true],
    ['an or author', filters([], '', { labelName: [], authorUsername: ['a'] }), true],
  ])('is %s → %s', (_name, value, expected) => {
    expect(hasFiltersApplied(value)).toBe(expected);
  });
});
