import type { FastifyRequest } from 'fastify';
import { referenceList } from '../../../core/domain/referenceParsing.ts';
import type { Executor } from '../../db/executor.ts';
import { type EpicInGroup, findReadableEpic } from '../../services/epics/epicQueries.ts';
import { LINK_TYPES, type LinkType } from '../../services/links/relatedLinkService.ts';
import { optionalEnum, ParamError, type Params } from '../api/params.ts';
import { groupPathOf } from '../groupScopedRoutes.ts';
import { parseIid } from '../issuable/issuableParams.ts';

/** The epic of a `/groups/<path>/-/epics/:iid/…` route, readable by the caller; 404 otherwise. */
export function epicOfPath(db: Executor, request: FastifyRequest): Promise<EpicInGroup> {
  const { iid } = request.params as { iid: string };
  return findReadableEpic(db, request.access, { groupPath: groupPathOf(request.params), iid: parseIid(iid) });
}

/**
 * GitLab's `issuable_references`: a list of references (each may hold several, separated by
 * whitespace), deduplicated. A missing list is an empty one (the service answers 404 for it).
 */
export function issuableReferences(params: Params): string[] {
  const value = params.issuable_references ?? params['issuable_references[]'];
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  if (items.some((item) => typeof item !== 'string')) throw new ParamError('issuable_references is invalid');
  return referenceList(items as string[]);
}

/** `link_type`: relates_to (the default), blocks or is_blocked_by. */
export function linkTypeParam(params: Params): LinkType {
  return optionalEnum(params, 'link_type', LINK_TYPES) ?? 'relates_to';
}

/** A numeric id from the path (a child epic's, an epic_issue's, a link's). */
export function pathId(value: unknown, name: string): number {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) throw new ParamError(`${name} is invalid`);
  return Number(value);
}
