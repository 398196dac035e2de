import { describe, expect, it } from 'vitest';
import { hasMoreParticipants, PARTICIPANTS_SHOWN, visibleParticipants } from './participants.ts';

const people = (count: number) => Array.from({ length: count }, (_, index) => `user${index + 1}`);

describe('the participants list', () => {
  it('shows seven participants, then counts the rest', () => {
    expect(PARTICIPANTS_SHOWN).toBe(7);
    const { shown, hiddenCount } = visibleParticipants(people(10), false);
    expect(shown).toEqual(people(7));
    expect(hiddenCount).toBe(3);
  });

  it('shows everyone when there are seven or fewer', () => {
    expect(visibleParticipants(people(7), false)).toEqual({ shown: people(7), hiddenCount: 0 });
    expect(visibleParticipants([], false)).toEqual({ shown: [], hiddenCount: 0 });
  });

  it('shows everyone once expanded', () => {
    expect(visibleParticipants(people(12), true)).toEqual({ shown: people(12), hiddenCount: 0 });
  });

  it('needs the more button only past seven', () => {
    expect(hasMoreParticipants(7)).toBe(false);
    expect(hasMoreParticipants(8)).toBe(true);
  });
});
