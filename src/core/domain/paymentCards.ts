/**
 * Card checks a payment form makes before the card leaves the browser, and the sandbox provider's
 * test cards. Card numbers are only ever read here and by the provider: the product keeps the
 * provider's token and the last four digits, never the number.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export const CARD_BRAND_TITLES: Readonly<Record<CardBrand, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

/** Digits only: what a person types with spaces or dashes between groups. */
export const cardDigits = (number: string): string => number.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** '•••• 4242', as a stored card is shown. */
export const maskedCardNumber = (last4: string): string => `•••• ${last4}`;

export interface CardInput {
  readonly number: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
  readonly name: string;
}

/** The messages a card form shows, in the words card providers use. */
export const CARD_ERRORS = {
  number: 'Your card number is invalid.',
  expiry: "Your card's expiration date is invalid.",
  expired: "Your card's expiration date is in the past.",
  cvc: "Your card's security code is invalid.",
  name: 'Enter the name on the card.',
} as const;

/**
 * What is wrong with a card, or null. A card is good through the last day of its expiry month;
 * `today` is `YYYY-MM-DD`.
 */
export function cardProblem(card: CardInput, today: string): string | null {
  const digits = cardDigits(card.number);
  if (!luhnValid(digits)) return CARD_ERRORS.number;
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) return CARD_ERRORS.expiry;
  if (!Number.isInteger(card.expYear) || card.expYear < 2000 || card.expYear > 2100)
    return CARD_ERRORS.expiry;
  const thisMonth = today.slice(0, 7);
  const expiry = `${card.expYear}-${String(card.expMonth).padStart(2, '0')}`;
  if (expiry < thisMonth) return CARD_ERRORS.expired;
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) return CARD_ERRORS.cvc;
  if (card.name.trim() === '') return CARD_ERRORS.name;
  return null;
}

/** A two-digit year as typed on a card ('30') is this century's. */
export const fullExpiryYear = (year: number): number => (year < 100 ? 2000 + year : year);

/** How the sandbox provider treats a test card, as a real provider's test mode does. */
export type SandboxCardOutcome = 'succeeds' | 'declines' | 'requires_confirmation' | 'fails_validation';

/** The sandbox's test cards (the numbers card providers use for the same outcomes in test mode). */
export const SANDBOX_TEST_CARDS: readonly {
  readonly number: string;
  readonly outcome: SandboxCardOutcome;
}[] = [
  { number: '4242424242424242', outcome: 'succeeds' },
  { number: '5555555555554444', outcome: 'succeeds' },
  { number: '4000002500003155', outcome: 'requires_confirmation' },
  { number: '4000000000000002', outcome: 'declines' },
  { number: '4000000000000101', outcome: 'fails_validation' },
];

export const sandboxOutcomeOf = (digits: string): SandboxCardOutcome | undefined =>
  SANDBOX_TEST_CARDS.find((card) => card.number === digits)?.outcome;

/** Groups of four, as a card number is printed ('4242 4242 4242 4242'). */
export const formatCardNumber = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');
