import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AccessContext } from '../../services/access.ts';
import { type NoteablePolicy, noteablePolicy } from '../../services/discussions/noteable.ts';
import { findReadableEpic } from '../../services/epics/epicQueries.ts';
import { groupPathOf, groupScopedPatterns, projectScopedPatterns } from '../groupScopedRoutes.ts';
import { issueOfPath, mergeRequestOfPath, parseIid } from '../issuable/issuableParams.ts';

export type AccessRequest = FastifyRequest & { access: AccessContext };
/** The policy of the epic or issue a page path names; a missing or hidden item is not found. */
export type PolicyOf = (request: AccessRequest) => Promise<NoteablePolicy>;

/**
 * The page paths of an issue, a merge request and an epic (every pattern each answers under), each with how to
 * find its item's policy: the bases of the page JSON that discussions and reactions hang off.
 */
export function noteableRouteBases(db: Kysely<Database>): [string[], PolicyOf][] {
  const issuePolicy: PolicyOf = async (request) =>
    noteablePolicy(db, request.access, { type: 'Issue', located: await issueOfPath(db, request) });
  const epicPolicy: PolicyOf = async (request) => {
    const { iid } = request.params as { iid: string };
    const found = await findReadableEpic(db, request.access, {
      groupPath: groupPathOf(request.params),
      iid: parseIid(iid),
    });
    return noteablePolicy(db, request.access, { type: 'Epic', ...found });
  };
  const mergeRequestPolicy: PolicyOf = async (request) =>
    noteablePolicy(db, request.access, {
      type: 'MergeRequest',
      located: await mergeRequestOfPath(db, request),
    });
  return [
    [projectScopedPatterns('issues/:iid'), issuePolicy],
    [projectScopedPatterns('merge_requests/:iid'), mergeRequestPolicy],
    [groupScopedPatterns('epics/:iid'), epicPolicy],
  ];
}
