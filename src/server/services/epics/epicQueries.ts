import { contrastTextColor, DEFAULT_EPIC_COLOR } from '../../../core/domain/colors.ts';
import { parseCalendarDate } from '../../../core/time/calendarDate.ts';
import type { Executor } from '../../db/executor.ts';
import type { PageArgs } from '../../db/pagination.ts';
import {
  countEpics,
  type EpicFilter,
  type EpicSort,
  listEpicsByKeyset,
  listEpicsByOffset,
} from '../../db/repositories/epicListRepository.ts';
import { findEpicById, findEpicByIid } from '../../db/repositories/epicRepository.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import { findUserByUsername } from '../../db/repositories/userRepository.ts';
import type { EpicRow, NamespaceRow } from '../../db/schema.ts';
import { fitsSqlInteger } from '../../db/sqlInteger.ts';
import type { AccessContext } from '../access.ts';
import { NotFoundError, ServiceError } from '../errors.ts';
import { findReadableGroupAtPath, findReadableGroupOrNull } from '../groupService.ts';
import { viewerScopeOfRootNamespace } from '../viewerScope.ts';
import { type EpicScopeOptions, resolveEpicScope } from './epicScope.ts';

/** Reading epics for an actor: lists under GitLab's filters, and single epics they may read. */

export interface EpicListParams extends EpicScopeOptions {
  readonly state?: 'opened' | 'closed' | 'all' | undefined;
  readonly search?: string | undefined;
  readonly authorId?: number | undefined;
  readonly authorUsername?: string | undefined;
  readonly notAuthorUsername?: string | undefined;
  readonly labelNames?: readonly string[] | undefined;
  readonly notLabelNames?: readonly string[] | undefined;
  readonly confidential?: boolean | undefined;
  readonly iids?: readonly number[] | undefined;
  readonly parentId?: number | undefined;
  readonly topLevelOnly?: boolean | undefined;
  readonly createdAfter?: Date | undefined;
  readonly createdBefore?: Date | undefined;
  readonly updatedAfter?: Date | undefined;
  readonly updatedBefore?: Date | undefined;
  readonly myReactionEmoji?: string | undefined;
  readonly notMyReactionEmoji?: string | undefined;
  readonly timeframe?: { readonly start: string; readonly end: string } | undefined;
  readonly milestoneTitle?: string | undefined;
  readonly orLabelNames?: readonly string[] | undefined;
  readonly orAuthorUsernames?: readonly string[] | undefined;
  readonly iidStartsWith?: string | undefined;
}

/** GitLab's argument errors for epic filters; checked before any query runs. */
export function epicFilterError(params: EpicListParams): string | null {
  if (params.iidStartsWith !== undefined && !/^\d{1,15}$/.test(params.iidStartsWith)) {
    return 'Invalid `iidStartsWith` query';
  }
  if (params.timeframe) {
    const start = parseCalendarDate(params.timeframe.start);
    const end = parseCalendarDate(params.timeframe.end);
    if (!start || !end) return 'timeframe start and end must be dates (YYYY-MM-DD)';
    if (end < start) return 'start must be before end';
  }
  return null;
}

async function buildFilter(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  params: EpicListParams,
): Promise<EpicFilter> {
  const scope = await resolveEpicScope(db, access, group, params);
  const usernameToIds = async (username: string | undefined) => {
    if (username === undefined) return undefined;
    const user = await findUserByUsername(db, username);
    return user ? [user.id] : [];
  };
  const authorIds =
    params.authorId !== undefined ? [params.authorId] : await usernameToIds(params.authorUsername);
  const notAuthorIds = await usernameToIds(params.notAuthorUsername);
  const anyAuthorIds = params.orAuthorUsernames
    ? (await Promise.all(params.orAuthorUsernames.map(usernameToIds))).flatMap((ids) => ids ?? [])
    : undefined;
  const labelNames = params.labelNames?.filter((name) => name !== 'None' && name !== 'Any');
  const labelPresence = params.labelNames?.includes('None')
    ? 'none'
    : params.labelNames?.includes('Any')
      ? 'any'
      : undefined;
  const viewerId = access.actor.user?.id;
  const emoji = params.myReactionEmoji ?? params.notMyReactionEmoji;
  const listed = new Set(scope.groupIds);
  return {
    groupIds: scope.groupIds,
    confidentialGroupIds: scope.confidentialGroupIds,
    rootNamespaceId: group.root_namespace_id,
    coversRoot: params.groupsOfRoot?.every((row) => listed.has(row.id)) ?? false,
    state: params.state === 'all' ? undefined : params.state,
    search: params.search,
    authorIds,
    notAuthorIds,
    labelNames,
    notLabelNames: params.notLabelNames,
    labelPresence,
    confidential: params.confidential,
    iids: params.iids,
    parentId: params.parentId,
    topLevelOnly: params.topLevelOnly,
    createdAfter: params.createdAfter,
    createdBefore: params.createdBefore,
    updatedAfter: params.updatedAfter,
    updatedBefore: params.updatedBefore,
    timeframe: params.timeframe,
    milestoneTitle:
      params.milestoneTitle === undefined
        ? undefined
        : {
            title: params.milestoneTitle,
            visibleIssues: await viewerScopeOfRootNamespace(db, access, group.root_namespace_id),
          },
    anyLabelNames: params.orLabelNames,
    anyAuthorIds,
    iidPrefix: params.iidStartsWith,
    reactionEmoji:
      emoji !== undefined && viewerId !== undefined
        ? { userId: viewerId, name: emoji, negated: params.notMyReactionEmoji !== undefined }
        : undefined,
  };
}

export async function listEpicsPage(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  params: EpicListParams,
  sort: EpicSort,
  page: { offset: number; limit: number },
): Promise<{ rows: EpicRow[]; total: number }> {
  const filter = await buildFilter(db, access, group, params);
  const [rows, total] = await Promise.all([
    listEpicsByOffset(db, filter, sort, page),
    countEpics(db, filter),
  ]);
  return { rows, total };
}

export async function listEpicsConnection(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  params: EpicListParams,
  sort: EpicSort,
  args: PageArgs,
  limits: { defaultPageSize: number; maxPageSize: number },
) {
  const problem = epicFilterError(params);
  if (problem) throw new ServiceError('invalid', problem);
  const filter = await buildFilter(db, access, group, params);
  const page = await listEpicsByKeyset(db, filter, sort, args, limits);
  return { ...page, count: () => countEpics(db, filter) };
}

/** An epic and its group. */
export interface EpicInGroup {
  readonly epic: EpicRow;
  readonly group: NamespaceRow;
}

/**
 * Which epic: by numeric id (REST's ids, GraphQL's global ids), or by iid in a group the caller has
 * already read, or by iid in the group at a page or GraphQL path (that group must be readable too).
 */
export type EpicKey =
  | { readonly id: number }
  | { readonly group: NamespaceRow; readonly iid: number }
  | { readonly groupPath: string; readonly iid: number };

export interface FindEpicOptions {
  /**
   * What a missing or unreadable epic (or group at `groupPath`) is: a NotFoundError, the default
   * (404; a group missing at its path is 'Group' not found), or null.
   */
  readonly missing?: 'throw' | 'null';
}

/**
 * The epic, with its group, if the actor may read it (confidential included); 404 otherwise, never
 * 403, so that a hidden epic looks like a missing one.
 */
export async function findReadableEpic(
  db: Executor,
  access: AccessContext,
  key: EpicKey,
  options?: FindEpicOptions & { readonly missing?: 'throw' },
): Promise<EpicInGroup>;
export async function findReadableEpic(
  db: Executor,
  access: AccessContext,
  key: EpicKey,
  options: FindEpicOptions & { readonly missing: 'null' },
): Promise<EpicInGroup | null>;
export async function findReadableEpic(
  db: Executor,
  access: AccessContext,
  key: EpicKey,
  options: FindEpicOptions = {},
): Promise<EpicInGroup | null> {
  const found = await lookUpEpic(db, access, key, options.missing === 'null');
  const readable =
    found !== null &&
    (await access.canInNamespace('read_epic', found.group, { confidential: found.epic.confidential }));
  if (readable) return found;
  if (options.missing === 'null') return null;
  throw new NotFoundError('Epic');
}

/** The epic of the key and its group, before the read check; null when there is none. */
async function lookUpEpic(
  db: Executor,
  access: AccessContext,
  key: EpicKey,
  orNull: boolean,
): Promise<EpicInGroup | null> {
  if ('id' in key) {
    const epic = fitsSqlInteger(key.id) ? await findEpicById(db, key.id) : undefined;
    const group = epic ? await findNamespaceById(db, epic.group_id) : undefined;
    return epic && group ? { group, epic } : null;
  }
  const group =
    'group' in key
      ? key.group
      : orNull
        ? await findReadableGroupOrNull(db, access, key.groupPath)
        : await findReadableGroupAtPath(db, access, key.groupPath);
  if (!group) return null;
  const epic = fitsSqlInteger(key.iid) ? await findEpicByIid(db, group.id, key.iid) : undefined;
  return epic ? { group, epic } : null;
}

export function epicTextColor(epic: Pick<EpicRow, 'color'>): string {
  return contrastTextColor(epic.color || DEFAULT_EPIC_COLOR);
}
