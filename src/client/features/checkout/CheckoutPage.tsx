import { type FormEvent, useEffect, useMemo, useState } from 'react';
import {
  cardProblem,
  formatCardNumber,
  fullExpiryYear,
  SANDBOX_TEST_CARDS,
} from '../../../core/domain/paymentCards.ts';
import {
  PAID_PLAN_CODES,
  type PaidPlanCode,
  PLAN_PRICE_CENTS_PER_SEAT_YEAR,
  PLAN_TITLES,
} from '../../../core/domain/plans.ts';
import {
  type BillingAddress,
  billingAddressProblems,
  formatUsd,
  PURCHASE_TEXTS,
  seatsProblem,
  termEndDay,
} from '../../../core/domain/purchase.ts';
import { groupBillingPath } from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { parseCalendarDate } from '../../../core/time/calendarDate.ts';
import { formatCalendarDate } from '../../../core/time/formatting.ts';
import { PageHeader } from '../../components/navigation/index.ts';
import {
  answerConfirmation,
  fetchCountries,
  fetchCountryStates,
  fetchPaymentForm,
  fetchPaymentMethod,
  type NamedCode,
  type PaymentMethod,
  placeOrder,
  storeCard,
  usePageSettled,
  validatePaymentMethod,
} from '../../data/index.ts';
import { Alert, Button, Dialog, EmptyState, useDocumentTitle } from '../../ui/index.ts';
import { newIdempotencyKey, orderTotal, parseCheckoutGroups, planOrDefault } from './checkout.ts';

/** GitLab's form id for the checkout's card form. */
const PAYMENT_FORM_ID = 'paid_signup_flow';

type Step = 'details' | 'address' | 'payment' | 'review';
const STEPS: readonly Step[] = ['details', 'address', 'payment', 'review'];

const TEXTS = {
  group: 'Group',
  plan: 'Plan',
  users: 'Number of users',
  usersHelp: (seats: number) =>
    `At least ${seats.toLocaleString('en-US')}: the members the group has now. Every member added later takes a seat too.`,
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
  users_: (seats: number) => `${seats.toLocaleString('en-US')} ${seats === 1 ? 'user' : 'users'}`,
  total: 'Total',
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
};

const EMPTY_ADDRESS: BillingAddress = {
  country: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zipCode: '',
  company: '',
};
const EMPTY_CARD = { number: '', expMonth: '', expYear: '', cvc: '', name: '' };

/** `/-/subscriptions/new`: GitLab's checkout. Details, billing address and card, then the order. */
export function CheckoutPage({
  groups,
  namespaceId,
  planId,
  userId,
  paymentProvider,
  today,
}: PageMountOf<'subscription-new'>) {
  const choices = useMemo(() => parseCheckoutGroups(groups), [groups]);
  const [groupId, setGroupId] = useState(
    choices.some((group) => group.id === namespaceId) ? namespaceId : (choices[0]?.id ?? ''),
  );
  const group = choices.find((choice) => choice.id === groupId);
  const [plan, setPlan] = useState<PaidPlanCode>(planOrDefault(planId));
  const seatsInUse = group?.seatsInUse[plan] ?? 0;
  const [seatsText, setSeatsText] = useState(String(Math.max(1, seatsInUse)));
  const seats = /^\d{1,7}$/.test(seatsText.trim()) ? Number(seatsText.trim()) : Number.NaN;
  const [forCompany, setForCompany] = useState(false);
  const [address, setAddress] = useState<BillingAddress>(EMPTY_ADDRESS);
  const [card, setCard] = useState(EMPTY_CARD);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod | null>(null);
  const [step, setStep] = useState<Step>('details');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmationUrl, setConfirmationUrl] = useState('');
  // One key per attempt to pay: a retry of the same order is charged once; a new card is a new attempt.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const countries = useCountries();
  const states = useStates(address.country);
  usePageSettled(countries !== null);
  useDocumentTitle(PURCHASE_TEXTS.title(plan));

  const total = orderTotal(plan, seats);

  const go = (next: Step) => {
    setProblems({});
    setError('');
    setStep(next);
  };
  const newAttempt = () => setIdempotencyKey(newIdempotencyKey());

  const submitDetails = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const seatProblem = seatsProblem(seats, seatsInUse);
    if (seatProblem) found.quantity = `${TEXTS.users} ${seatProblem}.`;
    if (forCompany && address.company.trim() === '') found.company = `${TEXTS.companyName} can't be blank.`;
    setProblems(found);
    if (Object.keys(found).length === 0) {
      newAttempt();
      go('address');
    }
  };

  const submitAddress = (event: FormEvent) => {
    event.preventDefault();
    const found = billingAddressProblems(address, forCompany, {
      known: (countries ?? []).some(([, code]) => code === address.country),
      states: (states ?? []).map(([, code]) => code),
    });
    const labels: Record<string, string> = {
      country: TEXTS.country,
      address_1: TEXTS.address1,
      city: TEXTS.city,
      state: TEXTS.state,
      zip_code: TEXTS.zip,
      company: TEXTS.companyName,
      address_2: 'Address line 2',
    };
    const shown = Object.fromEntries(
      Object.entries(found).map(([field, messages]) => [field, `${labels[field] ?? field} ${messages[0]}.`]),
    );
    setProblems(shown);
    if (Object.keys(shown).length === 0) go(paymentMethod ? 'review' : 'payment');
  };

  const submitCard = async (event: FormEvent) => {
    event.preventDefault();
    const typed = {
      number: card.number,
      expMonth: Number(card.expMonth),
      expYear: fullExpiryYear(Number(card.expYear)),
      cvc: card.cvc,
      name: card.name,
    };
    const problem = cardProblem(typed, today);
    if (problem) {
      setProblems({ card: problem });
      return;
    }
    setBusy(true);
    setProblems({});
    setError('');
    try {
      const form = await fetchPaymentForm(PAYMENT_FORM_ID);
      const stored = await storeCard(form, card);
      const method = await fetchPaymentMethod(stored.id);
      const invalid = await validatePaymentMethod(method.id, userId);
      if (invalid) {
        setProblems({ card: invalid });
        return;
      }
      setPaymentMethod(method);
      // The card never stays in the page once the provider holds it.
      setCard(EMPTY_CARD);
      newAttempt();
      go('review');
    } catch (failure) {
      setProblems({ card: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setBusy(false);
    }
  };

  const order = () => {
    if (!group || !paymentMethod) return Promise.reject(new Error('The order is not complete.'));
    return placeOrder({
      namespaceId: group.id,
      planId: plan,
      quantity: seats,
      paymentMethodId: paymentMethod.id,
      setupForCompany: forCompany,
      customer: {
        country: address.country,
        address_1: address.address1,
        address_2: address.address2,
        city: address.city,
        state: address.state,
        zip_code: address.zipCode,
        company: forCompany ? address.company : '',
      },
      idempotencyKey,
    });
  };

  const confirmPurchase = async () => {
    setBusy(true);
    setError('');
    try {
      const answer = await order();
      if (answer.status === 'paid') window.location.assign(answer.location);
      else setConfirmationUrl(answer.confirmationUrl);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      // A refused order stays refused under its key: paying again is a new attempt.
      newAttempt();
      setBusy(false);
      return;
    }
    setBusy(false);
  };

  const answerBank = async (approve: boolean) => {
    const url = confirmationUrl;
    setConfirmationUrl('');
    setBusy(true);
    try {
      await answerConfirmation(url, approve);
      // The same order again, under the same key: the server picks up where the charge stands.
      const answer = await order();
      if (answer.status === 'paid') {
        window.location.assign(answer.location);
        return;
      }
      setConfirmationUrl(answer.confirmationUrl);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      newAttempt();
    }
    setBusy(false);
  };

  if (!group) {
    return (
      <div className="checkout">
        <PageHeader crumbs={[]} title={PURCHASE_TEXTS.title(plan)} />
        <EmptyState title={TEXTS.noGroups} description={TEXTS.noGroupsHelp} testId="checkout-no-groups" />
      </div>
    );
  }

  const stepIndex = STEPS.indexOf(step);
  const stepProps = (name: Step) => ({
    number: STEPS.indexOf(name) + 1,
    title: TEXTS.stepTitles[name],
    state: (name === step ? 'open' : STEPS.indexOf(name) < stepIndex ? 'done' : 'next') as StepState,
    onEdit: () => go(name),
    testId: `checkout-step-${name}`,
  });

  return (
    <div className="checkout">
      <PageHeader
        crumbs={[
          { label: group.name, href: `/groups/${group.fullPath}` },
          { label: 'Billing', href: groupBillingPath(group.fullPath) },
        ]}
        title={PURCHASE_TEXTS.title(plan)}
      >
        {paymentProvider === 'sandbox' ? (
          <p className="page-subtitle">{PURCHASE_TEXTS.sandboxNotice}</p>
        ) : null}
      </PageHeader>
      {error ? (
        <Alert variant="danger" testId="checkout-error">
          {error}
        </Alert>
      ) : null}
      <div className="checkout-layout">
        <ol className="checkout-steps">
          <CheckoutStep
            {...stepProps('details')}
            summary={`${group.name} · ${PLAN_TITLES[plan]} · ${TEXTS.users_(seats)}${forCompany ? ` · ${address.company}` : ''}`}
          >
            <form onSubmit={submitDetails} noValidate>
              {choices.length > 1 ? (
                <Field id="checkout-group" label={TEXTS.group}>
                  <select
                    id="checkout-group"
                    className="input"
                    value={groupId}
                    onChange={(event) => setGroupId(event.target.value)}
                    data-testid="checkout-group"
                  >
                    {choices.map((choice) => (
                      <option key={choice.id} value={choice.id}>
                        {choice.name} ({choice.fullPath})
                      </option>
                    ))}
                  </select>
                </Field>
              ) : null}
              <Field id="checkout-plan" label={TEXTS.plan}>
                <select
                  id="checkout-plan"
                  className="input"
                  value={plan}
                  onChange={(event) => setPlan(planOrDefault(event.target.value))}
                  data-testid="checkout-plan"
                >
                  {PAID_PLAN_CODES.map((code) => (
                    <option key={code} value={code}>
                      {PLAN_TITLES[code]} · {PURCHASE_TEXTS.perSeat(code)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                id="checkout-seats"
                label={TEXTS.users}
                problem={problems.quantity}
                help={TEXTS.usersHelp(seatsInUse)}
              >
                <input
                  id="checkout-seats"
                  className="input checkout-seats"
                  inputMode="numeric"
                  value={seatsText}
                  onChange={(event) => setSeatsText(event.target.value)}
                  data-testid="checkout-seats"
                />
              </Field>
              <label className="checkbox-row">
                <input
                  type="checkbox"
                  checked={forCompany}
                  onChange={(event) => setForCompany(event.target.checked)}
                  data-testid="checkout-company-toggle"
                />
                {TEXTS.company}
              </label>
              {forCompany ? (
                <Field id="checkout-company" label={TEXTS.companyName} problem={problems.company}>
                  <input
                    id="checkout-company"
                    className="input"
                    autoComplete="organization"
                    value={address.company}
                    onChange={(event) => setAddress({ ...address, company: event.target.value })}
                  />
                </Field>
              ) : null}
              <Button type="submit" variant="confirm" data-testid="checkout-details-continue">
                {TEXTS.continueToAddress}
              </Button>
            </form>
          </CheckoutStep>

          <CheckoutStep
            {...stepProps('address')}
            summary={[address.address1, address.city, address.state, address.zipCode, address.country]
              .filter(Boolean)
              .join(', ')}
          >
            <form onSubmit={submitAddress} noValidate>
              <Field id="checkout-country" label={TEXTS.country} problem={problems.country}>
                <select
                  id="checkout-country"
                  className="input"
                  autoComplete="country"
                  value={address.country}
                  onChange={(event) => setAddress({ ...address, country: event.target.value, state: '' })}
                  data-testid="checkout-country"
                >
                  <option value="">{TEXTS.chooseCountry}</option>
                  {(countries ?? []).map(([name, code]) => (
                    <option key={code} value={code}>
                      {name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="checkout-address1" label={TEXTS.address1} problem={problems.address_1}>
                <input
                  id="checkout-address1"
                  className="input"
                  autoComplete="address-line1"
                  value={address.address1}
                  onChange={(event) => setAddress({ ...address, address1: event.target.value })}
                  data-testid="checkout-address1"
                />
              </Field>
              <Field id="checkout-address2" label={TEXTS.address2} problem={problems.address_2}>
                <input
                  id="checkout-address2"
                  className="input"
                  autoComplete="address-line2"
                  value={address.address2}
                  onChange={(event) => setAddress({ ...address, address2: event.target.value })}
                />
              </Field>
              <div className="checkout-row">
                <Field id="checkout-city" label={TEXTS.city} problem={problems.city}>
                  <input
                    id="checkout-city"
                    className="input"
                    autoComplete="address-level2"
                    value={address.city}
                    onChange={(event) => setAddress({ ...address, city: event.target.value })}
                    data-testid="checkout-city"
                  />
                </Field>
                {states && states.length > 0 ? (
                  <Field id="checkout-state" label={TEXTS.state} problem={problems.state}>
                    <select
                      id="checkout-state"
                      className="input"
                      autoComplete="address-level1"
                      value={address.state}
                      onChange={(event) => setAddress({ ...address, state: event.target.value })}
                      data-testid="checkout-state"
                    >
                      <option value="">{TEXTS.chooseState}</option>
                      {states.map(([name, code]) => (
                        <option key={code} value={code}>
                          {name}
                        </option>
                      ))}
                    </select>
                  </Field>
                ) : null}
                <Field id="checkout-zip" label={TEXTS.zip} problem={problems.zip_code}>
                  <input
                    id="checkout-zip"
                    className="input"
                    autoComplete="postal-code"
                    value={address.zipCode}
                    onChange={(event) => setAddress({ ...address, zipCode: event.target.value })}
                    data-testid="checkout-zip"
                  />
                </Field>
              </div>
              <Button type="submit" variant="confirm" data-testid="checkout-address-continue">
                {TEXTS.continueToPayment}
              </Button>
            </form>
          </CheckoutStep>

          <CheckoutStep {...stepProps('payment')} summary={paymentMethod ? TEXTS.cardOn(paymentMethod) : ''}>
            <form onSubmit={submitCard} noValidate autoComplete="on">
              {problems.card ? (
                <Alert variant="danger" testId="checkout-card-error">
                  {problems.card}
                </Alert>
              ) : null}
              <Field id="checkout-card-name" label={TEXTS.nameOnCard}>
                <input
                  id="checkout-card-name"
                  className="input"
                  autoComplete="cc-name"
                  value={card.name}
                  onChange={(event) => setCard({ ...card, name: event.target.value })}
                  data-testid="checkout-card-name"
                />
              </Field>
              <Field id="checkout-card-number" label={TEXTS.cardNumber}>
                <input
                  id="checkout-card-number"
                  className="input"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  value={card.number}
                  onChange={(event) => setCard({ ...card, number: event.target.value })}
                  data-testid="checkout-card-number"
                />
              </Field>
              <div className="checkout-row">
                <fieldset className="checkout-expiry">
                  <legend className="form-label">{TEXTS.expiry}</legend>
                  <input
                    className="input"
                    inputMode="numeric"
                    autoComplete="cc-exp-month"
                    aria-label={TEXTS.month}
                    placeholder="MM"
                    maxLength={2}
                    value={card.expMonth}
                    onChange={(event) => setCard({ ...card, expMonth: event.target.value })}
                    data-testid="checkout-card-month"
                  />
                  <span aria-hidden="true">/</span>
                  <input
                    className="input"
                    inputMode="numeric"
                    autoComplete="cc-exp-year"
                    aria-label={TEXTS.year}
                    placeholder="YY"
                    maxLength={4}
                    value={card.expYear}
                    onChange={(event) => setCard({ ...card, expYear: event.target.value })}
                    data-testid="checkout-card-year"
                  />
                </fieldset>
                <Field id="checkout-card-cvc" label={TEXTS.cvc}>
                  <input
                    id="checkout-card-cvc"
                    className="input checkout-cvc"
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    maxLength={4}
                    value={card.cvc}
                    onChange={(event) => setCard({ ...card, cvc: event.target.value })}
                    data-testid="checkout-card-cvc"
                  />
                </Field>
              </div>
              {paymentProvider === 'sandbox' ? (
                <details className="checkout-test-cards">
                  <summary>{TEXTS.testCards}</summary>
                  <ul>
                    {SANDBOX_TEST_CARDS.map((test) => (
                      <li key={test.number}>
                        <code>{formatCardNumber(test.number)}</code> {TEXTS.testCardOutcomes[test.outcome]}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
              <Button type="submit" variant="confirm" disabled={busy} data-testid="checkout-card-continue">
                {busy ? TEXTS.checking : TEXTS.continueToReview}
              </Button>
            </form>
          </CheckoutStep>

          <CheckoutStep {...stepProps('review')} summary="">
            <p>
              {PLAN_TITLES[plan]} for <strong>{group.name}</strong>, {TEXTS.users_(seats)}, paid with{' '}
              {paymentMethod ? TEXTS.cardOn(paymentMethod) : ''}.
            </p>
            <Button
              variant="confirm"
              disabled={busy}
              onClick={() => void confirmPurchase()}
              data-testid="checkout-confirm"
            >
              {busy ? PURCHASE_TEXTS.confirming : PURCHASE_TEXTS.confirm}
            </Button>
          </CheckoutStep>
        </ol>

        <aside
          className="checkout-summary"
          aria-labelledby="checkout-summary-title"
          data-testid="checkout-summary"
        >
          <h2 id="checkout-summary-title" className="section-title">
            {TEXTS.summary}
          </h2>
          <p className="checkout-summary-plan">{PLAN_TITLES[plan]} plan</p>
          <p className="muted">
            {Number.isNaN(seats) ? '' : `${TEXTS.users_(seats)} × `}
            {formatUsd(PLAN_PRICE_CENTS_PER_SEAT_YEAR[plan])} per user per year
          </p>
          <p className="muted">{termText(today)}</p>
          <p className="checkout-total">
            <span>{TEXTS.total}</span>
            <strong data-testid="checkout-total">{total === null ? '–' : formatUsd(total)}</strong>
          </p>
        </aside>
      </div>

      <Dialog
        open={confirmationUrl !== ''}
        title={TEXTS.bankTitle}
        onClose={() => void answerBank(false)}
        testId="checkout-bank"
      >
        <p>{TEXTS.bankText(total === null ? '' : formatUsd(total))}</p>
        <div className="checkout-bank-actions">
          <Button variant="confirm" onClick={() => void answerBank(true)} data-testid="checkout-bank-approve">
            {TEXTS.approve}
          </Button>
          <Button onClick={() => void answerBank(false)} data-testid="checkout-bank-decline">
            {TEXTS.decline}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

type StepState = 'open' | 'done' | 'next';

function CheckoutStep({
  number,
  title,
  state,
  summary,
  onEdit,
  testId,
  children,
}: {
  number: number;
  title: string;
  state: StepState;
  summary: string;
  onEdit: () => void;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <li
      className={`checkout-step checkout-step-${state}`}
      data-testid={testId}
      aria-current={state === 'open' ? 'step' : undefined}
    >
      <div className="checkout-step-head">
        <h2 className="checkout-step-title">
          <span className="checkout-step-number" aria-hidden="true">
            {number}
          </span>
          {title}
        </h2>
        {state === 'done' ? (
          <Button variant="tertiary" onClick={onEdit} aria-label={`${TEXTS.edit} ${title.toLowerCase()}`}>
            {TEXTS.edit}
          </Button>
        ) : null}
      </div>
      {state === 'open' ? <div className="checkout-step-body">{children}</div> : null}
      {state === 'done' && summary ? <p className="checkout-step-summary">{summary}</p> : null}
    </li>
  );
}

function Field({
  id,
  label,
  problem,
  help,
  children,
}: {
  id: string;
  label: string;
  problem?: string | undefined;
  help?: string;
  children: React.ReactElement;
}) {
  return (
    <div className="checkout-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {help ? <p className="muted checkout-help">{help}</p> : null}
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function useCountries(): NamedCode[] | null {
  const [countries, setCountries] = useState<NamedCode[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchCountries(controller.signal)
      .then(setCountries)
      .catch(() => setCountries([]));
    return () => controller.abort();
  }, []);
  return countries;
}

function useStates(country: string): NamedCode[] | null {
  const [states, setStates] = useState<{ country: string; states: NamedCode[] } | null>(null);
  useEffect(() => {
    if (!country) return;
    const controller = new AbortController();
    fetchCountryStates(country, controller.signal)
      .then((found) => setStates({ country, states: found }))
      .catch(() => setStates({ country, states: [] }));
    return () => controller.abort();
  }, [country]);
  return states?.country === country ? states.states : null;
}

/** 'Nov 27, 2026 – Nov 27, 2027': the yearly term an order bought today runs for. */
function termText(today: string): string {
  const start = parseCalendarDate(today);
  const end = parseCalendarDate(termEndDay(today));
  return start && end ? TEXTS.term(formatCalendarDate(start), formatCalendarDate(end)) : '';
}
