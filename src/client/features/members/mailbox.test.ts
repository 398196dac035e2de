import { describe, expect, it } from 'vitest';
import { parseMailbox, splitLinks } from './mailbox.ts';

describe('splitLinks', () => {
  it('keeps links apart from the text around them', () => {
    expect(splitLinks('Accept: http://localhost:3000/-/invites/abc\nThanks')).toEqual([
      { kind: 'text', text: 'Accept: ' },
      { kind: 'link', text: 'http://localhost:3000/-/invites/abc' },
      { kind: 'text', text: '\nThanks' },
    ]);
  });
  it('never makes a link of another scheme', () => {
    expect(splitLinks('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
  });
});

describe('parseMailbox', () => {
  it('reads messages and leaves out what does not parse', () => {
    const text = JSON.stringify([
      { id: 1, to: 'a@x.org', subject: 'Hi', text: 'x', created_at: '2026-11-27T00:00:00Z' },
      { to: 'no id' },
    ]);
    expect(parseMailbox(text).map((message) => message.subject)).toEqual(['Hi']);
    expect(parseMailbox('not json')).toEqual([]);
  });
});
