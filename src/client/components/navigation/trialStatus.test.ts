import { describe, expect, it } from 'vitest';
import { parseTrialStatus } from './trialStatus.ts';

describe("a group page's trial", () => {
  it('reads a running trial with its plan named', () => {
    expect(
      parseTrialStatus(
        JSON.stringify({
          state: 'running',
          plan: 'ultimate',
          group_name: 'Sandbox',
          billing_path: '/groups/sandbox/-/billings',
          upgrade_path: '/-/subscriptions/new?namespace_id=12&plan_id=ultimate',
          starts_on: '2026-11-27',
          ends_on: '2026-12-27',
          today: '2026-11-28',
        }),
      ),
    ).toEqual({
      state: 'running',
      planTitle: 'Ultimate',
      groupName: 'Sandbox',
      billingPath: '/groups/sandbox/-/billings',
      upgradePath: '/-/subscriptions/new?namespace_id=12&plan_id=ultimate',
      namespaceId: '',
      variant: 'upgrade',
      startsOn: '2026-11-27',
      endsOn: '2026-12-27',
      today: '2026-11-28',
    });
  });

  it('reads nothing, or anything that is not a trial, as none', () => {
    for (const text of [
      '',
      'null',
      '{"state":"running","plan":"gold"}',
      '{"state":"paused","plan":"ultimate"}',
    ]) {
      expect(parseTrialStatus(text)).toBeNull();
    }
  });
});
