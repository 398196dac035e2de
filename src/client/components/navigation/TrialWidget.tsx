import { useState } from 'react';
import { LEAD_TEXTS } from '../../../core/domain/handRaiseLeads.ts';
import { PURCHASE_TEXTS } from '../../../core/domain/purchase.ts';
import { showsTrialPopover, TRIAL_TEXTS, trialDays, trialPercent } from '../../../core/domain/trials.ts';
import { browserStorage } from '../../lib/index.ts';
import { Alert, Button } from '../../ui/index.ts';
import { HandRaiseLeadDialog } from './HandRaiseLeadDialog.tsx';
import type { TrialStatus } from './navItems.ts';

/**
 * GitLab's trial widget at the foot of the group sidebar: '{plan} Trial', 'Day {used}/{duration}'
 * and a progress bar, leading to the plans. Hovering or focusing it opens its popover ('Hey there',
 * the end date, 'Compare all plans'), except on small screens.
 */
export function TrialWidget({ trial }: { trial: TrialStatus }) {
  const [open, setOpen] = useState(false);
  const [leadOpen, setLeadOpen] = useState(false);
  const days = trialDays(trial.startsOn, trial.endsOn, trial.today);
  const percent = trialPercent(days);
  const show = () => setOpen(showsTrialPopover(window.innerWidth));
  return (
    <>
      <section
        className="trial-widget"
        aria-label={TRIAL_TEXTS.widget(trial.planTitle)}
        onMouseEnter={show}
        onMouseLeave={() => setOpen(false)}
        onFocus={show}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        data-testid="trial-widget"
      >
        <a className="trial-widget-link" href={trial.billingPath}>
          <span className="trial-widget-title">{TRIAL_TEXTS.widget(trial.planTitle)}</span>
          <span className="trial-widget-day" data-testid="trial-widget-day">
            {TRIAL_TEXTS.day(days)}
          </span>
          <span
            className="trial-widget-bar"
            role="progressbar"
            aria-label={TRIAL_TEXTS.widget(trial.planTitle)}
            aria-valuemin={0}
            aria-valuemax={days.duration}
            aria-valuenow={days.used}
          >
            <span className="trial-widget-bar-fill" style={{ width: `${percent}%` }} />
          </span>
        </a>
        {open ? (
          <div className="trial-popover" data-testid="trial-popover">
            <p className="trial-popover-title">{TRIAL_TEXTS.heyThere}</p>
            <p>{TRIAL_TEXTS.endsOn(trial.endsOn)}</p>
            {trial.variant === 'contact_sales' ? (
              <Button
                variant="confirm"
                onClick={() => {
                  setOpen(false);
                  setLeadOpen(true);
                }}
                data-testid="trial-popover-contact-sales"
              >
                {LEAD_TEXTS.button}
              </Button>
            ) : trial.upgradePath ? (
              <a className="btn btn-confirm" href={trial.upgradePath} data-testid="trial-popover-upgrade">
                {PURCHASE_TEXTS.upgradeGroup(trial.groupName, trial.planTitle)}
              </a>
            ) : null}
            <a className="btn btn-default" href={trial.billingPath}>
              {TRIAL_TEXTS.compare}
            </a>
          </div>
        ) : null}
      </section>
      {/* Beside the widget, not in it: focus in the form must not reopen the popover. */}
      <HandRaiseLeadDialog
        open={leadOpen}
        onClose={() => setLeadOpen(false)}
        namespaceId={trial.namespaceId}
        groupName={trial.groupName}
      />
    </>
  );
}

const dismissedKey = (trial: TrialStatus) => `trial-ended-dismissed:${trial.billingPath}:${trial.endsOn}`;

/** Once a trial has ended, its owners are told on the group's pages until they dismiss it. */
export function TrialEndedBanner({ trial }: { trial: TrialStatus }) {
  const storage = browserStorage('The trial banner');
  const [dismissed, setDismissed] = useState(() => storage?.getItem(dismissedKey(trial)) === 'true');
  if (dismissed) return null;
  return (
    <div className="trial-ended-banner" data-testid="trial-ended-banner">
      <Alert variant="warning">
        {TRIAL_TEXTS.ended(trial.planTitle, trial.groupName)}{' '}
        <a href={trial.billingPath}>{TRIAL_TEXTS.seePlans}</a>
        <Button
          variant="tertiary"
          icon="close"
          iconOnly
          aria-label={TRIAL_TEXTS.dismiss}
          className="trial-ended-dismiss"
          onClick={() => {
            storage?.setItem(dismissedKey(trial), 'true');
            setDismissed(true);
          }}
        />
      </Alert>
    </div>
  );
}
