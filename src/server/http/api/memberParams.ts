import type { FastifyRequest } from 'fastify';
import { MEMBER_ACCESS_LEVELS } from '../../../core/domain/accessLevel.ts';
import { parseCalendarDay } from '../../../core/domain/memberRules.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { findReadableGroup } from '../../services/groupService.ts';
import type { MembersOf } from '../../services/memberService.ts';
import { findReadableProject } from '../../services/projectService.ts';
import { optionalInteger, optionalString, ParamError, type Params } from './params.ts';

/** The two kinds of source members are held on, by their REST prefixes. */
export function memberSourceRoutes({ db }: Pick<ServerDeps, 'db'>) {
  return [
    {
      prefix: '/api/v4/groups/:id',
      find: async (request: FastifyRequest): Promise<MembersOf> => ({
        kind: 'group',
        group: await findReadableGroup(db, request.access, (request.params as { id: string }).id),
      }),
    },
    {
      prefix: '/api/v4/projects/:id',
      find: async (request: FastifyRequest): Promise<MembersOf> => ({
        kind: 'project',
        project: await findReadableProject(db, request.access, (request.params as { id: string }).id),
      }),
    },
  ] as const;
}

/** A `:user_id` path segment. */
export function userIdParam(request: FastifyRequest, name = 'user_id'): number {
  const value = (request.params as Record<string, string>)[name] ?? '';
  if (!/^\d{1,10}$/.test(value)) throw new ParamError(`${name} is invalid`);
  return Number(value);
}

/** An access level parameter: one of GitLab's member levels (10, 20, 30, 40, 50). */
export function optionalAccessLevel(params: Params, name: string): number | undefined {
  const value = optionalInteger(params, name);
  if (value === undefined) return undefined;
  if (!(MEMBER_ACCESS_LEVELS as readonly number[]).includes(value)) {
    throw new ParamError(`${name} does not have a valid value`);
  }
  return value;
}

export function requiredAccessLevel(params: Params, name: string): number {
  const value = optionalAccessLevel(params, name);
  if (value === undefined) throw new ParamError(`${name} is missing`);
  return value;
}

/**
 * `expires_at`: a day (`YYYY-MM-DD`, or the day of an ISO 8601 time as the invitations API takes
 * it); empty clears it; absent leaves it.
 */
export function optionalExpiresAt(params: Params, name = 'expires_at'): string | null | undefined {
  const value = optionalString(params, name, 64);
  if (value === undefined) return undefined;
  if (value.trim() === '') return null;
  const day = parseCalendarDay(value.trim().slice(0, 10));
  if (!day || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value.trim())) {
    throw new ParamError(`${name} is invalid`);
  }
  return day;
}
