import { contrastTextColor, DEFAULT_EPIC_COLOR } from '../../../core/domain/colors.ts';
import { compareCalendarDates, type DateRange } from '../../../core/time/calendarDate.ts';
import type { Executor } from '../../db/executor.ts';
import type { PageArgs, PageSizeLimits } from '../../db/pagination.ts';
import {
  countEpics,
  type EpicRowFilter,
  type EpicSort,
  listEpicsByKeyset,
  listEpicsByOffset,
} from '../../db/repositories/epicListRepository.ts';
import { findEpicById, findEpicByIid } from '../../db/repositories/epicRepository.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import { findUserByUsername } from '../../db/repositories/userRepository.ts';
import type { EpicRow, NamespaceRow } from '../../db/schema.ts';
import { fitsSqlInteger } from '../../db/sqlInteger.ts';
import { type AccessContext, requireFeature } from '../access.ts';
import { NotFoundError, ServiceError } from '../errors.ts';
import { findReadableGroupAtPath, findReadableGroupOrNull } from '../groupService.ts';
import { viewerScopeOfRootNamespace } from '../viewerScope.ts';
import { resolveEpicScope } from './epicScope.ts';

/** Reading epics for an actor: lists under GitLab's filters, and single epics they may read. */

/**
 * The one filter of an epic list, in GitLab's terms (usernames, label names, which groups): REST's
 * `GET /groups/:id/epics` parameters (http/api/epicRoutes.ts) and GraphQL's `group.epics` and
 * `Epic.children` arguments (graphql/resolvers/epicArgs.ts) both map into it, and every epic list
 * takes it. Here it is checked and resolved into SQL terms (epicListRepository's EpicRowFilter).
 */
export interface EpicListFilter {
  /** GitLab's default is false. */
  readonly includeAncestorGroups?: boolean | undefined;
  /** GitLab's default is true. */
  readonly includeDescendantGroups?: boolean | undefined;
  readonly state?: 'opened' | 'closed' | 'all' | undefined;
  readonly search?: string | undefined;
  readonly authorId?: number | undefined;
  readonly authorUsername?: string | undefined;
  readonly notAuthorUsername?: string | undefined;
  /** `None` / `Any` are GitLab's special label filters. */
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
  readonly timeframe?: DateRange | undefined;
  readonly milestoneTitle?: string | undefined;
  readonly orLabelNames?: readonly string[] | undefined;
  readonly orAuthorUsernames?: readonly string[] | undefined;
  readonly iidStartsWith?: string | undefined;
}

/** An epic list's order (GitLab's sorts: each adapter maps its own spelling into it). */
export type { EpicSort } from '../../db/repositories/epicListRepository.ts';

/** What a caller may already know: saves statements, never changes the answer. */
export interface EpicListHints {
  /** Every group of the list's root namespace. */
  readonly groupsOfRoot?: readonly NamespaceRow[] | undefined;
}

/** GitLab's argument errors for epic filters; checked before any query runs. */
function epicFilterError(filter: EpicListFilter): string | null {
  if (filter.iidStartsWith !== undefined && !/^\d{1,15}$/.test(filter.iidStartsWith)) {
    return 'Invalid `iidStartsWith` query';
  }
  if (filter.timeframe && compareCalendarDates(filter.timeframe.end, filter.timeframe.start) < 0) {
    return 'start must be before end';
  }
  return null;
}

/** The filter checked and in SQL terms: the groups the actor may list, users and labels resolved. */
async function resolveFilter(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  filter: EpicListFilter,
  hints: EpicListHints,
): Promise<EpicRowFilter> {
  const problem = epicFilterError(filter);
  if (problem) throw new ServiceError('invalid', problem);
  const { groupsOfRoot } = hints;
  const scope = await resolveEpicScope(db, access, group, { ...filter, groupsOfRoot });
  const usernameToIds = async (username: string | undefined) => {
    if (username === undefined) return undefined;
    const user = await findUserByUsername(db, username);
    return user ? [user.id] : [];
  };
  const authorIds =
    filter.authorId !== undefined ? [filter.authorId] : await usernameToIds(filter.authorUsername);
  const notAuthorIds = await usernameToIds(filter.notAuthorUsername);
  const anyAuthorIds = filter.orAuthorUsernames
    ? (await Promise.all(filter.orAuthorUsernames.map(usernameToIds))).flatMap((ids) => ids ?? [])
    : undefined;
  const labelNames = filter.labelNames?.filter((name) => name !== 'None' && name !== 'Any');
  const labelPresence = filter.labelNames?.includes('None')
    ? 'none'
    : filter.labelNames?.includes('Any')
      ? 'any'
      : undefined;
  const viewerId = access.actor.user?.id;
  const emoji = filter.myReactionEmoji ?? filter.notMyReactionEmoji;
  const listed = new Set(scope.groupIds);
  return {
    groupIds: scope.groupIds,
    confidentialGroupIds: scope.confidentialGroupIds,
    rootNamespaceId: group.root_namespace_id,
    coversRoot: groupsOfRoot?.every((row) => listed.has(row.id)) ?? false,
    state: filter.state === 'all' ? undefined : filter.state,
    search: filter.search,
    authorIds,
    notAuthorIds,
    labelNames,
    notLabelNames: filter.notLabelNames,
    labelPresence,
    confidential: filter.confidential,
    iids: filter.iids,
    parentId: filter.parentId,
    topLevelOnly: filter.topLevelOnly,
    createdAfter: filter.createdAfter,
    createdBefore: filter.createdBefore,
    updatedAfter: filter.updatedAfter,
    updatedBefore: filter.updatedBefore,
    timeframe: filter.timeframe,
    milestoneTitle:
      filter.milestoneTitle === undefined
        ? undefined
        : {
            title: filter.milestoneTitle,
            visibleIssues: await viewerScopeOfRootNamespace(db, access, group.root_namespace_id),
          },
    anyLabelNames: filter.orLabelNames,
    anyAuthorIds,
    iidPrefix: filter.iidStartsWith,
    reactionEmoji:
      emoji !== undefined && viewerId !== undefined
        ? { userId: viewerId, name: emoji, negated: filter.notMyReactionEmoji !== undefined }
        : undefined,
  };
}

/** One offset page of the group's epics under the filter, and how many there are (REST, suggestions). */
export async function listEpicsPage(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  filter: EpicListFilter,
  sort: EpicSort,
  page: { offset: number; limit: number },
): Promise<{ rows: EpicRow[]; total: number }> {
  await requireFeature(access, group, 'epics');
  const resolved = await resolveFilter(db, access, group, filter, {});
  return listEpicsByOffset(db, resolved, sort, page);
}

/** One keyset page of the group's epics under the filter, with a lazy count (GraphQL connections). */
export async function listEpicsConnection(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  filter: EpicListFilter,
  sort: EpicSort,
  args: PageArgs,
  options: { limits: PageSizeLimits; hints?: EpicListHints },
) {
  const resolved = await resolveFilter(db, access, group, filter, options.hints ?? {});
  const page = await listEpicsByKeyset(db, resolved, sort, args, options.limits);
  return { ...page, count: () => countEpics(db, resolved) };
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
  const orNull = options.missing === 'null';
  // GitLab refuses an unlicensed group's epics as a whole (403), before looking one up.
  if (!orNull && 'group' in key) await requireFeature(access, key.group, 'epics');
  const found = await lookUpEpic(db, access, key, orNull);
  if (found && !orNull && (await access.canInNamespace('read_group', found.group))) {
    await requireFeature(access, found.group, 'epics');
  }
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
