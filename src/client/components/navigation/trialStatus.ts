import { isPlanCode, PLAN_TITLES } from '../../../core/domain/plans.ts';
import { parseJsonRecord } from '../../../core/lib/jsonText.ts';
import { parseCalendarDate } from '../../../core/time/calendarDate.ts';
import type { TrialStatus } from './navItems.ts';

/** A group page's `trialStatus` (core/pages: TrialStatusJson); null when empty or not one. */
export function parseTrialStatus(text: string): TrialStatus | null {
  const json = parseJsonRecord(text);
  if (!json) return null;
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
    upgradePath: typeof json.upgrade_path === 'string' ? json.upgrade_path : '',
    namespaceId: typeof json.namespace_id === 'number' ? String(json.namespace_id) : '',
    variant: json.variant === 'contact_sales' ? 'contact_sales' : 'upgrade',
    startsOn,
    endsOn,
    today,
  };
}
