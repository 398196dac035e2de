import { describe, expect, it } from 'vitest';
import { extractMentions } from './mentions.ts';

describe('extractMentions', () => {
  it('tells users addressed at the start from users mentioned later', () => {
    expect(extractMentions('@ada @grace, please look. cc @linus')).toEqual({
      directlyAddressed: ['ada', 'grace'],
      mentioned: ['linus'],
    });
  });

  it('ignores code, email addresses and paths', () => {
    const text = 'Mail ada@example.com, see `@grace` and /users/@linus\n```\n@ken\n```\nThanks @barbara.';
    expect(extractMentions(text)).toEqual({ directlyAddressed: [], mentioned: ['barbara'] });
  });

  it('names each user once, without trailing punctuation', () => {
    expect(extractMentions('Thanks @ada. And @ada again, @ada_l.')).toEqual({
      directlyAddressed: [],
      mentioned: ['ada', 'ada_l'],
    });
  });
});
