import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/executor.ts';
import type { AccessContext } from '../../services/access.ts';
import type { EpicIssuableChanges } from '../../services/epicIssuableService.ts';
import { findReadableIssue, type IssueInProject } from '../../services/issueService.ts';
import type { IssueChanges } from '../../services/issues/issueCommands.ts';
import { findReadableProject } from '../../services/projectService.ts';
import {
  nested,
  optionalEnum,
  optionalInteger,
  optionalString,
  ParamError,
  type Params,
} from '../api/params.ts';
import { projectPathOf } from '../groupScopedRoutes.ts';

/** Length is the service's rule (a 422 naming the field); here only the type is checked. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

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

function nestedFields(query: unknown, body: unknown, key: 'epic' | 'issue'): Params {
  return { ...nested((query ?? {}) as Params, key), ...nested((body ?? {}) as Params, key) };
}

function issuableChanges(query: unknown, body: unknown, key: 'epic' | 'issue') {
  const fields = nestedFields(query, body, key);
  return {
    title: optionalString(fields, 'title', UNBOUNDED),
    description: optionalString(fields, 'description', UNBOUNDED),
    lockVersion: optionalInteger(fields, 'lock_version', 0),
    stateEvent: optionalEnum(fields, 'state_event', ['close', 'reopen'] as const),
  };
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
