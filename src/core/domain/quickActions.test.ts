import { describe, expect, it } from 'vitest';
import {
  emojiNameOf,
  extractQuickActions,
  labelReference,
  labelTitlesOf,
  milestoneReference,
  milestoneTitleOf,
  splitQuickActionParams,
  toSentence,
  usernamesOf,
  weightOf,
} from './quickActions.ts';

const NAMES = new Set(['label', 'close', 'due', 'assign', 'shrug', 'tableflip', 'title']);

describe('extracting quick actions', () => {
  it('takes commands on their own lines and leaves the rest of the text', () => {
    const extracted = extractQuickActions('Looks done.\n/label ~bug ~"two words"\n/close\nThanks', NAMES);
    expect(extracted.commands).toEqual([
      { name: 'label', params: '~bug ~"two words"' },
      { name: 'close', params: '' },
    ]);
    expect(extracted.text).toBe('Looks done.\nThanks');
  });

  it('leaves nothing of a body made only of commands', () => {
    const extracted = extractQuickActions('/close\r\n/due tomorrow\n', NAMES);
    expect(extracted.commands.map((command) => command.name)).toEqual(['close', 'due']);
    expect(extracted.text).toBe('');
  });

  it('reads command names in any case and keeps params as typed', () => {
    expect(extractQuickActions('/CLOSE\n/Title A New Title  ', NAMES).commands).toEqual([
      { name: 'close', params: '' },
      { name: 'title', params: 'A New Title' },
    ]);
  });

  it('leaves unknown or unavailable commands, and commands not at a line start, in the text', () => {
    const text = '/unknown thing\n/labelled\n see /close\n> /close\n/close';
    const extracted = extractQuickActions(text, NAMES);
    expect(extracted.commands).toEqual([{ name: 'close', params: '' }]);
    expect(extracted.text).toBe('/unknown thing\n/labelled\n see /close\n> /close');
  });

  it('ignores commands in fenced code, quote blocks and HTML blocks', () => {
    const text = [
      '```',
      '/close',
      '```',
      '~~~sh',
      '/close',
      '~~~',
      '>>>',
      '/close',
      '>>>',
      '<details>',
      '/close',
      '</details>',
      '/label ~x',
    ].join('\n');
    const extracted = extractQuickActions(text, NAMES);
    expect(extracted.commands).toEqual([{ name: 'label', params: '~x' }]);
    expect(extracted.text).toBe(text.split('\n').slice(0, -1).join('\n'));
  });

  it('substitutes /shrug and /tableflip in place', () => {
    const extracted = extractQuickActions('/shrug oh well\n/tableflip', NAMES);
    expect(extracted.text).toBe('oh well ¯\\＿(ツ)＿/¯\n(╯°□°)╯︵ ┻━┻');
    expect(extracted.commands.map((command) => command.name)).toEqual(['shrug', 'tableflip']);
  });
});

describe('quick action params', () => {
  it('splits on spaces but keeps quoted words together', () => {
    expect(splitQuickActionParams('~a ~"b c" %"m 1" plain')).toEqual(['~a', '~"b c"', '%"m 1"', 'plain']);
  });

  it('reads label titles with or without tildes', () => {
    expect(labelTitlesOf('~bug ~"two words" ~bug')).toEqual(['bug', 'two words']);
    expect(labelTitlesOf('bug feature')).toEqual(['bug', 'feature']);
    expect(labelTitlesOf('~bug feature')).toEqual(['bug']);
    expect(labelTitlesOf('~"scope::value"')).toEqual(['scope::value']);
  });

  it('reads usernames, with me for the actor', () => {
    expect(usernamesOf('@ada @bob me', 'carol')).toEqual(['ada', 'bob', 'carol']);
    expect(usernamesOf('@ada, @bob and @ada', 'carol')).toEqual(['ada', 'bob']);
    expect(usernamesOf('@me', 'carol')).toEqual(['carol']);
  });

  it('reads a milestone by reference or title', () => {
    expect(milestoneTitleOf('%v1.0')).toBe('v1.0');
    expect(milestoneTitleOf('%"Sprint 3"')).toBe('Sprint 3');
    expect(milestoneTitleOf('Sprint 3')).toBe('Sprint 3');
  });

  it('reads weights and emoji names', () => {
    expect(weightOf('3')).toBe(3);
    expect(weightOf('0')).toBe(0);
    expect(weightOf('-1')).toBeNull();
    expect(weightOf('heavy')).toBeNull();
    expect(emojiNameOf(':thumbsup:')).toBe('thumbsup');
    expect(emojiNameOf('not an emoji')).toBeNull();
  });

  it('writes references and sentences as GitLab does', () => {
    expect(labelReference('bug')).toBe('~bug');
    expect(labelReference('two words')).toBe('~"two words"');
    expect(milestoneReference('v1.0')).toBe('%"v1.0"');
    expect(toSentence(['@a'])).toBe('@a');
    expect(toSentence(['@a', '@b'])).toBe('@a and @b');
    expect(toSentence(['@a', '@b', '@c'])).toBe('@a, @b, and @c');
  });
});
