import { useId, useState } from 'react';
import { LabelsPicker } from '../../components/sidebar/index.ts';
import type { LabelView } from '../../data/index.ts';
import { Button, LabelChip } from '../../ui/index.ts';
import { NEW_ISSUE_TEXT } from './newIssueTexts.ts';
import type { NewIssueOptions } from './useNewIssueOptions.ts';

/** The team's metadata of a new issue, as the form holds it (ids as the selects' values, '' for none). */
export interface IssueMetadataDraft {
  readonly assigneeId: string;
  readonly milestoneId: string;
  readonly labels: readonly LabelView[];
  readonly dueDate: string;
  readonly weight: string;
}

export const EMPTY_METADATA: IssueMetadataDraft = {
  assigneeId: '',
  milestoneId: '',
  labels: [],
  dueDate: '',
  weight: '',
};

/**
 * Assignee, milestone, labels, due date and weight of GitLab's new-issue form, for those who may set
 * them (admin_issue). Labels use the sidebar's picker over the group's labels.
 */
export function IssueMetadataFields({
  groupFullPath,
  options,
  value,
  onChange,
}: {
  groupFullPath: string;
  options: NewIssueOptions;
  value: IssueMetadataDraft;
  onChange: (value: IssueMetadataDraft) => void;
}) {
  const ids = { assignee: useId(), milestone: useId(), due: useId(), weight: useId() };
  const [pickingLabels, setPickingLabels] = useState(false);
  const set = (change: Partial<IssueMetadataDraft>) => onChange({ ...value, ...change });

  return (
    <div className="new-issue-metadata" data-testid="new-issue-metadata">
      <div className="form-row">
        <div>
          <label htmlFor={ids.assignee}>{NEW_ISSUE_TEXT.assignee}</label>
          <select
            id={ids.assignee}
            className="input"
            value={value.assigneeId}
            onChange={(event) => set({ assigneeId: event.target.value })}
            data-testid="new-issue-assignee"
          >
            <option value="">{NEW_ISSUE_TEXT.unassigned}</option>
            {options.users.map((user) => (
              <option key={user.id} value={String(user.id)}>
                {user.name} (@{user.username})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.milestone}>{NEW_ISSUE_TEXT.milestone}</label>
          <select
            id={ids.milestone}
            className="input"
            value={value.milestoneId}
            onChange={(event) => set({ milestoneId: event.target.value })}
            data-testid="new-issue-milestone"
          >
            <option value="">{NEW_ISSUE_TEXT.noMilestone}</option>
            {options.milestones.map((milestone) => (
              <option key={milestone.id} value={String(milestone.id)}>
                {milestone.title}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="new-issue-labels">
        <legend className="form-label">{NEW_ISSUE_TEXT.labels}</legend>
        <div className="new-issue-label-list" data-testid="new-issue-labels">
          {value.labels.length === 0 ? <span className="muted">{NEW_ISSUE_TEXT.noLabels}</span> : null}
          {value.labels.map((label) => (
            <LabelChip key={label.id} {...label} />
          ))}
          {pickingLabels ? null : (
            <Button onClick={() => setPickingLabels(true)} data-testid="new-issue-edit-labels">
              {NEW_ISSUE_TEXT.editLabels}
            </Button>
          )}
        </div>
        {pickingLabels ? (
          <LabelsPicker
            fullPath={groupFullPath}
            initial={value.labels}
            onApply={(labels) => {
              set({ labels });
              setPickingLabels(false);
            }}
            onCancel={() => setPickingLabels(false)}
          />
        ) : null}
      </fieldset>
      <div className="form-row">
        <div>
          <label htmlFor={ids.due}>{NEW_ISSUE_TEXT.dueDate}</label>
          <input
            id={ids.due}
            type="date"
            className="input"
            value={value.dueDate}
            onChange={(event) => set({ dueDate: event.target.value })}
            data-testid="new-issue-due-date"
          />
        </div>
        <div>
          <label htmlFor={ids.weight}>{NEW_ISSUE_TEXT.weight}</label>
          <input
            id={ids.weight}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            className="input"
            placeholder={NEW_ISSUE_TEXT.weightPlaceholder}
            value={value.weight}
            onChange={(event) => set({ weight: event.target.value })}
            data-testid="new-issue-weight"
          />
        </div>
      </div>
      {options.failed ? <p className="muted">{NEW_ISSUE_TEXT.optionsFailed}</p> : null}
    </div>
  );
}
