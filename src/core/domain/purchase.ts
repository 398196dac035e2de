/**
 * Buying a plan for a top-level group (GitLab's checkout at /-/subscriptions/new): seats, price and
 * term, the billing address's rules, and the texts the checkout shows. A purchase starts a yearly
 * term on the day it is paid for.
 */
import { type PaidPlanCode, PLAN_PRICE_CENTS_PER_SEAT_YEAR, PLAN_TITLES } from './plans.ts';
import { formatCount } from './plural.ts';

/** GitLab's id of the checkout's card form (`/-/subscriptions/payment_form?id=`). */
export const PAYMENT_FORM_ID = 'paid_signup_flow';

/** The most seats one order buys. */
export const MAX_ORDER_SEATS = 100_000;

export const orderAmountCents = (plan: PaidPlanCode, seats: number): number =>
  PLAN_PRICE_CENTS_PER_SEAT_YEAR[plan] * seats;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** '$4,176.00'. */
export const formatUsd = (cents: number): string => usd.format(cents / 100);

/** The day a yearly term started on `start` ends: the same day a year on (29 February ends on the 28th). */
export function termEndDay(start: string): string {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  return `${year + 1}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastOfMonth)).padStart(2, '0')}`;
}

/** GitLab's order: who pays, from where (`customer`), and the address it is billed to. */
export interface BillingAddress {
  readonly country: string;
  readonly address1: string;
  readonly address2: string;
  readonly city: string;
  readonly state: string;
  readonly zipCode: string;
  readonly company: string;
}

/** Countries whose addresses a card provider refuses without a state or province. */
export const STATE_REQUIRED_COUNTRIES: readonly string[] = ['US', 'CA'];

const BLANK = "can't be blank";
/** Longest text a billing address field holds. */
export const ADDRESS_FIELD_MAX = 255;

/**
 * What is wrong with a billing address, by GitLab's field names; empty when nothing is. `states` are
 * the country's state codes, `countryKnown` whether the country is one the product sells to.
 */
export function billingAddressProblems(
  address: BillingAddress,
  setupForCompany: boolean,
  country: { readonly known: boolean; readonly states: readonly string[] },
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, problem: string) => {
    problems[field] = [...(problems[field] ?? []), problem];
  };
  if (address.country === '') add('country', BLANK);
  else if (!country.known) add('country', 'is not a country we can bill');
  if (address.address1.trim() === '') add('address_1', BLANK);
  if (address.city.trim() === '') add('city', BLANK);
  if (address.zipCode.trim() === '') add('zip_code', BLANK);
  if (address.state !== '' && !country.states.includes(address.state)) {
    add('state', 'is not a state of the country');
  } else if (address.state === '' && STATE_REQUIRED_COUNTRIES.includes(address.country)) add('state', BLANK);
  if (setupForCompany && address.company.trim() === '') add('company', BLANK);
  const fields: [string, string][] = [
    ['address_1', address.address1],
    ['address_2', address.address2],
    ['city', address.city],
    ['zip_code', address.zipCode],
    ['company', address.company],
  ];
  for (const [field, value] of fields) {
    if (value.length > ADDRESS_FIELD_MAX)
      add(field, `is too long (maximum is ${ADDRESS_FIELD_MAX} characters)`);
  }
  return problems;
}

/** A seat count the order may buy: at least the seats the group uses now. */
export function seatsProblem(seats: number, seatsInUse: number): string | null {
  if (!Number.isSafeInteger(seats) || seats < 1) return 'must be a whole number of at least 1';
  if (seats > MAX_ORDER_SEATS) return `must be at most ${formatCount(MAX_ORDER_SEATS)}`;
  if (seats < seatsInUse) {
    return `must be at least ${formatCount(seatsInUse)}, the seats the group uses now`;
  }
  return null;
}

export const PURCHASE_TEXTS = {
  title: (plan: PaidPlanCode) => `Upgrade to ${PLAN_TITLES[plan]}`,
  upgrade: (plan: PaidPlanCode) => `Upgrade to ${PLAN_TITLES[plan]}`,
  upgradeGroup: (group: string, plan: string) => `Upgrade ${group} to ${plan}`,
  subscriptionDetails: 'Subscription details',
  billingAddress: 'Billing address',
  paymentMethod: 'Payment method',
  confirm: 'Confirm purchase',
  confirming: 'Confirming…',
  purchased: (group: string, plan: PaidPlanCode) =>
    `Thank you for your purchase. ${group} is now on the ${PLAN_TITLES[plan]} plan.`,
  perSeat: (plan: PaidPlanCode) => `${formatUsd(PLAN_PRICE_CENTS_PER_SEAT_YEAR[plan])} per user per year`,
  declined: 'Your card was declined.',
  confirmationFailed: 'Your bank did not confirm the payment.',
  replayMismatch: 'This order was already placed with other details. Start the purchase again.',
  sandboxNotice: 'Payments go to the built-in sandbox provider: no money moves.',
} as const;
