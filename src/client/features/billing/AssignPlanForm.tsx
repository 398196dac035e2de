import { type FormEvent, useId, useState } from 'react';
import { PLAN_CODES, PLAN_TITLES } from '../../../core/domain/plans.ts';
import { termEndDay } from '../../../core/domain/purchase.ts';
import { SelectField, TextField } from '../../components/forms/index.ts';
import { assignPlan } from '../../data/index.ts';
import { Alert, Button } from '../../ui/index.ts';
import type { Billing } from './billing.ts';

const TEXTS = {
  title: 'Assign a plan',
  intro: 'As an administrator you can put this group on a plan directly, without a purchase.',
  plan: 'Plan',
  seats: 'Seats',
  start: 'Start date',
  end: 'End date (optional)',
  save: 'Assign plan',
  saving: 'Assigning…',
};

/** Administrators only: the group's plan, seats and term set outright (GitLab's gitlab_subscription API). */
export function AssignPlanForm({ groupId, billing }: { groupId: string; billing: Billing }) {
  const id = useId();
  const today = billing.today ?? '';
  const [plan, setPlan] = useState<string>(billing.trial ? 'free' : billing.plan);
  const [seats, setSeats] = useState(String(billing.seats || billing.seatsInUse));
  const [startDate, setStartDate] = useState<string>(billing.startDate ?? today);
  const [endDate, setEndDate] = useState<string>(billing.endDate ?? (today ? termEndDay(today) : ''));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await assignPlan(
        groupId,
        { plan, seats: Number(seats), startDate, endDate: endDate || null },
        billing.hasSubscription,
      );
      window.location.reload();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };

  return (
    <section className="billing-section" aria-labelledby={`${id}-title`} data-testid="billing-assign-plan">
      <h2 id={`${id}-title`} className="section-title">
        {TEXTS.title}
      </h2>
      <p className="muted">{TEXTS.intro}</p>
      {error ? (
        <Alert variant="danger" testId="billing-assign-error">
          {error}
        </Alert>
      ) : null}
      <form className="billing-assign" onSubmit={submit} noValidate>
        <SelectField
          id={`${id}-plan`}
          label={TEXTS.plan}
          value={plan}
          onChange={setPlan}
          options={PLAN_CODES.map((code) => [PLAN_TITLES[code], code] as const)}
        />
        <TextField id={`${id}-seats`} label={TEXTS.seats} numeric value={seats} onChange={setSeats} />
        <TextField
          id={`${id}-start`}
          label={TEXTS.start}
          type="date"
          value={startDate}
          onChange={setStartDate}
        />
        <TextField id={`${id}-end`} label={TEXTS.end} type="date" value={endDate} onChange={setEndDate} />
        <Button type="submit" variant="confirm" disabled={busy}>
          {busy ? TEXTS.saving : TEXTS.save}
        </Button>
      </form>
    </section>
  );
}
