import type { Kysely } from 'kysely';
import { contrastTextColor, DEFAULT_EPIC_COLOR } from '../../core/domain/colors.ts';
import {
  confidentialParentError,
  EPIC_HIERARCHY_MESSAGES,
  type FieldErrors,
  hasErrors,
  validateColor,
  validateDate,
  validateDateOrder,
  validateDescription,
  validateTitle,
} from '../../core/domain/epicRules.ts';
import { type CalendarDate, parseCalendarDate } from '../../core/time/calendarDate.ts';
import type { Executor } from '../db/executor.ts';
import type { PageArgs } from '../db/pagination.ts';
import {
  findPublicChildren,
  findSubtreeIds,
  lockEpicHierarchy,
} from '../db/repositories/epicHierarchyRepository.ts';
import {
  countEpics,
  type EpicFilter,
  type EpicSort,
  listEpicsByKeyset,
  listEpicsByOffset,
} from '../db/repositories/epicListRepository.ts';
import {
  deleteEpicRows,
  findEpicById,
  findEpicByIid,
  insertEpic,
  nextEpicIid,
  updateEpicRow,
} from '../db/repositories/epicRepository.ts';
import { findNamespaceById } from '../db/repositories/namespaceRepository.ts';
import { findUserByUsername } from '../db/repositories/userRepository.ts';
import type { Database, EpicRow, EpicUpdate, NamespaceRow } from '../db/schema.ts';
import { fitsSqlInteger } from '../db/sqlInteger.ts';
import type { AccessContext } from './access.ts';
import { refreshEpicDates } from './epicDatesService.ts';
import { type EpicScopeOptions, resolveEpicScope } from './epicScope.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceError,
  StaleEditError,
  ValidationError,
} from './errors.ts';
import { findReadableGroupAtPath } from './groupService.ts';
import { labelIdsForTitles, resolveLabelChanges } from './labelService.ts';
import { epicParentError } from './links/epicHierarchy.ts';
import { positionAtStartOfChildren } from './tree/treePositions.ts';
import { viewerScopeOfRootNamespace } from './viewerScope.ts';

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

/** The epic, if the actor may read it (confidential included); 404 otherwise, never 403. */
export async function findReadableEpic(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  iid: number,
): Promise<EpicRow> {
  const epic = fitsSqlInteger(iid) ? await findEpicByIid(db, group.id, iid) : undefined;
  if (!epic || !(await access.canInNamespace('read_epic', group, { confidential: epic.confidential }))) {
    throw new NotFoundError('Epic');
  }
  return epic;
}

/** An epic by its numeric id, with its group, if the actor may read it; null otherwise. */
export async function findReadableEpicByIdOrNull(
  db: Executor,
  access: AccessContext,
  epicId: number,
): Promise<{ group: NamespaceRow; epic: EpicRow } | null> {
  const epic = fitsSqlInteger(epicId) ? await findEpicById(db, epicId) : undefined;
  const group = epic ? await findNamespaceById(db, epic.group_id) : undefined;
  if (!epic || !group) return null;
  return (await access.canInNamespace('read_epic', group, { confidential: epic.confidential }))
    ? { group, epic }
    : null;
}

/** An epic by its numeric id, with its group, if the actor may read it; 404 otherwise. */
export async function findReadableEpicById(
  db: Executor,
  access: AccessContext,
  epicId: number,
): Promise<{ group: NamespaceRow; epic: EpicRow }> {
  const found = await findReadableEpicByIdOrNull(db, access, epicId);
  if (!found) throw new NotFoundError('Epic');
  return found;
}

/** The group at a page or GraphQL path and its epic, both readable by the actor; 404 otherwise. */
export async function findReadableEpicAtPath(
  db: Executor,
  access: AccessContext,
  groupPath: string,
  iid: number,
): Promise<{ group: NamespaceRow; epic: EpicRow }> {
  const group = await findReadableGroupAtPath(db, access, groupPath);
  return { group, epic: await findReadableEpic(db, access, group, iid) };
}

export async function findReadableEpicOrNull(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  iid: number,
): Promise<EpicRow | null> {
  try {
    return await findReadableEpic(db, access, group, iid);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

export function epicTextColor(epic: Pick<EpicRow, 'color'>): string {
  return contrastTextColor(epic.color || DEFAULT_EPIC_COLOR);
}

/** What a client may change on an epic; undefined leaves a field alone. */
export interface EpicChanges {
  readonly title?: unknown;
  readonly description?: unknown;
  readonly color?: unknown;
  readonly confidential?: boolean | undefined;
  readonly startDateFixed?: unknown;
  readonly startDateIsFixed?: boolean | undefined;
  readonly dueDateFixed?: unknown;
  readonly dueDateIsFixed?: boolean | undefined;
  /** Replaces every label (GitLab's `labels`). */
  readonly labels?: readonly string[] | undefined;
  readonly addLabels?: readonly string[] | undefined;
  readonly removeLabels?: readonly string[] | undefined;
  readonly addLabelIds?: readonly number[] | undefined;
  readonly removeLabelIds?: readonly number[] | undefined;
  readonly stateEvent?: 'close' | 'reopen' | undefined;
  /** Numeric id of the new parent epic; null detaches. */
  readonly parentId?: number | null | undefined;
  /** The lock_version the client edited; when given and no longer current, nothing changes (409). */
  readonly lockVersion?: number | undefined;
}

interface ValidatedChanges {
  row: EpicUpdate;
  errors: FieldErrors;
}

function validateChanges(changes: EpicChanges, current: EpicRow | null): ValidatedChanges {
  const errors: FieldErrors = {};
  const row: EpicUpdate = {};
  const title = validateTitle(changes.title, errors, current === null);
  if (title !== undefined) row.title = title;
  const description = validateDescription(changes.description, errors);
  if (description !== undefined) row.description = description;
  const color = validateColor(changes.color, errors);
  if (color !== undefined) row.color = color;
  if (changes.confidential !== undefined) row.confidential = changes.confidential;
  const startFixed = validateDate(changes.startDateFixed, 'start_date_fixed', errors);
  const dueFixed = validateDate(changes.dueDateFixed, 'due_date_fixed', errors);
  if (startFixed !== undefined) row.start_date_fixed = startFixed;
  if (dueFixed !== undefined) row.due_date_fixed = dueFixed;
  if (changes.startDateIsFixed !== undefined) row.start_date_is_fixed = changes.startDateIsFixed;
  if (changes.dueDateIsFixed !== undefined) row.due_date_is_fixed = changes.dueDateIsFixed;
  // Only fixed dates in use are compared: a stored fixed date the epic no longer uses (it inherits
  // that side now) must not block a change to the other side.
  const start = fixedDateInUse(
    startFixed,
    changes.startDateIsFixed,
    current?.start_date_fixed,
    current?.start_date_is_fixed,
  );
  const due = fixedDateInUse(
    dueFixed,
    changes.dueDateIsFixed,
    current?.due_date_fixed,
    current?.due_date_is_fixed,
  );
  validateDateOrder(start, due, errors);
  // Closing a closed epic (or reopening an open one) changes nothing, closed_at included (GitLab).
  if (changes.stateEvent === 'close' && current?.state !== 'closed') {
    row.state = 'closed';
    row.closed_at = new Date();
  } else if (changes.stateEvent === 'reopen' && current !== null && current.state !== 'opened') {
    row.state = 'opened';
    row.closed_at = null;
  }
  return { row, errors };
}

/**
 * The fixed date an epic uses on one side after a change, or null when that side inherits its date.
 * A fixed date given without its flag turns the flag on (validatedUpdate, createEpic).
 */
function fixedDateInUse(
  given: CalendarDate | null | undefined,
  givenIsFixed: boolean | undefined,
  stored: string | null | undefined,
  storedIsFixed: boolean | undefined,
): CalendarDate | null {
  const inUse = givenIsFixed ?? (given != null || (storedIsFixed ?? false));
  if (!inUse) return null;
  return given !== undefined ? given : ((stored ?? null) as CalendarDate | null);
}

async function checkParent(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  childId: number | null,
  childConfidential: boolean,
  parentId: number,
): Promise<void> {
  const parent = await findEpicById(db, parentId);
  const parentGroup = parent ? await findNamespaceById(db, parent.group_id) : undefined;
  if (
    !parent ||
    !parentGroup ||
    parentGroup.root_namespace_id !== group.root_namespace_id ||
    !(await access.canInNamespace('read_epic', parentGroup, { confidential: parent.confidential }))
  ) {
    throw new ValidationError({ parent: ['not found'] });
  }
  if (
    !(await access.canInNamespace('admin_epic_relation', parentGroup, { confidential: parent.confidential }))
  ) {
    throw new ForbiddenError();
  }
  const message = await epicParentError(
    db,
    { id: childId, groupTraversalIds: group.traversal_ids, confidential: childConfidential },
    parent,
  );
  // A validation of the epic's own confidentiality in GitLab (400), unlike the hierarchy conflicts.
  if (message === EPIC_HIERARCHY_MESSAGES.confidentialParent) throw new ServiceError('invalid', message);
  if (message) throw new ConflictError(message);
}

export async function createEpic(
  db: Kysely<Database>,
  access: AccessContext,
  group: NamespaceRow,
  changes: EpicChanges & { createdAt?: Date | undefined },
): Promise<EpicRow> {
  const author = access.actor.user;
  if (!author || !(await access.canInNamespace('create_epic', group))) throw new ForbiddenError();
  const { row, errors } = validateChanges(changes, null);
  if (hasErrors(errors)) throw new ValidationError(errors);
  return db.transaction().execute(async (trx) => {
    await lockEpicHierarchy(trx, group.root_namespace_id);
    const confidential = row.confidential ?? false;
    let relativePosition: number | null = null;
    if (changes.parentId != null) {
      await checkParent(trx, access, group, null, confidential, changes.parentId);
      // A new child goes to the top of its parent's tree, as GitLab's move_to_start puts it.
      relativePosition = await positionAtStartOfChildren(trx, changes.parentId);
    }
    const now = new Date();
    const epic = await insertEpic(trx, {
      root_namespace_id: group.root_namespace_id,
      group_id: group.id,
      iid: await nextEpicIid(trx, group.id),
      author_id: author.id,
      parent_id: changes.parentId ?? null,
      relative_position: relativePosition,
      title: row.title ?? '',
      description: row.description ?? '',
      confidential,
      color: row.color ?? DEFAULT_EPIC_COLOR,
      start_date: null,
      start_date_fixed: row.start_date_fixed ?? null,
      start_date_is_fixed: row.start_date_is_fixed ?? row.start_date_fixed != null,
      start_date_sourcing_milestone_id: null,
      due_date: null,
      due_date_fixed: row.due_date_fixed ?? null,
      due_date_is_fixed: row.due_date_is_fixed ?? row.due_date_fixed != null,
      due_date_sourcing_milestone_id: null,
      created_at: changes.createdAt ?? now,
      updated_at: now,
    });
    const labelIds = await labelIdsForTitles(trx, group, [
      ...(changes.labels ?? []),
      ...(changes.addLabels ?? []),
    ]);
    await resolveLabelChanges(
      trx,
      group,
      { type: 'Epic', id: epic.id },
      { replaceWith: labelIds, add: changes.addLabelIds },
    );
    await refreshEpicDates(trx, epic.parent_id === null ? [epic.id] : [epic.id, epic.parent_id]);
    return (await findEpicById(trx, epic.id)) ?? epic;
  });
}

export async function updateEpic(
  db: Kysely<Database>,
  access: AccessContext,
  group: NamespaceRow,
  epic: EpicRow,
  changes: EpicChanges,
): Promise<EpicRow> {
  if (!(await access.canInNamespace('update_epic', group, { confidential: epic.confidential }))) {
    throw new ForbiddenError();
  }
  return db.transaction().execute(async (trx) => {
    // The hierarchy rules below read other epics: hold them still, then validate against fresh rows
    // (the epic passed in was read before this transaction and may be stale by now).
    await lockEpicHierarchy(trx, group.root_namespace_id);
    const current = await findEpicById(trx, epic.id);
    if (!current) throw new NotFoundError('Epic');
    if (changes.lockVersion !== undefined && changes.lockVersion !== current.lock_version) {
      throw new StaleEditError();
    }
    const row = validatedUpdate(changes, current);
    // Every save records its editor: the issuable view's "Edited by" and realtime_changes read it.
    const now = new Date();
    row.updated_at = now;
    row.last_edited_at = now;
    row.last_edited_by_id = access.actor.user?.id ?? null;
    const confidential = row.confidential ?? current.confidential;
    const parentId = changes.parentId === undefined ? current.parent_id : changes.parentId;
    if (parentId !== current.parent_id) {
      if (parentId !== null) {
        await checkParent(trx, access, group, current.id, confidential, parentId);
        // Under a new parent the epic goes to the top of its children (GitLab's move_to_start): its
        // old position belongs to the old siblings and could collide with a new one.
        row.relative_position = await positionAtStartOfChildren(trx, parentId, [
          { kind: 'epic', id: current.id },
        ]);
      }
      row.parent_id = parentId;
    } else if (parentId !== null) {
      await checkConfidentialParent(trx, parentId, confidential);
    }
    if (row.confidential === true && !current.confidential) await assertNoOpenChildren(trx, current.id);
    // Every update bumps lock_version, labels-only ones included, so a client's copy goes stale.
    const updated = await updateEpicRow(trx, current.id, changes.lockVersion, row);
    if (!updated) throw new StaleEditError();
    await resolveLabelChanges(
      trx,
      group,
      { type: 'Epic', id: current.id },
      {
        replaceWith: changes.labels ? await labelIdsForTitles(trx, group, changes.labels) : undefined,
        add: [
          ...(changes.addLabelIds ?? []),
          ...(await labelIdsForTitles(trx, group, changes.addLabels ?? [])),
        ],
        remove: changes.removeLabelIds,
        removeTitles: changes.removeLabels,
      },
    );
    // The epic itself, and when it moved, both its old and its new parent.
    const parents = current.parent_id !== updated.parent_id ? [current.parent_id, updated.parent_id] : [];
    await refreshEpicDates(trx, [updated.id, ...parents.filter((id): id is number => id !== null)]);
    return (await findEpicById(trx, updated.id)) ?? updated;
  });
}

/** The row update for these changes, validated against the epic as it is now. */
function validatedUpdate(changes: EpicChanges, current: EpicRow): EpicUpdate {
  const { row, errors } = validateChanges(changes, current);
  if (hasErrors(errors)) throw new ValidationError(errors);
  // A fixed date set without its flag becomes the date in use.
  if (row.start_date_fixed != null && changes.startDateIsFixed === undefined) row.start_date_is_fixed = true;
  if (row.due_date_fixed != null && changes.dueDateIsFixed === undefined) row.due_date_is_fixed = true;
  return row;
}

/**
 * GitLab validates an epic's confidentiality against its parent on every save, not only when the
 * parent changes: turning a child public under a confidential parent is refused too.
 */
async function checkConfidentialParent(db: Executor, parentId: number, confidential: boolean): Promise<void> {
  const parent = await findEpicById(db, parentId);
  const message = parent ? confidentialParentError(confidential, parent.confidential) : null;
  if (message) throw new ServiceError('invalid', message);
}

/** GitLab's rules before making an epic confidential. */
async function assertNoOpenChildren(db: Executor, epicId: number): Promise<void> {
  const { publicChildEpic, publicIssue } = await findPublicChildren(db, epicId);
  if (publicChildEpic) {
    throw new ServiceError(
      'invalid',
      'Cannot make the epic confidential if it contains non-confidential child epics',
    );
  }
  if (publicIssue) {
    throw new ServiceError(
      'invalid',
      'Cannot make the epic confidential if it contains non-confidential issues',
    );
  }
}

/**
 * What becomes of an epic's child epics when it is deleted. GitLab's REST API detaches them (16.11+);
 * the epic page's delete form asks 'Delete this epic and all descendants?' and deletes the subtree.
 * Either way issues stay, losing their link to a deleted epic.
 */
export type ChildEpicsOnDelete = 'detach' | 'delete';

export async function deleteEpic(
  db: Kysely<Database>,
  access: AccessContext,
  group: NamespaceRow,
  epic: EpicRow,
  childEpics: ChildEpicsOnDelete = 'detach',
): Promise<void> {
  if (!(await access.canInNamespace('destroy_epic', group, { confidential: epic.confidential }))) {
    throw new ForbiddenError();
  }
  await db.transaction().execute(async (trx) => {
    // No concurrent move may attach a child to this epic (or take one away) meanwhile.
    await lockEpicHierarchy(trx, group.root_namespace_id);
    const current = await findEpicById(trx, epic.id);
    if (!current) throw new NotFoundError('Epic');
    const ids =
      childEpics === 'delete'
        ? await findSubtreeIds(trx, current.root_namespace_id, current.id)
        : [current.id];
    await deleteEpicRows(trx, ids);
    // Counts and weights are read live from the remaining rows; inherited dates are stored, so the
    // ancestors' are recomputed (refreshEpicDates walks up from the parent).
    if (current.parent_id !== null) await refreshEpicDates(trx, [current.parent_id]);
  });
}
