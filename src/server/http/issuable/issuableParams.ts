import type { FastifyRequest } from 'fastify';
import type { TaskToggle } from '../../../core/domain/taskListSource.ts';
import type { Executor } from '../../db/executor.ts';
import type { AccessContext } from '../../services/access.ts';
import type { EpicIssuableChanges } from '../../services/epicIssuableService.ts';
import { findReadableIssue, type IssueInProject } from '../../services/issueService.ts';
import type { IssueChanges } from '../../services/issues/issueCommands.ts';
import type { MergeRequestTextChanges } from '../../services/mergeRequests/mergeRequestIssuable.ts';
import {
  findReadableMergeRequest,
  type MergeRequestInProject,
} from '../../services/mergeRequests/mergeRequestQueries.ts';
import { findReadableProject } from '../../services/projectService.ts';
import {
  nested,
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalString,
  ParamError,
  type Params,
} from '../api/params.ts';
import { projectPathOf } from '../groupScopedRoutes.ts';

/** Length is the service's rule (a 422 naming the field); here only the type is checked. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;
/** One line of a description; longer cannot match a line of one within the description limit. */
const MAX_LINE_SOURCE = 1_048_576;

/** An epic's or issue's iid from the path: digits only. */
export function parseIid(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) throw new ParamError('iid is invalid');
  return Number(value);
}

/**
 * The edit form's fields, nested under `epic` as GitLab's client sends them: a JSON body
 * `{ "epic": { … } }`, form fields `epic[title]=…`, or query parameters (the status button sends
 * `?epic[state_event]=close`). The body wins over the query.
 */
export function epicIssuableChanges(query: unknown, body: unknown): EpicIssuableChanges {
  return issuableChanges(query, body, 'epic');
}

/**
 * The issue page's edit form: the same fields, nested under `issue`, and its type selector's
 * `issue_type` (issue or incident).
 */
export function issueIssuableChanges(query: unknown, body: unknown): IssueChanges {
  const fields = nestedFields(query, body, 'issue');
  return {
    ...issuableChanges(query, body, 'issue'),
    issueType: optionalEnum(fields, 'issue_type', ['issue', 'incident'] as const),
  };
}

/** The merge request page's edit form: the same fields, nested under `merge_request`. */
export function mergeRequestIssuableChanges(query: unknown, body: unknown): MergeRequestTextChanges {
  return issuableChanges(query, body, 'merge_request');
}

function nestedFields(query: unknown, body: unknown, key: 'epic' | 'issue' | 'merge_request'): Params {
  return { ...nested((query ?? {}) as Params, key), ...nested((body ?? {}) as Params, key) };
}

function issuableChanges(query: unknown, body: unknown, key: 'epic' | 'issue' | 'merge_request') {
  const fields = nestedFields(query, body, key);
  const description = optionalString(fields, 'description', UNBOUNDED);
  const updateTask = taskToggleOf(fields);
  if (description !== undefined && updateTask !== undefined) {
    throw new ParamError('description and update_task are mutually exclusive');
  }
  return {
    title: optionalString(fields, 'title', UNBOUNDED),
    description,
    lockVersion: optionalInteger(fields, 'lock_version', 0),
    stateEvent: optionalEnum(fields, 'state_event', ['close', 'reopen'] as const),
    updateTask,
  };
}

/**
 * GitLab's `update_task` (the task-list PATCH): `{ index, checked, line_number, line_source }`;
 * `index` (the task's ordinal) is accepted and the line is what counts.
 */
function taskToggleOf(fields: Params): TaskToggle | undefined {
  if (fields.update_task === undefined) return undefined;
  const task = nested(fields, 'update_task');
  optionalInteger(task, 'index', 0);
  const lineNumber = optionalInteger(task, 'line_number', 1);
  const checked = optionalBoolean(task, 'checked');
  if (lineNumber === undefined) throw new ParamError('update_task[line_number] is missing');
  if (checked === undefined) throw new ParamError('update_task[checked] is missing');
  return { lineNumber, checked, lineSource: optionalString(task, 'line_source', MAX_LINE_SOURCE) };
}

/** The merge request of a `/<project>/-/merge_requests/:iid…` route, when readable (404 otherwise). */
export async function mergeRequestOfPath(
  db: Executor,
  request: FastifyRequest & { access: AccessContext },
): Promise<MergeRequestInProject> {
  const { iid } = request.params as { iid: string };
  const located = await findReadableProject(db, request.access, projectPathOf(request.params));
  return findReadableMergeRequest(db, request.access, located, parseIid(iid));
}

/** The issue of a `/<project>/-/issues/:iid…` route, when the actor may read it (404 otherwise). */
export async function issueOfPath(
  db: Executor,
  request: FastifyRequest & { access: AccessContext },
): Promise<IssueInProject> {
  const { iid } = request.params as { iid: string };
  const located = await findReadableProject(db, request.access, projectPathOf(request.params));
  return { ...located, issue: await findReadableIssue(db, request.access, located, parseIid(iid)) };
}
