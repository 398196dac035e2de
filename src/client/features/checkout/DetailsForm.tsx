import type { FormEvent } from 'react';
import { PAID_PLAN_CODES, type PaidPlanCode, PLAN_TITLES } from '../../../core/domain/plans.ts';
import { PURCHASE_TEXTS } from '../../../core/domain/purchase.ts';
import { SelectField, TextField } from '../../components/forms/index.ts';
import { Button } from '../../ui/index.ts';
import type { CheckoutGroup } from './checkout.ts';
import { planOrDefault } from './checkout.ts';
import { CHECKOUT_TEXTS as TEXTS } from './checkoutTexts.ts';

export interface Details {
  readonly groupId: string;
  readonly plan: PaidPlanCode;
  /** As typed: the seats are read from it. */
  readonly seats: string;
  readonly forCompany: boolean;
  readonly company: string;
}

/** The subscription's details: the group, the plan, how many users, and whether a company pays. */
export function DetailsForm({
  details,
  onChange,
  groups,
  seatsInUse,
  problems,
  onSubmit,
}: {
  details: Details;
  onChange: (details: Details) => void;
  groups: readonly CheckoutGroup[];
  seatsInUse: number;
  problems: Readonly<Record<string, string>>;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      {groups.length > 1 ? (
        <SelectField
          id="checkout-group"
          label={TEXTS.group}
          value={details.groupId}
          onChange={(groupId) => onChange({ ...details, groupId })}
          options={groups.map((group) => [`${group.name} (${group.fullPath})`, group.id] as const)}
        />
      ) : null}
      <SelectField
        id="checkout-plan"
        label={TEXTS.plan}
        value={details.plan}
        onChange={(plan) => onChange({ ...details, plan: planOrDefault(plan) })}
        options={PAID_PLAN_CODES.map(
          (code) => [`${PLAN_TITLES[code]} · ${PURCHASE_TEXTS.perSeat(code)}`, code] as const,
        )}
      />
      <TextField
        id="checkout-seats"
        label={TEXTS.users}
        numeric
        className="checkout-seats"
        value={details.seats}
        onChange={(seats) => onChange({ ...details, seats })}
        problem={problems.quantity}
        help={TEXTS.usersHelp(seatsInUse)}
      />
      <label className="checkbox-row">
        <input
          type="checkbox"
          checked={details.forCompany}
          onChange={(event) => onChange({ ...details, forCompany: event.target.checked })}
          data-testid="checkout-company-toggle"
        />
        {TEXTS.company}
      </label>
      {details.forCompany ? (
        <TextField
          id="checkout-company"
          label={TEXTS.companyName}
          autoComplete="organization"
          value={details.company}
          onChange={(company) => onChange({ ...details, company })}
          problem={problems.company}
        />
      ) : null}
      <Button type="submit" variant="confirm" data-testid="checkout-details-continue">
        {TEXTS.continueToAddress}
      </Button>
    </form>
  );
}
