import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findReadableIssue, type IssueInProject } from '../../services/issueService.ts';
import { findReadableProject } from '../../services/projectService.ts';
import { ParamError } from './params.ts';

/** An `:issue_iid` path segment: a positive integer GitLab-style, or a 400. */
export function parseIssueIid(value: string): number {
  if (!/^\d{1,10}$/.test(value)) throw new ParamError('issue_iid is invalid');
  return Number(value);
}

/**
 * The issue of `/projects/:id/issues/:issue_iid` (the project by id or URL-encoded path) as the
 * caller may read it; a 404 otherwise, the same for missing and hidden.
 */
export async function readableIssueOfApiPath(
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<IssueInProject> {
  const { id, issue_iid } = request.params as { id: string; issue_iid: string };
  const iid = parseIssueIid(issue_iid);
  const located = await findReadableProject(db, request.access, id);
  return { ...located, issue: await findReadableIssue(db, request.access, located, iid) };
}
