/**
 * The bulk edit sidebar's single-choice fields. Each starts at "leave alone" (undefined); the first
 * real option clears the value for every chosen issue ("No milestone", "Unassigned").
 */
import { useId, useState } from 'react';
import {
  fetchGroupIssueMilestones,
  fetchProjectMilestoneSuggestions,
  fetchUserSuggestions,
  type IssuesListKind,
} from '../../../data/index.ts';
import { useDebouncedQuery } from '../../../lib/index.ts';
import type { BulkDraft } from './bulkDraft.ts';
import { BULK_EDIT_TEXT } from './bulkEditTexts.ts';

const LEAVE = '';
const NONE = 'none';

/** The milestones an issue of the list may take: the project's and its groups', or the group's. */
export function MilestoneField({
  kind,
  fullPath,
  value,
  onChange,
}: {
  kind: IssuesListKind;
  fullPath: string;
  value: BulkDraft['milestone'];
  onChange: (value: BulkDraft['milestone']) => void;
}) {
  const id = useId();
  const found = useDebouncedQuery(
    `${kind}:${fullPath}`,
    (signal) =>
      kind === 'project'
        ? fetchProjectMilestoneSuggestions({ projectPath: fullPath, search: '' }, signal)
        : fetchGroupIssueMilestones({ fullPath }, signal),
    0,
  );
  const milestones = found.value ?? [];
  const selected = value === undefined ? LEAVE : value === null ? NONE : String(value.id);
  return (
    <div className="bulk-edit-field">
      <label htmlFor={id} className="bulk-edit-label">
        {BULK_EDIT_TEXT.milestone}
      </label>
      <select
        id={id}
        className="select bulk-edit-select"
        value={selected}
        data-testid="bulk-edit-milestone"
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (next === LEAVE) onChange(undefined);
          else if (next === NONE) onChange(null);
          else onChange(milestones.find((milestone) => String(milestone.id) === next));
        }}
      >
        <option value={LEAVE}>{BULK_EDIT_TEXT.selectMilestone}</option>
        <option value={NONE}>{BULK_EDIT_TEXT.noMilestone}</option>
        {milestones.map((milestone) => (
          <option key={milestone.id} value={String(milestone.id)}>
            {milestone.title}
          </option>
        ))}
      </select>
      {found.failed ? <p className="sidebar-field-error">{BULK_EDIT_TEXT.milestonesLoadError}</p> : null}
    </div>
  );
}

/** One assignee for every chosen issue (GitLab's bulk edit assigns one), or "Unassigned". */
export function AssigneeField({
  groupId,
  value,
  onChange,
}: {
  /** Members of this group come first among the users found. */
  groupId: string;
  value: BulkDraft['assignee'];
  onChange: (value: BulkDraft['assignee']) => void;
}) {
  const [search, setSearch] = useState('');
  const name = useId();
  const found = useDebouncedQuery(search, (signal) =>
    fetchUserSuggestions({ search: search.trim(), groupId: groupId || null }, signal),
  );
  const users = (found.value ?? []).filter((user) => user.id !== value?.id);
  const options = [...(value ? [value] : []), ...users.slice(0, 8)];
  return (
    <fieldset className="bulk-edit-field" data-testid="bulk-edit-assignee">
      <legend className="bulk-edit-label">{BULK_EDIT_TEXT.assignee}</legend>
      <input
        type="search"
        className="input labels-picker-search"
        placeholder={BULK_EDIT_TEXT.searchUsers}
        aria-label={`${BULK_EDIT_TEXT.assignee}: ${BULK_EDIT_TEXT.searchUsers}`}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {found.failed ? <p className="sidebar-field-error">{BULK_EDIT_TEXT.usersLoadError}</p> : null}
      <div className="labels-picker-options bulk-edit-choices">
        <label className="labels-picker-option">
          <input
            type="radio"
            name={name}
            checked={value === undefined}
            onChange={() => onChange(undefined)}
          />
          <span className="muted">{BULK_EDIT_TEXT.selectAssignee}</span>
        </label>
        <label className="labels-picker-option">
          <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
          {BULK_EDIT_TEXT.unassigned}
        </label>
        {options.map((user) => (
          <label key={user.id} className="labels-picker-option">
            <input
              type="radio"
              name={name}
              checked={value?.id === user.id}
              onChange={() => onChange({ id: user.id, name: user.name, username: user.username })}
            />
            <span>{user.name}</span>
            <span className="muted">@{user.username}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
