/** The Billing page's plan, seats and dates, from the JSON the server writes on the page. */
import { isPlanCode, type PlanCode } from '../../../core/domain/plans.ts';
import { parseJsonRecord } from '../../../core/lib/jsonText.ts';
import { type CalendarDate, parseCalendarDate } from '../../../core/time/calendarDate.ts';

export interface Billing {
  readonly plan: PlanCode;
  readonly trial: boolean;
  readonly trialEndsOn: CalendarDate | null;
  readonly seats: number;
  readonly seatsInUse: number;
  readonly maxSeatsUsed: number;
  readonly seatsOwed: number;
  readonly startDate: CalendarDate | null;
  readonly endDate: CalendarDate | null;
  readonly autoRenew: boolean | null;
  readonly excludeGuests: boolean;
  /** On Free and never on a trial. */
  readonly trialAvailable: boolean;
  readonly invoices: readonly Invoice[];
  readonly hasSubscription: boolean;
  readonly today: CalendarDate | null;
}

export interface Invoice {
  readonly number: string;
  readonly createdAt: string;
  readonly plan: PlanCode;
  readonly seats: number;
  readonly amountCents: number;
  readonly periodStart: CalendarDate | null;
  readonly periodEnd: CalendarDate | null;
  readonly card: string;
}

function parseInvoices(value: unknown): Invoice[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const invoice = (entry ?? {}) as Record<string, unknown>;
    if (typeof invoice.number !== 'string' || typeof invoice.created_at !== 'string') return [];
    return [
      {
        number: invoice.number,
        createdAt: invoice.created_at,
        plan: isPlanCode(invoice.plan) ? invoice.plan : 'free',
        seats: count(invoice.seats),
        amountCents: count(invoice.amount_cents),
        periodStart: day(invoice.period_start),
        periodEnd: day(invoice.period_end),
        card: typeof invoice.card === 'string' ? invoice.card : '',
      },
    ];
  });
}

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
const day = (value: unknown): CalendarDate | null =>
  typeof value === 'string' ? (parseCalendarDate(value) ?? null) : null;

/** What does not parse reads as the Free plan with nothing used. */
export function parseBilling(text: string): Billing {
  const json = parseJsonRecord(text) ?? {};
  return {
    plan: isPlanCode(json.plan) ? json.plan : 'free',
    trial: json.trial === true,
    trialEndsOn: day(json.trial_ends_on),
    seats: count(json.seats_in_subscription),
    seatsInUse: count(json.seats_in_use),
    maxSeatsUsed: count(json.max_seats_used),
    seatsOwed: count(json.seats_owed),
    startDate: day(json.subscription_start_date),
    endDate: day(json.subscription_end_date),
    autoRenew: typeof json.auto_renew === 'boolean' ? json.auto_renew : null,
    excludeGuests: json.exclude_guests === true,
    trialAvailable: json.trial_available === true,
    invoices: parseInvoices(json.invoices),
    hasSubscription: json.has_subscription === true,
    today: day(json.today),
  };
}
