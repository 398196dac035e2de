import { isPlanCode, PLAN_TITLES } from '../../../core/domain/plans.ts';
import { parseCalendarDate } from '../../../core/time/calendarDate.ts';
import type { TrialStatus } from './navItems.ts';

/** A group page's `trialStatus` (core/pages: TrialStatusJson); null when empty or not one. */
export function parseTrialStatus(text: string): TrialStatus | null {
  if (!text) return null;
  let json: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    json = value as Record<string, unknown>;
  } catch {
    return null;
  }
  const day = (key: string) => (typeof json[key] === 'string' ? parseCalendarDate(json[key]) : undefined);
  const startsOn = day('starts_on');
  const endsOn = day('ends_on');
  const today = day('today');
  const state = json.state === 'running' || json.state === 'ended' ? json.state : null;
  if (!startsOn || !endsOn || !today || !state || !isPlanCode(json.plan)) return null;
  return {
    state,
    planTitle: PLAN_TITLES[json.plan],
    groupName: typeof json.group_name === 'string' ? json.group_name : '',
    billingPath: typeof json.billing_path === 'string' ? json.billing_path : '',
    startsOn,
    endsOn,
    today,
  };
}
