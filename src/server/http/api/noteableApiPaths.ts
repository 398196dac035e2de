import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type NoteablePolicy, noteablePolicy } from '../../services/discussions/noteable.ts';
import { findReadableEpic } from '../../services/epics/epicQueries.ts';
import { NotFoundError } from '../../services/errors.ts';
import { findReadableGroup } from '../../services/groupService.ts';
import { readableIssueOfApiPath } from './issueApiParams.ts';
import { ParamError } from './params.ts';

/** The epic or issue a REST path names, readable by the caller, with its discussion policy. */
export type PolicyOfRequest = (request: FastifyRequest) => Promise<NoteablePolicy>;

/**
 * The item prefixes of GitLab's notes, discussions and award emoji APIs. Epic notes and discussions
 * name the epic by its global `epic_id`; epic award emoji by its `epic_iid` in the group. Both sit
 * in the same path segment (`:epic`), which the router needs to be one name.
 */
export const ISSUE_PATH = '/api/v4/projects/:id/issues/:issue_iid';
export const EPIC_PATH = '/api/v4/groups/:id/epics/:epic';

function positiveInteger(value: string, name: string): number {
  if (!/^\d{1,10}$/.test(value)) throw new ParamError(`${name} is invalid`);
  return Number(value);
}

export function noteIdParam(request: FastifyRequest): number {
  return positiveInteger((request.params as { note_id: string }).note_id, 'note_id');
}

export function awardIdParam(request: FastifyRequest): number {
  return positiveInteger((request.params as { award_id: string }).award_id, 'award_id');
}

/** GitLab's discussion ids are 40 hex characters; anything else names no discussion. */
export function discussionIdParam(request: FastifyRequest): string {
  const { discussion_id } = request.params as { discussion_id: string };
  if (!/^[0-9a-f]{40}$/.test(discussion_id)) throw new NotFoundError('Discussion');
  return discussion_id;
}

export function issuePolicyOf(db: Kysely<Database>): PolicyOfRequest {
  return async (request) =>
    noteablePolicy(db, request.access, { type: 'Issue', located: await readableIssueOfApiPath(db, request) });
}

/** `/groups/:id/epics/:epic` with the epic by id (`by: 'id'`, notes and discussions) or iid (awards). */
export function epicPolicyOf(db: Kysely<Database>, by: 'id' | 'iid'): PolicyOfRequest {
  return async (request) => {
    const { id, epic } = request.params as { id: string; epic: string };
    const number = positiveInteger(epic, by === 'id' ? 'epic_id' : 'epic_iid');
    const group = await findReadableGroup(db, request.access, id);
    const found = await findReadableEpic(
      db,
      request.access,
      by === 'id' ? { id: number } : { group, iid: number },
    );
    // An epic of another group is not this group's, as GitLab finds it in the group's epics.
    if (found.group.id !== group.id) throw new NotFoundError('Epic');
    return noteablePolicy(db, request.access, { type: 'Epic', ...found });
  };
}
