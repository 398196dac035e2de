import type { FastifyInstance } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  type BulkChanges,
  type BulkParent,
  bulkUpdateIssues,
  MAX_BULK_ISSUES,
} from '../../services/issues/issueBulkUpdate.ts';
import {
  nested,
  optionalEnum,
  optionalIdList,
  optionalInteger,
  ParamError,
  type Params,
} from '../api/params.ts';
import {
  groupPathOf,
  groupScopedPatterns,
  projectPathOf,
  projectScopedPatterns,
} from '../groupScopedRoutes.ts';
import { issuableJsonErrorHandler } from './issuableErrors.ts';

/**
 * The issues list's bulk edit, at GitLab's paths:
 *
 * POST /:project/-/issues/bulk_update  and  POST /groups/:path/-/issues/bulk_update
 *   Fields nested under `update` (form `update[…]=`, JSON `{ update: {…} }`, or the query):
 *   issuable_ids (comma-separated issue ids, required, at most 100), state_event (close | reopen),
 *   add_label_ids[] / remove_label_ids[], milestone_id (0 or -1: no milestone), assignee_ids[]
 *   ([0]: unassign). Empty values change nothing, as GitLab drops blank ones.
 *   200 { count }: the issues updated; ids of other places, unreadable ones and issues the caller
 *   may not admin are left out, not failed.
 *   400 malformed, missing or too many ids (checked before any work); 401 signed out; 404 unreadable
 *   project or group; 422 nothing to change, a label or milestone from elsewhere, or a bad CSRF
 *   token. Failures are `{ errors: [...] }` and change nothing.
 */
export function registerIssueBulkUpdateRoutes(app: FastifyInstance, { db }: ServerDeps): void {
  const routes: [string[], (params: unknown) => BulkParent][] = [
    [
      projectScopedPatterns('issues/bulk_update'),
      (params) => ({ kind: 'project', fullPath: projectPathOf(params) }),
    ],
    [
      groupScopedPatterns('issues/bulk_update'),
      (params) => ({ kind: 'group', fullPath: groupPathOf(params) }),
    ],
  ];
  for (const [paths, parentOf] of routes) {
    for (const path of paths) {
      app.post(path, { errorHandler: issuableJsonErrorHandler() }, async (request) => {
        const { issueIds, changes } = parseBulkUpdate(request.query, request.body);
        return bulkUpdateIssues(db, request.access, parentOf(request.params), issueIds, changes);
      });
    }
  }
}

/** GitLab's "none" for milestone_id: 0, and -1 as its bulk-edit dropdown sends "No milestone". */
const NO_MILESTONE = [0, -1];

/** The `update[…]` fields; the body wins over the query. */
export function parseBulkUpdate(query: unknown, body: unknown): { issueIds: number[]; changes: BulkChanges } {
  const fields: Params = {
    ...nested((query ?? {}) as Params, 'update'),
    ...nested((body ?? {}) as Params, 'update'),
  };
  const issueIds = optionalIdList(fields, 'issuable_ids');
  if (issueIds === undefined || issueIds.length === 0) throw new ParamError('issuable_ids is missing');
  if (new Set(issueIds).size > MAX_BULK_ISSUES) {
    throw new ParamError(`issuable_ids are too many (maximum is ${MAX_BULK_ISSUES})`);
  }
  const milestoneId = optionalInteger(fields, 'milestone_id', -1);
  const assigneeIds = optionalIdList(fields, 'assignee_ids');
  return {
    issueIds,
    changes: {
      stateEvent: optionalEnum(fields, 'state_event', ['close', 'reopen'] as const),
      addLabelIds: optionalIdList(fields, 'add_label_ids'),
      removeLabelIds: optionalIdList(fields, 'remove_label_ids'),
      milestoneId: milestoneId === undefined || !NO_MILESTONE.includes(milestoneId) ? milestoneId : null,
      // An empty list is blank (no change); GitLab's unassign is the id 0.
      assigneeIds:
        assigneeIds === undefined || assigneeIds.length === 0
          ? undefined
          : assigneeIds.filter((id) => id !== 0),
    },
  };
}
