import { describe, expect, it } from 'vitest';
import { upgradesFrom } from './plans.ts';
import {
  type BillingAddress,
  billingAddressProblems,
  formatUsd,
  MAX_ORDER_SEATS,
  orderAmountCents,
  seatsProblem,
  termEndDay,
} from './purchase.ts';

const ADDRESS: BillingAddress = {
  country: 'US',
  address1: '1 Main Street',
  address2: '',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  company: '',
};
const US = { known: true, states: ['IL', 'CA'] };

describe('buying a plan', () => {
  it('prices seats by the year, in cents, and prints dollars', () => {
    expect(orderAmountCents('premium', 10)).toBe(348_000);
    expect(orderAmountCents('ultimate', 1)).toBe(118_800);
    expect(formatUsd(348_000)).toBe('$3,480.00');
  });

  it('runs a term for a year, to the same day (29 February ends on the 28th)', () => {
    expect(termEndDay('2026-11-27')).toBe('2027-11-27');
    expect(termEndDay('2028-02-29')).toBe('2029-02-28');
    expect(termEndDay('2026-12-31')).toBe('2027-12-31');
  });

  it('asks for at least the seats in use, and a whole number of them', () => {
    expect(seatsProblem(12, 12)).toBeNull();
    expect(seatsProblem(11, 12)).toBe('must be at least 12, the seats the group uses now');
    expect(seatsProblem(0, 0)).toBe('must be a whole number of at least 1');
    expect(seatsProblem(2.5, 0)).toBe('must be a whole number of at least 1');
    expect(seatsProblem(Number.NaN, 0)).toBe('must be a whole number of at least 1');
    expect(seatsProblem(MAX_ORDER_SEATS + 1, 0)).toBe('must be at most 100,000');
  });

  it('checks the billing address by GitLab field names', () => {
    expect(billingAddressProblems(ADDRESS, false, US)).toEqual({});
    expect(billingAddressProblems({ ...ADDRESS, country: '' }, false, US)).toEqual({
      country: ["can't be blank"],
    });
    expect(
      billingAddressProblems({ ...ADDRESS, country: 'XX' }, false, { known: false, states: [] }),
    ).toMatchObject({
      country: ['is not a country we can bill'],
    });
    expect(
      billingAddressProblems({ ...ADDRESS, address1: ' ', city: '', zipCode: '', state: '' }, false, US),
    ).toEqual({
      address_1: ["can't be blank"],
      city: ["can't be blank"],
      zip_code: ["can't be blank"],
      state: ["can't be blank"],
    });
    expect(billingAddressProblems({ ...ADDRESS, state: 'ZZ' }, false, US)).toEqual({
      state: ['is not a state of the country'],
    });
    // Elsewhere a state is asked for only when there is one to choose.
    expect(
      billingAddressProblems({ ...ADDRESS, country: 'DE', state: '' }, false, {
        known: true,
        states: ['BE'],
      }),
    ).toEqual({});
    expect(billingAddressProblems(ADDRESS, true, US)).toEqual({ company: ["can't be blank"] });
    expect(billingAddressProblems({ ...ADDRESS, city: 'x'.repeat(256) }, false, US)).toEqual({
      city: ['is too long (maximum is 255 characters)'],
    });
  });

  it('offers the plans above the one paid for, and every paid plan from Free or a trial', () => {
    expect(upgradesFrom('free', false)).toEqual(['premium', 'ultimate']);
    expect(upgradesFrom('ultimate', true)).toEqual(['premium', 'ultimate']);
    expect(upgradesFrom('premium', false)).toEqual(['ultimate']);
    expect(upgradesFrom('ultimate', false)).toEqual([]);
  });
});
