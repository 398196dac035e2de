import { describe, expect, it } from 'vitest';
import { excludesGuests, isPlanCode, seatsOwed } from './plans.ts';

describe('plans', () => {
  it.each([
    ['premium', false, 80, 82, 2],
    ['premium', false, 80, 80, 0],
    ['premium', false, 80, 10, 0],
    ['ultimate', true, 0, 30, 0],
    ['free', false, 0, 500, 0],
  ] as const)('%s (trial %s) with %i seats and %i used owes %i', (plan, trial, seats, used, owed) => {
    expect(seatsOwed(plan, trial, seats, used)).toBe(owed);
  });

  it('knows its codes and which plan leaves Guests unbilled', () => {
    expect(['free', 'premium', 'ultimate', 'gold', '', 1].map(isPlanCode)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(excludesGuests('ultimate')).toBe(true);
    expect(excludesGuests('premium')).toBe(false);
  });
});
