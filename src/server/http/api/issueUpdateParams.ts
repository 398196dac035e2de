import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from '../../../core/domain/epicRules.ts';
import type { IssueChanges } from '../../services/issues/issueCommands.ts';
import type { NewIssueMetadata } from '../../services/issues/newIssueMetadata.ts';
import {
  optionalBoolean,
  optionalEnum,
  optionalIdList,
  optionalInteger,
  optionalList,
  optionalString,
  ParamError,
  type Params,
} from './params.ts';

/** GitLab's message when `PUT /projects/:id/issues/:issue_iid` names nothing to change. */
export const NOTHING_TO_UPDATE =
  'assignee_id, assignee_ids, confidential, created_at, description, discussion_locked, due_date, issue_type, labels, milestone_id, state_event, title are missing, at least one parameter must be provided';

/** `null`, '' and 0 mean "none" for GitLab's id parameters (`milestone_id=0` unassigns). */
function idOrNone(params: Params, name: string): number | null | undefined {
  if (!(name in params)) return undefined;
  const value = params[name];
  if (value === null || value === '' || value === 0 || value === '0') return null;
  return optionalInteger(params, name, 1);
}

/** A weight or a date that may be cleared: '' or null clears it. */
function clearable<T>(params: Params, name: string, read: () => T | undefined): T | null | undefined {
  if (!(name in params)) return undefined;
  const value = params[name];
  return value === null || value === '' ? null : read();
}

/**
 * The body of GitLab's issue edit as IssueChanges: `labels` replaces (an empty string removes all),
 * `add_labels` / `remove_labels` by name; `assignee_ids` (or the single `assignee_id`), where 0 or an
 * empty value unassigns; `milestone_id` 0 or empty unassigns.
 */
/** `assignee_ids` (or the single `assignee_id`); 0 or an empty value means nobody. */
function assigneesOf(body: Params): number[] | undefined {
  if ('assignee_ids' in body || 'assignee_ids[]' in body)
    return (optionalIdList(body, 'assignee_ids') ?? []).filter((id) => id !== 0);
  if ('assignee_id' in body)
    return [idOrNone(body, 'assignee_id')].filter((id): id is number => typeof id === 'number');
  return undefined;
}

/** GitLab's issue types a REST client may create or switch to (a task is made inside an issue). */
const ISSUE_TYPES = ['issue', 'incident'] as const;

/**
 * The metadata of GitLab's issue create (`POST /projects/:id/issues`): issue_type, labels (titles),
 * milestone_id (0 or empty for none) and assignees.
 */
export function newIssueMetadataOf(body: Params): NewIssueMetadata {
  return {
    issueType: optionalEnum(body, 'issue_type', ISSUE_TYPES),
    labels: optionalList(body, 'labels'),
    milestoneId: idOrNone(body, 'milestone_id') ?? undefined,
    assigneeIds: assigneesOf(body),
  };
}

export function issueChangesOf(body: Params): IssueChanges {
  const assignees = assigneesOf(body);
  return {
    title: optionalString(body, 'title', MAX_TITLE_LENGTH * 4),
    description: optionalString(body, 'description', MAX_DESCRIPTION_LENGTH),
    stateEvent: optionalEnum(body, 'state_event', ['close', 'reopen'] as const),
    lockVersion: optionalInteger(body, 'lock_version', 0),
    confidential: optionalBoolean(body, 'confidential'),
    discussionLocked: optionalBoolean(body, 'discussion_locked'),
    issueType: optionalEnum(body, 'issue_type', ISSUE_TYPES),
    weight: clearable(body, 'weight', () => optionalInteger(body, 'weight', 0)),
    dueDate: clearable(body, 'due_date', () => optionalString(body, 'due_date', 32)),
    milestoneId: idOrNone(body, 'milestone_id'),
    labels: optionalList(body, 'labels'),
    addLabels: optionalList(body, 'add_labels'),
    removeLabels: optionalList(body, 'remove_labels'),
    assigneeIds: assignees,
  };
}

/** Whether the changes name anything (lock_version alone does not). */
export function assertSomethingToUpdate(changes: IssueChanges): void {
  const { lockVersion: _lockVersion, ...fields } = changes;
  if (Object.values(fields).every((value) => value === undefined)) throw new ParamError(NOTHING_TO_UPDATE);
}
