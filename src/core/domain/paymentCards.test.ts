import { describe, expect, it } from 'vitest';
import {
  CARD_ERRORS,
  cardBrand,
  cardDigits,
  cardProblem,
  formatCardNumber,
  fullExpiryYear,
  luhnValid,
  SANDBOX_TEST_CARDS,
  sandboxOutcomeOf,
} from './paymentCards.ts';

const card = (changes: Partial<Parameters<typeof cardProblem>[0]> = {}) => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  name: 'Olivia Owens',
  ...changes,
});

describe('card checks', () => {
  it('reads the number as typed, with spaces or dashes, and checks its Luhn digit', () => {
    expect(cardDigits('4242-4242 4242 4242')).toBe('4242424242424242');
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(luhnValid('4242a24242424242')).toBe(false);
    for (const test of SANDBOX_TEST_CARDS) expect(luhnValid(test.number)).toBe(true);
  });

  it('names the brand from the leading digits', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });

  it('accepts a card through the last day of its expiry month, and says what is wrong otherwise', () => {
    expect(cardProblem(card(), '2026-11-27')).toBeNull();
    expect(cardProblem(card({ expMonth: 11, expYear: 2026 }), '2026-11-30')).toBeNull();
    expect(cardProblem(card({ expMonth: 10, expYear: 2026 }), '2026-11-01')).toBe(CARD_ERRORS.expired);
    expect(cardProblem(card({ expMonth: 13 }), '2026-11-27')).toBe(CARD_ERRORS.expiry);
    expect(cardProblem(card({ number: '4242 4242 4242 4241' }), '2026-11-27')).toBe(CARD_ERRORS.number);
    expect(cardProblem(card({ cvc: '12' }), '2026-11-27')).toBe(CARD_ERRORS.cvc);
    // American Express cards carry four digits on their front.
    expect(cardProblem(card({ number: '378282246310005', cvc: '123' }), '2026-11-27')).toBe(CARD_ERRORS.cvc);
    expect(cardProblem(card({ number: '378282246310005', cvc: '1234' }), '2026-11-27')).toBeNull();
    expect(cardProblem(card({ name: '  ' }), '2026-11-27')).toBe(CARD_ERRORS.name);
  });

  it('reads a two-digit year as this century, and prints numbers in groups of four', () => {
    expect(fullExpiryYear(30)).toBe(2030);
    expect(fullExpiryYear(2031)).toBe(2031);
    expect(formatCardNumber('4000002500003155')).toBe('4000 0025 0000 3155');
  });

  it('knows what each sandbox test card does, and no other card', () => {
    expect(sandboxOutcomeOf('4242424242424242')).toBe('succeeds');
    expect(sandboxOutcomeOf('4000000000000002')).toBe('declines');
    expect(sandboxOutcomeOf('4000002500003155')).toBe('requires_confirmation');
    expect(sandboxOutcomeOf('4000000000000101')).toBe('fails_validation');
    expect(sandboxOutcomeOf('4111111111111111')).toBeUndefined();
  });
});
