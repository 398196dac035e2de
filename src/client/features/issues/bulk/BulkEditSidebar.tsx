/**
 * GitLab's issues bulk edit sidebar: state, labels to add and to remove, milestone and assignee for
 * the selected issues of the page; "Update all" sends them in one request and the list refetches.
 */
import { type FormEvent, useId, useState, useTransition } from 'react';
import { type IssuesListKind, useIssuesBulkUpdate } from '../../../data/index.ts';
import { usePushToast } from '../../../state/index.ts';
import { Alert, Button } from '../../../ui/index.ts';
import { type BulkDraft, bulkUpdateOf, draftChanges, EMPTY_DRAFT } from './bulkDraft.ts';
import { BULK_EDIT_TEXT } from './bulkEditTexts.ts';
import { AssigneeField, MilestoneField } from './ChoiceFields.tsx';
import { LabelChecklist } from './LabelChecklist.tsx';

export interface BulkEditSidebarProps {
  readonly kind: IssuesListKind;
  readonly fullPath: string;
  /** The group whose labels (and its ancestors') are offered. */
  readonly labelsGroupPath: string;
  /** Members of this group come first among suggested assignees. */
  readonly groupId: string;
  readonly bulkUpdatePath: string;
  /** The selected issues of the page, by database id. */
  readonly selectedIds: readonly number[];
  readonly onDone: () => void;
}

export function BulkEditSidebar(props: BulkEditSidebarProps) {
  const { selectedIds } = props;
  const [draft, setDraft] = useState<BulkDraft>(EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);
  const [saving, startSaving] = useTransition();
  const update = useIssuesBulkUpdate(props.bulkUpdatePath);
  const pushToast = usePushToast();
  const stateId = useId();
  const change = (part: Partial<BulkDraft>) => setDraft((previous) => ({ ...previous, ...part }));
  const request = bulkUpdateOf(selectedIds, draft);
  const hint =
    selectedIds.length === 0
      ? BULK_EDIT_TEXT.nothingSelected
      : draftChanges(draft)
        ? BULK_EDIT_TEXT.selected(selectedIds.length)
        : BULK_EDIT_TEXT.nothingChosen;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    setError(null);
    startSaving(async () => {
      const result = await update(request);
      if (!result.ok) {
        const detail = result.error.errors[0];
        setError(detail ? `${BULK_EDIT_TEXT.updateError} ${detail}` : BULK_EDIT_TEXT.updateError);
        return;
      }
      pushToast(BULK_EDIT_TEXT.updated(result.value.count), 'success');
      props.onDone();
    });
  };

  return (
    <aside className="bulk-edit-sidebar" aria-label={BULK_EDIT_TEXT.sidebar} data-testid="bulk-edit-sidebar">
      <form className="bulk-edit-form" onSubmit={submit} aria-busy={saving}>
        <div className="bulk-edit-actions">
          <Button
            type="submit"
            variant="confirm"
            disabled={!request || saving}
            data-testid="bulk-edit-update"
          >
            {BULK_EDIT_TEXT.updateAll}
          </Button>
          <Button onClick={props.onDone} data-testid="bulk-edit-cancel">
            {BULK_EDIT_TEXT.cancel}
          </Button>
        </div>
        <p className="sidebar-note" role="status" data-testid="bulk-edit-hint">
          {hint}
        </p>
        {error ? (
          <Alert variant="danger" testId="bulk-edit-error">
            {error}
          </Alert>
        ) : null}
        <div className="bulk-edit-field">
          <label htmlFor={stateId} className="bulk-edit-label">
            {BULK_EDIT_TEXT.state}
          </label>
          <select
            id={stateId}
            className="select bulk-edit-select"
            value={draft.stateEvent ?? ''}
            data-testid="bulk-edit-state"
            onChange={(event) => {
              const value = event.currentTarget.value;
              change({ stateEvent: value === 'close' || value === 'reopen' ? value : undefined });
            }}
          >
            <option value="">{BULK_EDIT_TEXT.selectStatus}</option>
            <option value="reopen">{BULK_EDIT_TEXT.open}</option>
            <option value="close">{BULK_EDIT_TEXT.closed}</option>
          </select>
        </div>
        <LabelChecklist
          legend={BULK_EDIT_TEXT.addLabels}
          labelsGroupPath={props.labelsGroupPath}
          chosen={draft.addLabels}
          onChange={(addLabels) => change({ addLabels })}
          testId="bulk-edit-add-labels"
        />
        <LabelChecklist
          legend={BULK_EDIT_TEXT.removeLabels}
          labelsGroupPath={props.labelsGroupPath}
          chosen={draft.removeLabels}
          onChange={(removeLabels) => change({ removeLabels })}
          testId="bulk-edit-remove-labels"
        />
        <MilestoneField
          kind={props.kind}
          fullPath={props.fullPath}
          value={draft.milestone}
          onChange={(milestone) => change({ milestone })}
        />
        <AssigneeField
          groupId={props.groupId}
          value={draft.assignee}
          onChange={(assignee) => change({ assignee })}
        />
      </form>
    </aside>
  );
}
