import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/executor.ts';
import {
  findReadableMergeRequest,
  type MergeRequestInProject,
} from '../../services/mergeRequests/mergeRequestQueries.ts';
import { findReadableProject } from '../../services/projectService.ts';
import { ParamError } from './params.ts';

/** A `:merge_request_iid` path segment: a positive integer GitLab-style, or a 400. */
export function parseMergeRequestIid(value: string): number {
  if (!/^\d{1,10}$/.test(value)) throw new ParamError('merge_request_iid is invalid');
  return Number(value);
}

/**
 * The merge request of `/projects/:id/merge_requests/:merge_request_iid` (the project by id or
 * URL-encoded path) as the caller may read it; a 404 otherwise, the same for missing and hidden.
 */
export async function readableMergeRequestOfApiPath(
  db: Executor,
  request: FastifyRequest,
): Promise<MergeRequestInProject> {
  const { id, merge_request_iid } = request.params as { id: string; merge_request_iid: string };
  const iid = parseMergeRequestIid(merge_request_iid);
  const located = await findReadableProject(db, request.access, id);
  return findReadableMergeRequest(db, request.access, located, iid);
}
