import {
  PLAN_CODES,
  PLAN_FEATURES,
  PLAN_PRICE_CENTS_PER_SEAT_YEAR,
  PLAN_TITLES,
  type PlanCode,
  upgradesFrom,
} from '../../../core/domain/plans.ts';
import { formatCount } from '../../../core/domain/plural.ts';
import { formatUsd, PURCHASE_TEXTS } from '../../../core/domain/purchase.ts';
import { TRIAL_TEXTS } from '../../../core/domain/trials.ts';
import { groupBillingPath, newSubscriptionPath, newTrialPath } from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { formatCalendarDate, formatTimestamp } from '../../../core/time/formatting.ts';
import { groupCrumbs, PageHeader } from '../../components/navigation/index.ts';
import { usePageSettled } from '../../data/index.ts';
import { Badge, useDocumentTitle } from '../../ui/index.ts';
import { AssignPlanForm } from './AssignPlanForm.tsx';
import { type Billing, type Invoice, parseBilling } from './billing.ts';

const TEXTS = {
  title: 'Billing',
  seats: 'Seats',
  subscription: 'Subscription',
  plans: 'Plans',
  currentPlan: 'Current plan',
  seatsInSubscription: 'Seats in subscription',
  seatsInUse: 'Seats currently in use',
  maxSeatsUsed: 'Max seats used',
  seatsOwed: 'Seats owed',
  guestsNotBilled: 'Guests are not counted on this plan.',
  owedExplained: 'Seats used beyond those in the subscription are owed at renewal.',
  noSeatLimit: 'The Free plan has no seats to pay for.',
  trialNoSeats: 'A trial has no seats to pay for.',
  startDate: 'Subscription start date',
  endDate: 'Subscription end date',
  renews: 'Renews automatically',
  doesNotRenew: 'Does not renew automatically',
  trialEnds: 'Trial ends on',
  plus: (below: string) => `Everything in ${below}, and:`,
  free: 'Free forever',
  perUser: 'per user per year',
  invoices: 'Invoices',
  invoice: 'Invoice',
  date: 'Date',
  description: 'Description',
  amount: 'Amount',
  paidWith: 'Paid with',
  invoiceLine: (plan: string, seats: number) =>
    `${plan}, ${formatCount(seats)} ${seats === 1 ? 'seat' : 'seats'}`,
};

function planName(billing: Billing): string {
  return billing.trial ? `${PLAN_TITLES[billing.plan]} Trial` : PLAN_TITLES[billing.plan];
}

/** `/groups/:path/-/billings`: a top-level group's plan, its seats and dates, and the plans compared. */
export function BillingPage({
  fullPath,
  groupId,
  groupName,
  billing,
  canAssignPlan,
}: PageMountOf<'group-billing'>) {
  const data = parseBilling(billing);
  usePageSettled(true);
  useDocumentTitle(TEXTS.title);
  const name = groupName || fullPath;
  // Seats are paid for on a paid plan; a trial pays for none.
  const paid = data.plan !== 'free' && !data.trial;
  return (
    <>
      <PageHeader
        crumbs={[
          ...groupCrumbs(fullPath, null, groupName),
          { label: TEXTS.title, href: groupBillingPath(fullPath) },
        ]}
        title={TEXTS.title}
        actions={
          data.trialAvailable ? (
            <a className="btn btn-confirm" href={newTrialPath(groupId)} data-testid="billing-start-trial">
              {TRIAL_TEXTS.start}
            </a>
          ) : undefined
        }
      >
        <p className="page-subtitle" data-testid="billing-plan">
          <strong>{name}</strong> is currently using the <strong>{planName(data)}</strong> plan.
        </p>
      </PageHeader>

      <section className="billing-section" aria-labelledby="billing-seats">
        <h2 id="billing-seats" className="section-title">
          {TEXTS.seats}
        </h2>
        <dl className="billing-figures" data-testid="billing-seats">
          {paid ? <Figure label={TEXTS.seatsInSubscription} value={data.seats} /> : null}
          <Figure label={TEXTS.seatsInUse} value={data.seatsInUse} />
          <Figure label={TEXTS.maxSeatsUsed} value={data.maxSeatsUsed} />
          {paid ? <Figure label={TEXTS.seatsOwed} value={data.seatsOwed} alert={data.seatsOwed > 0} /> : null}
        </dl>
        <p className="muted">
          {paid ? TEXTS.owedExplained : data.trial ? TEXTS.trialNoSeats : TEXTS.noSeatLimit}
          {data.excludeGuests ? ` ${TEXTS.guestsNotBilled}` : null}
        </p>
      </section>

      {data.startDate || data.trialEndsOn ? (
        <section className="billing-section" aria-labelledby="billing-subscription">
          <h2 id="billing-subscription" className="section-title">
            {TEXTS.subscription}
          </h2>
          <dl className="billing-dates" data-testid="billing-dates">
            {data.trial && data.trialEndsOn ? (
              <DateRow label={TEXTS.trialEnds} value={formatCalendarDate(data.trialEndsOn)} />
            ) : null}
            {data.startDate ? (
              <DateRow label={TEXTS.startDate} value={formatCalendarDate(data.startDate)} />
            ) : null}
            {data.endDate ? (
              <DateRow
                label={TEXTS.endDate}
                value={`${formatCalendarDate(data.endDate)} · ${data.autoRenew ? TEXTS.renews : TEXTS.doesNotRenew}`}
              />
            ) : null}
          </dl>
        </section>
      ) : null}

      <section className="billing-section" aria-labelledby="billing-plans">
        <h2 id="billing-plans" className="section-title">
          {TEXTS.plans}
        </h2>
        <ul className="billing-plans">
          {PLAN_CODES.map((plan, index) => (
            <PlanCard
              key={plan}
              plan={plan}
              below={PLAN_CODES[index - 1]}
              current={plan === data.plan}
              upgradePath={
                groupId && (upgradesFrom(data.plan, data.trial) as readonly PlanCode[]).includes(plan)
                  ? newSubscriptionPath(groupId, plan)
                  : null
              }
            />
          ))}
        </ul>
      </section>

      {data.invoices.length > 0 ? <Invoices invoices={data.invoices} /> : null}
      {canAssignPlan && groupId ? <AssignPlanForm groupId={groupId} billing={data} /> : null}
    </>
  );
}

function Figure({ label, value, alert = false }: { label: string; value: number; alert?: boolean }) {
  return (
    <div className={alert ? 'billing-figure billing-figure-alert' : 'billing-figure'}>
      <dt>{label}</dt>
      <dd>{formatCount(value)}</dd>
    </div>
  );
}

function DateRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="billing-date">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function PlanCard({
  plan,
  below,
  current,
  upgradePath,
}: {
  plan: PlanCode;
  below: PlanCode | undefined;
  current: boolean;
  upgradePath: string | null;
}) {
  return (
    <li
      className={current ? 'billing-plan billing-plan-current' : 'billing-plan'}
      data-testid={`billing-plan-${plan}`}
    >
      <h3 className="billing-plan-name">
        {PLAN_TITLES[plan]} {current ? <Badge variant="info">{TEXTS.currentPlan}</Badge> : null}
      </h3>
      <p className="billing-plan-price">
        {plan === 'free' ? (
          TEXTS.free
        ) : (
          <>
            <strong>{formatUsd(PLAN_PRICE_CENTS_PER_SEAT_YEAR[plan])}</strong> {TEXTS.perUser}
          </>
        )}
      </p>
      {below ? <p className="muted">{TEXTS.plus(PLAN_TITLES[below])}</p> : null}
      <ul className="billing-plan-features">
        {PLAN_FEATURES[plan].map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {upgradePath && plan !== 'free' ? (
        <a className="btn btn-confirm" href={upgradePath} data-testid={`billing-upgrade-${plan}`}>
          {PURCHASE_TEXTS.upgrade(plan)}
        </a>
      ) : null}
    </li>
  );
}

function Invoices({ invoices }: { invoices: readonly Invoice[] }) {
  return (
    <section className="billing-section" aria-labelledby="billing-invoices">
      <h2 id="billing-invoices" className="section-title">
        {TEXTS.invoices}
      </h2>
      <div className="table-scroll">
        <table className="billing-invoices" data-testid="billing-invoices">
          <thead>
            <tr>
              <th scope="col">{TEXTS.invoice}</th>
              <th scope="col">{TEXTS.date}</th>
              <th scope="col">{TEXTS.description}</th>
              <th scope="col">{TEXTS.paidWith}</th>
              <th scope="col" className="billing-amount">
                {TEXTS.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.number}>
                <td>{invoice.number}</td>
                <td>{formatTimestamp(invoice.createdAt)}</td>
                <td>
                  {TEXTS.invoiceLine(PLAN_TITLES[invoice.plan], invoice.seats)}
                  {invoice.periodStart && invoice.periodEnd ? (
                    <span className="muted">
                      {' '}
                      · {formatCalendarDate(invoice.periodStart)} – {formatCalendarDate(invoice.periodEnd)}
                    </span>
                  ) : null}
                </td>
                <td>{invoice.card}</td>
                <td className="billing-amount">{formatUsd(invoice.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
