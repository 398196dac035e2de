import { ConfirmToggleBlock, type ConfirmToggleTexts } from '../../../components/sidebar/index.ts';
import type { useIssueLocked } from '../../../data/index.ts';
import { Icon } from '../../../ui/index.ts';

/** GitLab's lock sidebar widget and its confirmation form, word for word. */
const LOCK_TEXTS: ConfirmToggleTexts = {
  title: 'Lock issue',
  on: 'Locked',
  off: 'Unlocked',
  turnOnWarning: (
    <>
      Lock this issue? Only <strong>project members</strong> will be able to comment.
    </>
  ),
  turnOffWarning: (
    <>
      Unlock this issue? <strong>Everyone</strong> will be able to comment.
    </>
  ),
  turnOn: 'Lock',
  turnOff: 'Unlock',
  error: 'Something went wrong trying to change the locked state of this issue',
};

const ICONS = { on: <Icon name="lock" />, off: <Icon name="lockOpen" /> };

/** Locks the issue's discussion to project members, asking first (the team's call: admin_issue). */
export function LockBlock({
  state,
  canUpdate,
}: {
  state: ReturnType<typeof useIssueLocked>;
  canUpdate: boolean;
}) {
  return (
    <ConfirmToggleBlock
      block="lock"
      texts={LOCK_TEXTS}
      icons={ICONS}
      state={state}
      value={state.data?.locked}
      canUpdate={canUpdate}
      collapsed={false}
    />
  );
}
