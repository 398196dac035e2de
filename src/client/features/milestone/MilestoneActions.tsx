/**
 * What those who may manage milestones do to one: Edit (its form), Close or Reopen (GitLab's
 * `state_event`), and Delete after GitLab's 'Delete milestone …?' dialog. Used on the milestone page
 * and on each row of the lists; the server refuses anyone else whatever the page shows.
 */
import { useState } from 'react';
import { deleteMilestone, type MilestoneKind, updateMilestone } from '../../data/index.ts';
import { Button, Dialog } from '../../ui/index.ts';
import { deleteMilestoneTexts, MILESTONE_TEXTS } from './milestoneTexts.ts';

export interface MilestoneActionsProps {
  readonly kind: MilestoneKind;
  /** The owner's full path (the REST routes take it as `:id`). */
  readonly fullPath: string;
  /** The milestone's numeric id. */
  readonly milestoneId: string;
  readonly title: string;
  readonly closed: boolean;
  /** Its issues, for the delete dialog's text. */
  readonly issueCount: number;
  /** The milestone's page path; its form is at `…/edit`. */
  readonly webPath: string;
  /** After a close or reopen: reload what shows it. */
  readonly onChanged: () => void;
  /** After a delete: where the page goes (the list reloads, the milestone page leaves). */
  readonly onDeleted: () => void;
  /** Reports a failed write to the page. */
  readonly onError: (message: string) => void;
}

export function MilestoneActions(props: MilestoneActionsProps) {
  const { kind, fullPath, milestoneId, title, closed } = props;
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const write = async (action: () => Promise<unknown>, after: () => void) => {
    setBusy(true);
    try {
      await action();
      after();
    } catch (failure) {
      // The dialog closes so that the page's message about it can be read.
      setDeleting(false);
      props.onError(failure instanceof Error ? failure.message : MILESTONE_TEXTS.actionFailed);
    } finally {
      setBusy(false);
    }
  };
  const toggleState = () =>
    write(
      () => updateMilestone(kind, fullPath, milestoneId, { stateEvent: closed ? 'activate' : 'close' }),
      props.onChanged,
    );
  const remove = () =>
    write(
      () => deleteMilestone(kind, fullPath, milestoneId),
      () => {
        setDeleting(false);
        props.onDeleted();
      },
    );
  const texts = deleteMilestoneTexts(title, props.issueCount);
  return (
    <>
      <a className="btn btn-default" href={`${props.webPath}/edit`} data-testid="milestone-edit">
        {MILESTONE_TEXTS.edit}
        <span className="sr-only"> {title}</span>
      </a>
      <Button onClick={toggleState} disabled={busy} data-testid="milestone-state-toggle">
        {closed ? MILESTONE_TEXTS.reopen : MILESTONE_TEXTS.close}
      </Button>
      <Button
        variant="danger"
        icon="trash"
        onClick={() => setDeleting(true)}
        disabled={busy}
        data-testid="milestone-delete"
      >
        {MILESTONE_TEXTS.delete}
        <span className="sr-only"> {title}</span>
      </Button>
      <Dialog
        open={deleting}
        title={texts.title}
        onClose={() => setDeleting(false)}
        testId="delete-milestone-dialog"
      >
        <p>
          {texts.before}
          <strong>{title}</strong>
          {texts.after}
        </p>
        <div className="dialog-actions">
          <Button onClick={() => setDeleting(false)}>{MILESTONE_TEXTS.cancel}</Button>
          <Button variant="danger" onClick={remove} disabled={busy} data-testid="delete-milestone-confirm">
            {MILESTONE_TEXTS.deleteConfirm}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
