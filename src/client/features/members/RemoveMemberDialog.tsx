import { useId, useState } from 'react';
import { Button, Dialog } from '../../ui/index.ts';
import { MEMBERS_TEXTS } from './membersTexts.ts';

/**
 * Confirms removing a member, or leaving: removing offers GitLab's 'Also unassign this user from
 * related issues and merge requests'.
 */
export function RemoveMemberDialog({
  mode,
  memberName,
  sourceName,
  busy,
  onConfirm,
  onClose,
}: {
  mode: 'remove' | 'leave';
  memberName: string;
  sourceName: string;
  busy: boolean;
  onConfirm: (unassignIssuables: boolean) => void;
  onClose: () => void;
}) {
  const [unassign, setUnassign] = useState(false);
  const checkboxId = useId();
  const leaving = mode === 'leave';
  return (
    <Dialog
      open
      title={leaving ? MEMBERS_TEXTS.leaveTitle(sourceName) : MEMBERS_TEXTS.removeTitle}
      onClose={onClose}
      testId="remove-member-dialog"
    >
      <p>
        {leaving ? MEMBERS_TEXTS.leaveBody(sourceName) : MEMBERS_TEXTS.removeBody(memberName, sourceName)}
      </p>
      {leaving ? null : (
        <label className="checkbox-row" htmlFor={checkboxId}>
          <input
            id={checkboxId}
            type="checkbox"
            checked={unassign}
            onChange={(event) => setUnassign(event.target.checked)}
            data-testid="remove-member-unassign"
          />
          {MEMBERS_TEXTS.unassign}
        </label>
      )}
      <div className="dialog-actions">
        <Button onClick={onClose}>{MEMBERS_TEXTS.cancel}</Button>
        <Button
          variant="danger"
          disabled={busy}
          onClick={() => onConfirm(unassign)}
          data-testid="remove-member-confirm"
        >
          {leaving ? MEMBERS_TEXTS.leave : MEMBERS_TEXTS.remove}
        </Button>
      </div>
    </Dialog>
  );
}
