/** The checkout's words, in one place. */

import { formatCount } from '../../../core/domain/plural.ts';
import { PURCHASE_TEXTS } from '../../../core/domain/purchase.ts';
import type { PaymentMethod } from '../../data/index.ts';

export const CHECKOUT_TEXTS = {
  group: 'Group',
  plan: 'Plan',
  users: 'Number of users',
  usersHelp: (seats: number) =>
    `At least ${formatCount(seats)}: the members the group has now. Every member added later takes a seat too.`,
  company: "I'm purchasing this for a company",
  companyName: 'Company name',
  continueToAddress: 'Continue to billing address',
  continueToPayment: 'Continue to payment',
  continueToReview: 'Continue to review',
  edit: 'Edit',
  country: 'Country',
  chooseCountry: 'Choose a country',
  address1: 'Street address',
  address2: 'Apartment, suite or floor (optional)',
  city: 'City',
  state: 'State or province',
  chooseState: 'Choose a state',
  zip: 'Zip or postal code',
  nameOnCard: 'Name on card',
  cardNumber: 'Card number',
  expiry: 'Expiration (MM / YY)',
  month: 'Expiration month',
  year: 'Expiration year',
  cvc: 'Security code',
  testCards: 'Test cards',
  testCardOutcomes: {
    succeeds: 'is charged',
    declines: 'is declined',
    requires_confirmation: 'asks you to confirm with your bank',
    fails_validation: 'fails validation',
  },
  checking: 'Checking the card…',
  summary: 'Order summary',
  users_: (seats: number) => `${formatCount(seats)} ${seats === 1 ? 'user' : 'users'}`,
  total: 'Total',
  perUserPerYear: 'per user per year',
  term: (start: string, end: string) => `${start} – ${end}`,
  noGroups: 'None of your groups can buy a plan',
  noGroupsHelp: 'A plan is bought for a top-level group, by its owners.',
  bankTitle: 'Confirm your payment',
  bankText: (amount: string) =>
    `Your bank asks you to confirm the payment of ${amount}. This is the sandbox provider's bank: nothing is charged.`,
  approve: 'Complete authentication',
  decline: 'Fail authentication',
  stepTitles: {
    details: PURCHASE_TEXTS.subscriptionDetails,
    address: PURCHASE_TEXTS.billingAddress,
    payment: PURCHASE_TEXTS.paymentMethod,
    review: 'Review and confirm',
  },
  cardOn: (card: PaymentMethod) =>
    `${card.cardType} ${card.maskNumber}, expires ${String(card.expirationMonth).padStart(2, '0')}/${String(card.expirationYear).slice(-2)}`,
  /** A field's problem as a sentence: 'City can't be blank.' */
  problem: (label: string, message: string) => `${label} ${message}.`,
} as const;
