import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/executor.ts';
import { findReadableEpic } from '../../services/epics/epicQueries.ts';
import { findReadableGroup } from '../../services/groupService.ts';
import type { ParentEpic } from '../../services/links/epicLinkService.ts';
import { pathId } from '../epicLinks/linkParams.ts';
import { bodyParams, optionalInteger, ParamError } from './params.ts';

/**
 * What the REST epic_links and epic_issues routes (epicLinkRoutes.ts, epicIssueRoutes.ts) read from a
 * request under `/api/v4/groups/:id/epics/:epic_iid/…`.
 */

/** The epic of the path (`:id` a group id or full path, `:epic_iid`), readable by the caller; 404 otherwise. */
export async function parentEpicOf(db: Executor, request: FastifyRequest): Promise<ParentEpic> {
  const { id, epic_iid } = request.params as { id: string; epic_iid: string };
  const group = await findReadableGroup(db, request.access, id);
  return findReadableEpic(db, request.access, { group, iid: pathId(epic_iid, 'epic_iid') });
}

/** A PUT's `move_before_id` / `move_after_id` (ids of siblings); one of them is required. */
export function moveParams(request: FastifyRequest): {
  moveBeforeId?: number | undefined;
  moveAfterId?: number | undefined;
} {
  const body = bodyParams(request);
  const move = {
    moveBeforeId: optionalInteger(body, 'move_before_id', 1),
    moveAfterId: optionalInteger(body, 'move_after_id', 1),
  };
  if (move.moveBeforeId === undefined && move.moveAfterId === undefined) {
    throw new ParamError(
      'move_before_id, move_after_id are missing, at least one parameter must be provided',
    );
  }
  return move;
}
