import { MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from '../../../core/domain/epicRules.ts';
import type {
  MergeRequestChanges,
  NewMergeRequest,
} from '../../services/mergeRequests/mergeRequestCommands.ts';
import type { MergeOptions } from '../../services/mergeRequests/mergeRequestMerge.ts';
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

/**
 * The bodies of GitLab's merge request create, edit and merge (lib/api/merge_requests.rb) as the
 * services' inputs. Malformed values are a 400 before anything is read.
 */

/** GitLab's `at_least_one_of` for `PUT /projects/:id/merge_requests/:merge_request_iid`, in its order. */
const UPDATE_PARAMS = [
  'assignee_id',
  'assignee_ids',
  'reviewer_ids',
  'description',
  'labels',
  'add_labels',
  'remove_labels',
  'milestone_id',
  'remove_source_branch',
  'allow_collaboration',
  'allow_maintainer_to_push',
  'squash',
  'target_branch',
  'title',
  'state_event',
  'discussion_locked',
  'merge_after',
] as const;

export const NOTHING_TO_UPDATE = `${UPDATE_PARAMS.join(', ')} are missing, at least one parameter must be provided`;

/** The parameters `POST /projects/:id/merge_requests` requires, in GitLab's order. */
const REQUIRED_TO_CREATE = ['title', 'source_branch', 'target_branch'] as const;

const MAX_BRANCH_LENGTH = 255 * 4;

const named = (params: Params, name: string) => name in params || `${name}[]` in params;

/**
 * Switches this server keeps no state for (there is no repository to delete a branch from, no fork
 * to push to, no scheduled merge): their "off" value is what every merge request is, so it is
 * accepted; asking to turn one on is a 400 rather than a silent no-op.
 */
function refuseUnsupported(params: Params): void {
  for (const name of ['remove_source_branch', 'allow_collaboration', 'allow_maintainer_to_push']) {
    if (optionalBoolean(params, name) === true) throw new ParamError(`${name} is not supported`);
  }
  if (optionalString(params, 'merge_after', 64)) throw new ParamError('merge_after is not supported');
}

/** Grape's `allow_blank: false`: named but blank is a 400. */
function notBlank(params: Params, name: string, maxLength: number): string | undefined {
  const value = optionalString(params, name, maxLength);
  if (value !== undefined && value.trim() === '') throw new ParamError(`${name} is empty`);
  return value;
}

/** `null`, '' and 0 mean "none" for GitLab's id parameters (`milestone_id=0` unassigns). */
function idOrNone(params: Params, name: string): number | null | undefined {
  if (!(name in params)) return undefined;
  const value = params[name];
  if (value === null || value === '' || value === 0 || value === '0') return null;
  return optionalInteger(params, name, 1);
}

/** A list of user ids where 0 or an empty value means nobody (assignee_ids, reviewer_ids). */
function userIds(params: Params, name: string): number[] | undefined {
  if (!named(params, name)) return undefined;
  return (optionalIdList(params, name) ?? []).filter((id) => id !== 0);
}

/** `assignee_ids`, or the single `assignee_id`. */
function assigneesOf(params: Params): number[] | undefined {
  const many = userIds(params, 'assignee_ids');
  if (many !== undefined) return many;
  if (!('assignee_id' in params)) return undefined;
  const one = idOrNone(params, 'assignee_id');
  return typeof one === 'number' ? [one] : [];
}

/** The edit's changes; a 400 naming GitLab's parameters when none is given. */
export function mergeRequestChangesOf(body: Params): MergeRequestChanges {
  if (!UPDATE_PARAMS.some((name) => named(body, name))) throw new ParamError(NOTHING_TO_UPDATE);
  refuseUnsupported(body);
  return {
    title: notBlank(body, 'title', MAX_TITLE_LENGTH * 4),
    description: optionalString(body, 'description', MAX_DESCRIPTION_LENGTH),
    stateEvent: optionalEnum(body, 'state_event', ['close', 'reopen'] as const),
    targetBranch: notBlank(body, 'target_branch', MAX_BRANCH_LENGTH),
    squash: optionalBoolean(body, 'squash'),
    discussionLocked: optionalBoolean(body, 'discussion_locked'),
    milestoneId: idOrNone(body, 'milestone_id'),
    labels: optionalList(body, 'labels'),
    addLabels: optionalList(body, 'add_labels'),
    removeLabels: optionalList(body, 'remove_labels'),
    assigneeIds: assigneesOf(body),
    reviewerIds: userIds(body, 'reviewer_ids'),
  };
}

/**
 * The create's fields; Grape's 400 naming every missing required parameter at once
 * (`title is missing, source_branch is missing`).
 */
export function newMergeRequestOf(body: Params): NewMergeRequest {
  const missing = REQUIRED_TO_CREATE.filter((name) => body[name] === undefined || body[name] === null);
  if (missing.length > 0) throw new ParamError(missing.map((name) => `${name} is missing`).join(', '));
  refuseUnsupported(body);
  return {
    title: optionalString(body, 'title', MAX_TITLE_LENGTH * 4),
    sourceBranch: optionalString(body, 'source_branch', MAX_BRANCH_LENGTH),
    targetBranch: optionalString(body, 'target_branch', MAX_BRANCH_LENGTH),
    description: optionalString(body, 'description', MAX_DESCRIPTION_LENGTH),
    milestoneId: idOrNone(body, 'milestone_id') ?? undefined,
    labels: optionalList(body, 'labels'),
    assigneeIds: assigneesOf(body),
    reviewerIds: userIds(body, 'reviewer_ids'),
    squash: optionalBoolean(body, 'squash'),
  };
}

/**
 * Only a project's own merge requests exist here (no forks): a `target_project_id` other than the
 * project is a 400.
 */
export function assertOwnTargetProject(body: Params, projectId: number): void {
  const target = optionalInteger(body, 'target_project_id', 1);
  if (target !== undefined && target !== projectId)
    throw new ParamError('target_project_id is not supported');
}

/**
 * The merge's options. The commit messages and the source branch's removal have nothing to act on
 * here (no repository), and there is no pipeline to wait for, so `merge_when_pipeline_succeeds` and
 * `auto_merge` merge now; all are checked for their types. `squash` only ever turns squashing on,
 * as GitLab's `update(squash:) if params[:squash]`.
 */
export function mergeOptionsOf(body: Params): MergeOptions {
  for (const name of ['merge_commit_message', 'squash_commit_message']) {
    optionalString(body, name, MAX_DESCRIPTION_LENGTH);
  }
  for (const name of ['should_remove_source_branch', 'merge_when_pipeline_succeeds', 'auto_merge']) {
    optionalBoolean(body, name);
  }
  return {
    sha: optionalString(body, 'sha', 64),
    squash: optionalBoolean(body, 'squash') === true ? true : undefined,
  };
}
