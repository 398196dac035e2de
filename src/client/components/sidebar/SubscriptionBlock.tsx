/**
 * The viewer's notifications for an epic or an issue (spec, "Subscription"), a switch saved through
 * GitLab's `epicSetSubscription` or `issueSetSubscription`. It is disabled for anonymous visitors and when an owner switched emails
 * off ('Disabled by group owner'); a refusal flips it back.
 */
import { useOptimistic, useState, useTransition } from 'react';
import { firstErrorMessage, type QueryState, type SidebarWriteResult } from '../../data/index.ts';
import { usePushToast } from '../../state/index.ts';
import { Icon, Switch, Tooltip } from '../../ui/index.ts';
import {
  BlockAlert,
  type BlockError,
  BlockFetchError,
  blockErrorText,
  blockHeadingId,
  CollapsedItem,
  SIDEBAR_TEXT,
  SidebarBlock,
  type SidebarIssuable,
  writeError,
} from './index.ts';

/** The viewer's subscription as the block reads and saves it; `emailsDisabled` when the query knows. */
export type SubscriptionState = QueryState<{
  readonly subscribed: boolean;
  readonly emailsDisabled?: boolean | undefined;
} | null> & { save(subscribed: boolean): Promise<SidebarWriteResult> };

export function SubscriptionBlock({
  issuable,
  subscription,
  signedIn,
  emailsDisabledByPage,
  collapsed,
}: {
  issuable: SidebarIssuable;
  subscription: SubscriptionState;
  signedIn: boolean;
  /** The page data's answer, used until the block's own query answers. */
  emailsDisabledByPage: boolean;
  collapsed: boolean;
}) {
  const [subscribed, showPending] = useOptimistic<boolean, boolean>(
    subscription.data?.subscribed ?? false,
    (_, next) => next,
  );
  const [saving, startSaving] = useTransition();
  const [error, setError] = useState<BlockError | null>(null);
  const pushToast = usePushToast();
  const emailsDisabled = subscription.data?.emailsDisabled ?? emailsDisabledByPage;
  const disabled = !signedIn || emailsDisabled || !subscription.data;
  const tooltip = emailsDisabled
    ? SIDEBAR_TEXT.emailsDisabled
    : !signedIn
      ? SIDEBAR_TEXT.signInToSubscribe
      : subscribed
        ? SIDEBAR_TEXT.notificationsOn
        : SIDEBAR_TEXT.notificationsOff;

  const toggle = () => {
    if (disabled || saving) return;
    const next = !subscribed;
    setError(null);
    startSaving(async () => {
      showPending(next);
      const result = await subscription.save(next);
      if (result.ok && issuable === 'merge request') {
        pushToast(next ? SIDEBAR_TEXT.notificationsTurnedOn : SIDEBAR_TEXT.notificationsTurnedOff, 'success');
      }
      if (!result.ok) {
        const failure = writeError(
          next ? SIDEBAR_TEXT.subscribeError : SIDEBAR_TEXT.unsubscribeError,
          result.error,
        );
        // The collapsed icon has no room for an alert: the failure becomes a toast.
        if (collapsed) pushToast(blockErrorText(failure), 'danger');
        else setError(failure);
      }
    });
  };

  if (collapsed) {
    return (
      <CollapsedItem
        block="subscription"
        label={SIDEBAR_TEXT.notifications}
        tooltip={tooltip}
        icon={<Icon name={subscribed ? 'notifications' : 'notificationsOff'} />}
        pressed={subscribed}
        disabled={disabled}
        onClick={toggle}
      />
    );
  }
  const switchControl = (
    <Tooltip text={tooltip} placement="left">
      {(tooltipId) => (
        <Switch
          checked={subscribed}
          onCheckedChange={toggle}
          aria-labelledby={blockHeadingId('subscription')}
          aria-disabled={disabled || saving || undefined}
          aria-describedby={disabled ? tooltipId : undefined}
          data-testid="sidebar-subscription-toggle"
        />
      )}
    </Tooltip>
  );
  return (
    <SidebarBlock
      block="subscription"
      title={SIDEBAR_TEXT.notifications}
      busy={subscription.loading}
      action={switchControl}
    >
      {subscription.error ? (
        <BlockFetchError
          text={SIDEBAR_TEXT.notificationsFetchError(issuable)}
          detail={firstErrorMessage(subscription.error)}
        />
      ) : null}
      {error ? <BlockAlert error={error} onDismiss={() => setError(null)} /> : null}
    </SidebarBlock>
  );
}
