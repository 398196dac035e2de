import { describe, expect, it } from 'vitest';
import { parseBilling } from './billing.ts';

describe('the Billing page data', () => {
  it('reads the plan, seats and dates the server wrote', () => {
    expect(
      parseBilling(
        JSON.stringify({
          plan: 'premium',
          trial: false,
          trial_ends_on: null,
          seats_in_subscription: 10,
          seats_in_use: 12,
          max_seats_used: 14,
          seats_owed: 4,
          subscription_start_date: '2026-05-11',
          subscription_end_date: '2027-05-11',
          auto_renew: true,
          exclude_guests: false,
        }),
      ),
    ).toMatchObject({
      plan: 'premium',
      seats: 10,
      seatsInUse: 12,
      maxSeatsUsed: 14,
      seatsOwed: 4,
      endDate: '2027-05-11',
    });
  });

  it('reads anything else as Free with nothing used', () => {
    for (const text of ['', 'null', '{"plan":"gold","seats_in_use":-3,"subscription_end_date":"soon"}']) {
      expect(parseBilling(text)).toMatchObject({ plan: 'free', seatsInUse: 0, endDate: null, trial: false });
    }
  });
});
