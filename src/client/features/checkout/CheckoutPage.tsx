import { type FormEvent, useMemo, useState } from 'react';
import { cardProblem, fullExpiryYear } from '../../../core/domain/paymentCards.ts';
import { PLAN_PRICE_CENTS_PER_SEAT_YEAR, PLAN_TITLES } from '../../../core/domain/plans.ts';
import {
  type BillingAddress,
  billingAddressProblems,
  formatUsd,
  PAYMENT_FORM_ID,
  PURCHASE_TEXTS,
  seatsProblem,
  termEndDay,
} from '../../../core/domain/purchase.ts';
import { groupBillingPath, groupPath } from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { parseCalendarDate } from '../../../core/time/calendarDate.ts';
import { formatCalendarDate } from '../../../core/time/formatting.ts';
import { PageHeader } from '../../components/navigation/index.ts';
import {
  addCard,
  answerConfirmation,
  type CardFields,
  type OrderAnswer,
  type PaymentMethod,
  placeOrder,
  useCountries,
  useCountryStates,
  usePageSettled,
} from '../../data/index.ts';
import { Alert, Button, Dialog, EmptyState, useDocumentTitle } from '../../ui/index.ts';
import { AddressForm } from './AddressForm.tsx';
import { CardForm } from './CardForm.tsx';
import { CheckoutStep, type StepState } from './CheckoutStep.tsx';
import { newIdempotencyKey, orderTotal, parseCheckoutGroups, planOrDefault } from './checkout.ts';
import { CHECKOUT_TEXTS as TEXTS } from './checkoutTexts.ts';
import { type Details, DetailsForm } from './DetailsForm.tsx';

type Step = 'details' | 'address' | 'payment' | 'review';
const STEPS: readonly Step[] = ['details', 'address', 'payment', 'review'];

const EMPTY_ADDRESS: BillingAddress = {
  country: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zipCode: '',
  company: '',
};
const EMPTY_CARD: CardFields = { number: '', expMonth: '', expYear: '', cvc: '', name: '' };
const ADDRESS_LABELS: Readonly<Record<string, string>> = {
  country: TEXTS.country,
  address_1: TEXTS.address1,
  address_2: TEXTS.address2,
  city: TEXTS.city,
  state: TEXTS.state,
  zip_code: TEXTS.zip,
  company: TEXTS.companyName,
};

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * `/-/subscriptions/new`: GitLab's checkout. The details, the billing address and the card, each a
 * step; then the order, which the bank may ask the holder to confirm.
 */
export function CheckoutPage({
  groups,
  namespaceId,
  planId,
  userId,
  paymentProvider,
  today,
}: PageMountOf<'subscription-new'>) {
  const choices = useMemo(() => parseCheckoutGroups(groups), [groups]);
  const firstGroup = choices.find((group) => group.id === namespaceId) ?? choices[0];
  const firstPlan = planOrDefault(planId);
  const [details, setDetails] = useState<Details>({
    groupId: firstGroup?.id ?? '',
    plan: firstPlan,
    seats: String(Math.max(1, firstGroup?.seatsInUse[firstPlan] ?? 0)),
    forCompany: false,
    company: '',
  });
  const [address, setAddress] = useState<BillingAddress>(EMPTY_ADDRESS);
  const [card, setCard] = useState<CardFields>(EMPTY_CARD);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod | null>(null);
  const [step, setStep] = useState<Step>('details');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmationUrl, setConfirmationUrl] = useState('');
  // One key per attempt to pay: a retry of the same order is charged once; a new card is a new attempt.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const countries = useCountries();
  const states = useCountryStates(address.country);
  usePageSettled(countries !== null);
  useDocumentTitle(PURCHASE_TEXTS.title(details.plan));

  const group = choices.find((choice) => choice.id === details.groupId);
  const plan = details.plan;
  const seatsInUse = group?.seatsInUse[plan] ?? 0;
  const seats = /^\d{1,7}$/.test(details.seats.trim()) ? Number(details.seats.trim()) : Number.NaN;
  const total = orderTotal(plan, seats);
  const billedTo = { ...address, company: details.forCompany ? details.company : '' };

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
    if (seatProblem) found.quantity = TEXTS.problem(TEXTS.users, seatProblem);
    if (details.forCompany && details.company.trim() === '') {
      found.company = TEXTS.problem(TEXTS.companyName, "can't be blank");
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    newAttempt();
    go(address.country ? (paymentMethod ? 'review' : 'payment') : 'address');
  };

  const submitAddress = (event: FormEvent) => {
    event.preventDefault();
    const found = billingAddressProblems(billedTo, details.forCompany, {
      known: (countries ?? []).some(([, code]) => code === address.country),
      states: states.map(([, code]) => code),
    });
    const shown = Object.fromEntries(
      Object.entries(found).map(([field, messages]) => [
        field,
        TEXTS.problem(ADDRESS_LABELS[field] ?? field, messages[0] ?? ''),
      ]),
    );
    setProblems(shown);
    if (Object.keys(shown).length === 0) go(paymentMethod ? 'review' : 'payment');
  };

  const submitCard = async (event: FormEvent) => {
    event.preventDefault();
    const typed = { ...card, expMonth: Number(card.expMonth), expYear: fullExpiryYear(Number(card.expYear)) };
    const problem = cardProblem(typed, today);
    if (problem) {
      setProblems({ card: problem });
      return;
    }
    setBusy(true);
    setProblems({});
    try {
      setPaymentMethod(await addCard(PAYMENT_FORM_ID, userId, card));
      // The card does not stay in the page once the provider holds it.
      setCard(EMPTY_CARD);
      newAttempt();
      go('review');
    } catch (failure) {
      setProblems({ card: messageOf(failure) });
    } finally {
      setBusy(false);
    }
  };

  const order = (): Promise<OrderAnswer> => {
    if (!group || !paymentMethod) return Promise.reject(new Error('The order is not complete.'));
    return placeOrder({
      namespaceId: group.id,
      planId: plan,
      quantity: seats,
      paymentMethodId: paymentMethod.id,
      setupForCompany: details.forCompany,
      customer: {
        country: billedTo.country,
        address_1: billedTo.address1,
        address_2: billedTo.address2,
        city: billedTo.city,
        state: billedTo.state,
        zip_code: billedTo.zipCode,
        company: billedTo.company,
      },
      idempotencyKey,
    });
  };

  /** Places the order (again, after the bank answered): paid leads to Billing, else the bank asks. */
  const settle = async (before?: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await before?.();
      const answer = await order();
      if (answer.status === 'paid') {
        window.location.assign(answer.location);
        return;
      }
      setConfirmationUrl(answer.confirmationUrl);
    } catch (failure) {
      setError(messageOf(failure));
      // A refused order stays refused under its key: paying again is a new attempt.
      newAttempt();
    }
    setBusy(false);
  };

  const answerBank = (approve: boolean) => {
    const url = confirmationUrl;
    setConfirmationUrl('');
    // The same order again, under the same key: the server picks up where the charge stands.
    void settle(() => answerConfirmation(url, approve));
  };

  if (!group) {
    return (
      <div className="checkout">
        <PageHeader crumbs={[]} title={PURCHASE_TEXTS.title(plan)} />
        <EmptyState title={TEXTS.noGroups} description={TEXTS.noGroupsHelp} testId="checkout-no-groups" />
      </div>
    );
  }

  const stepProps = (name: Step) => ({
    number: STEPS.indexOf(name) + 1,
    title: TEXTS.stepTitles[name],
    state: stepState(name, step),
    onEdit: () => go(name),
    testId: `checkout-step-${name}`,
  });
  const changeDetails = (next: Details) => {
    // A group or plan that bills more seats raises the count to them.
    const nextInUse = choices.find((choice) => choice.id === next.groupId)?.seatsInUse[next.plan] ?? 0;
    const typed = Number(next.seats);
    setDetails(
      next.seats === details.seats && typed < nextInUse ? { ...next, seats: String(nextInUse) } : next,
    );
  };

  return (
    <div className="checkout">
      <PageHeader
        crumbs={[
          { label: group.name, href: groupPath(group.fullPath) },
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
            summary={[group.name, PLAN_TITLES[plan], TEXTS.users_(seats), billedTo.company]
              .filter(Boolean)
              .join(' · ')}
          >
            <DetailsForm
              details={details}
              onChange={changeDetails}
              groups={choices}
              seatsInUse={seatsInUse}
              problems={problems}
              onSubmit={submitDetails}
            />
          </CheckoutStep>
          <CheckoutStep
            {...stepProps('address')}
            summary={[address.address1, address.city, address.state, address.zipCode, address.country]
              .filter(Boolean)
              .join(', ')}
          >
            <AddressForm
              address={address}
              onChange={setAddress}
              countries={countries ?? []}
              states={states}
              problems={problems}
              onSubmit={submitAddress}
            />
          </CheckoutStep>
          <CheckoutStep {...stepProps('payment')} summary={paymentMethod ? TEXTS.cardOn(paymentMethod) : ''}>
            <CardForm
              card={card}
              onChange={setCard}
              problem={problems.card}
              busy={busy}
              sandbox={paymentProvider === 'sandbox'}
              onSubmit={submitCard}
            />
          </CheckoutStep>
          <CheckoutStep {...stepProps('review')} summary="">
            <p>
              {PLAN_TITLES[plan]} for <strong>{group.name}</strong>, {TEXTS.users_(seats)}, paid with{' '}
              {paymentMethod ? TEXTS.cardOn(paymentMethod) : ''}.
            </p>
            <Button
              variant="confirm"
              disabled={busy}
              onClick={() => void settle()}
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
            {formatUsd(PLAN_PRICE_CENTS_PER_SEAT_YEAR[plan])} {TEXTS.perUserPerYear}
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
        onClose={() => answerBank(false)}
        testId="checkout-bank"
      >
        <p>{TEXTS.bankText(total === null ? '' : formatUsd(total))}</p>
        <div className="checkout-bank-actions">
          <Button variant="confirm" onClick={() => answerBank(true)}>
            {TEXTS.approve}
          </Button>
          <Button onClick={() => answerBank(false)}>{TEXTS.decline}</Button>
        </div>
      </Dialog>
    </div>
  );
}

/** 'Nov 27, 2026 – Nov 27, 2027': the yearly term an order bought today runs for. */
function termText(today: string): string {
  const start = parseCalendarDate(today);
  const end = parseCalendarDate(termEndDay(today));
  return start && end ? TEXTS.term(formatCalendarDate(start), formatCalendarDate(end)) : '';
}

function stepState(name: Step, current: Step): StepState {
  if (name === current) return 'open';
  return STEPS.indexOf(name) < STEPS.indexOf(current) ? 'done' : 'next';
}
