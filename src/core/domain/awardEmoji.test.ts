import { describe, expect, it } from 'vitest';
import { awardTooltip, type GivenAward, groupAwards, searchAwardEmoji } from './awardEmoji.ts';

const person = (id: number, name: string): GivenAward['user'] => ({ id, name, username: `user${id}` });
const given = (name: string, ...users: GivenAward['user'][]): GivenAward[] =>
  users.map((user) => ({ name, user }));

describe('groupAwards', () => {
  it('puts thumbs up and down first, then the others in the order first given', () => {
    const awards = [
      ...given('tada', person(1, 'Ada')),
      ...given('thumbsdown', person(2, 'Bob')),
      ...given('heart', person(1, 'Ada')),
      ...given('thumbsup', person(3, 'Cy')),
      ...given('tada', person(2, 'Bob')),
    ];
    expect(groupAwards(awards).map(({ name, awards: list }) => [name, list.length])).toEqual([
      ['thumbsup', 1],
      ['thumbsdown', 1],
      ['tada', 2],
      ['heart', 1],
    ]);
  });

  it('offers the defaults at zero when nobody gave them', () => {
    const groups = groupAwards(given('rocket', person(1, 'Ada')), ['thumbsup', 'thumbsdown']);
    expect(groups.map(({ name, awards }) => [name, awards.length])).toEqual([
      ['thumbsup', 0],
      ['thumbsdown', 0],
      ['rocket', 1],
    ]);
  });
});

describe('awardTooltip', () => {
  const ada = person(1, 'Ada Lovelace');
  const bob = person(2, 'Bob');
  const cy = person(3, 'Cy');

  it('is empty when nobody reacted', () => {
    expect(awardTooltip([], 'thumbsup', 'user1')).toBe('');
  });

  it('names one, two and three people as GitLab does', () => {
    expect(awardTooltip(given('thumbsup', ada), 'thumbsup', null)).toBe(
      'Ada Lovelace reacted with :thumbsup:',
    );
    expect(awardTooltip(given('thumbsup', ada, bob), 'thumbsup', null)).toBe(
      'Ada Lovelace and Bob reacted with :thumbsup:',
    );
    expect(awardTooltip(given('tada', ada, bob, cy), 'tada', null)).toBe(
      'Ada Lovelace, Bob, and Cy reacted with :tada:',
    );
  });

  it('calls the reader You at the start and you later', () => {
    expect(awardTooltip(given('thumbsup', ada, bob), 'thumbsup', 'user1')).toBe(
      'You and Bob reacted with :thumbsup:',
    );
    expect(awardTooltip(given('thumbsup', ada, bob), 'thumbsup', 'user2')).toBe(
      'Ada Lovelace and you reacted with :thumbsup:',
    );
  });

  it('lists ten names and counts the rest, keeping the reader among those listed', () => {
    const many = Array.from({ length: 13 }, (_, index) => person(index + 1, `P${index + 1}`));
    expect(awardTooltip(given('eyes', ...many), 'eyes', null)).toBe(
      'P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, and 3 more reacted with :eyes:',
    );
    expect(awardTooltip(given('eyes', ...many), 'eyes', 'user13')).toBe(
      'P1, P2, P3, P4, P5, P6, P7, P8, P9, you, and 3 more reacted with :eyes:',
    );
  });
});

describe('searchAwardEmoji', () => {
  it('keeps the names holding the search, ignoring case and colons', () => {
    const names = ['thumbsup', 'thumbsdown', 'tada', 'heart_eyes', 'heart'];
    expect(searchAwardEmoji(names, 'HEART')).toEqual(['heart_eyes', 'heart']);
    expect(searchAwardEmoji(names, ':thumbs')).toEqual(['thumbsup', 'thumbsdown']);
    expect(searchAwardEmoji(names, '  ')).toEqual(names);
    expect(searchAwardEmoji(names, 'zebra')).toEqual([]);
  });
});
