import type { Kysely } from 'kysely';
import { MILESTONE_ERRORS, validateMilestone } from '../../core/domain/milestoneRules.ts';
import type { CalendarDate } from '../../core/time/calendarDate.ts';
import type { Executor } from '../db/executor.ts';
import { lockEpicHierarchy } from '../db/repositories/epicHierarchyRepository.ts';
import { findEpicsDependingOnMilestone } from '../db/repositories/epicInheritedDatesRepository.ts';
import {
  deleteMilestoneRow,
  findMilestoneById,
  findMilestoneByIid,
  findMilestoneIdsByTitles,
  insertMilestone,
  listMilestones,
  type MilestoneListFilter,
  type MilestoneOwnerKey,
  nextMilestoneIid,
  ownerHasMilestoneTitled,
  updateMilestoneRow,
} from '../db/repositories/milestoneRepository.ts';
import { findNamespacesByIds } from '../db/repositories/namespaceRepository.ts';
import type { Database, MilestoneRow, NamespaceRow, ProjectRow } from '../db/schema.ts';
import { fitsSqlInteger } from '../db/sqlInteger.ts';
import type { AccessContext } from './access.ts';
import { refreshEpicDates } from './epicDatesService.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from './errors.ts';

export interface MilestoneChanges {
  readonly title?: unknown;
  readonly description?: unknown;
  readonly startDate?: unknown;
  readonly dueDate?: unknown;
  readonly stateEvent?: 'close' | 'activate' | undefined;
}

/** A group milestone of this group, if the actor may read the group; 404 otherwise. */
export async function findGroupMilestone(
  db: Kysely<Database>,
  group: NamespaceRow,
  id: number,
): Promise<MilestoneRow> {
  const milestone = fitsSqlInteger(id) ? await findMilestoneById(db, id) : undefined;
  if (!milestone || milestone.group_id !== group.id) throw new NotFoundError('Milestone');
  return milestone;
}

/** A milestone of this (readable) group by iid, if the actor may read its milestones; else null (a 404). */
export async function findReadableGroupMilestoneOrNull(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  iid: number,
): Promise<MilestoneRow | null> {
  if (!fitsSqlInteger(iid) || !(await access.canInNamespace('read_milestone', group))) return null;
  return (await findMilestoneByIid(db, { groupId: group.id }, iid)) ?? null;
}

/** A milestone of this (readable) project by iid, if the actor may read its milestones; else null. */
export async function findReadableProjectMilestoneOrNull(
  db: Executor,
  access: AccessContext,
  { project, namespace }: { project: ProjectRow; namespace: NamespaceRow },
  iid: number,
): Promise<MilestoneRow | null> {
  if (!fitsSqlInteger(iid) || !(await access.canInProject('read_milestone', project, namespace))) return null;
  return (await findMilestoneByIid(db, { projectId: project.id }, iid)) ?? null;
}

/**
 * GitLab's `milestoneTitle` issue filter on a group: the milestones with those titles of the group
 * and its ancestors (the milestones its issues can have from above).
 */
export function milestoneIdsTitledInGroup(
  db: Executor,
  group: NamespaceRow,
  titles: readonly string[],
): Promise<number[]> {
  return findMilestoneIdsByTitles(db, { groupIds: group.traversal_ids, projectIds: [] }, titles);
}

/** The same on a project: its own milestones with those titles and those of its groups. */
export function milestoneIdsTitledInProject(
  db: Executor,
  { project, namespace }: { project: ProjectRow; namespace: NamespaceRow },
  titles: readonly string[],
): Promise<number[]> {
  return findMilestoneIdsByTitles(
    db,
    { groupIds: namespace.traversal_ids, projectIds: [project.id] },
    titles,
  );
}

/** Whose milestone: a group's, or a project's (with the project's namespace, for permissions). */
export type MilestoneOwner =
  | { readonly kind: 'group'; readonly group: NamespaceRow }
  | { readonly kind: 'project'; readonly project: ProjectRow; readonly namespace: NamespaceRow };

const ownerKey = (owner: MilestoneOwner): MilestoneOwnerKey =>
  owner.kind === 'group' ? { groupId: owner.group.id } : { projectId: owner.project.id };

const rootOf = (owner: MilestoneOwner): number =>
  owner.kind === 'group' ? owner.group.root_namespace_id : owner.project.root_namespace_id;

/** GitLab's admin_milestone on the owner: Reporters and up create, edit, close and delete milestones. */
export function canAdminMilestones(access: AccessContext, owner: MilestoneOwner): Promise<boolean> {
  return owner.kind === 'group'
    ? access.canInNamespace('admin_milestone', owner.group)
    : access.canInProject('admin_milestone', owner.project, owner.namespace);
}

/** Anonymous: 401; without admin_milestone: 403 (GitLab checks before it looks the milestone up). */
export async function requireMilestoneAdmin(access: AccessContext, owner: MilestoneOwner): Promise<void> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!(await canAdminMilestones(access, owner))) throw new ForbiddenError();
}

/** A milestone of this project by id (GitLab's `:milestone_id`); 404 for another owner's. */
export async function findProjectMilestone(
  db: Executor,
  project: ProjectRow,
  id: number,
): Promise<MilestoneRow> {
  const milestone = fitsSqlInteger(id) ? await findMilestoneById(db, id) : undefined;
  if (!milestone || milestone.project_id !== project.id) throw new NotFoundError('Milestone');
  return milestone;
}

function validated(
  changes: MilestoneChanges,
  current: MilestoneRow | null,
): ReturnType<typeof validateMilestone>['fields'] {
  const { fields, errors } = validateMilestone(
    changes,
    {
      startDate: (current?.start_date ?? null) as CalendarDate | null,
      dueDate: (current?.due_date ?? null) as CalendarDate | null,
    },
    current === null,
  );
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return fields;
}

const TITLE_TAKEN = { title: [MILESTONE_ERRORS.taken] };

/** A new milestone of the group or project: GitLab's `Milestones::CreateService`. */
export async function createMilestone(
  db: Kysely<Database>,
  access: AccessContext,
  owner: MilestoneOwner,
  changes: Omit<MilestoneChanges, 'stateEvent'>,
): Promise<MilestoneRow> {
  await requireMilestoneAdmin(access, owner);
  const fields = validated(changes, null);
  const key = ownerKey(owner);
  return db.transaction().execute(async (trx) => {
    const title = fields.title ?? '';
    // The unique index is the last word (a racing creator gets the same 400 through the error handler).
    if (await ownerHasMilestoneTitled(trx, key, title)) throw new ValidationError(TITLE_TAKEN);
    const now = access.now();
    return insertMilestone(trx, {
      root_namespace_id: rootOf(owner),
      group_id: 'groupId' in key ? key.groupId : null,
      project_id: 'projectId' in key ? key.projectId : null,
      iid: await nextMilestoneIid(trx, key),
      title,
      description: fields.description ?? '',
      start_date: fields.startDate ?? null,
      due_date: fields.dueDate ?? null,
      created_at: now,
      updated_at: now,
    });
  });
}

/**
 * Updates a milestone (fields and `state_event`); epics that inherit their dates from it (through
 * their issues) follow in the same transaction, up their ancestor chains.
 */
export async function updateMilestone(
  db: Kysely<Database>,
  access: AccessContext,
  owner: MilestoneOwner,
  milestone: MilestoneRow,
  changes: MilestoneChanges,
): Promise<MilestoneRow> {
  await requireMilestoneAdmin(access, owner);
  const fields = validated(changes, milestone);
  return db.transaction().execute(async (trx) => {
    if (
      fields.title !== undefined &&
      fields.title !== milestone.title &&
      (await ownerHasMilestoneTitled(trx, ownerKey(owner), fields.title, milestone.id))
    ) {
      throw new ValidationError(TITLE_TAKEN);
    }
    // The date refresh walks up epic parents: no concurrent move may change them meanwhile.
    await lockEpicHierarchy(trx, milestone.root_namespace_id);
    const updated = await updateMilestoneRow(
      trx,
      milestone.id,
      {
        ...(fields.title !== undefined ? { title: fields.title } : {}),
        ...(fields.description !== undefined ? { description: fields.description } : {}),
        ...(fields.startDate !== undefined ? { start_date: fields.startDate } : {}),
        ...(fields.dueDate !== undefined ? { due_date: fields.dueDate } : {}),
        ...(changes.stateEvent
          ? { state: changes.stateEvent === 'close' ? ('closed' as const) : ('active' as const) }
          : {}),
      },
      access.now(),
    );
    if (!updated) throw new NotFoundError('Milestone');
    await refreshEpicDates(trx, await findEpicsDependingOnMilestone(trx, milestone.id));
    return updated;
  });
}

/** A group milestone's update (the group's REST route). */
export function updateGroupMilestone(
  db: Kysely<Database>,
  access: AccessContext,
  group: NamespaceRow,
  milestone: MilestoneRow,
  changes: MilestoneChanges,
): Promise<MilestoneRow> {
  return updateMilestone(db, access, { kind: 'group', group }, milestone, changes);
}

/**
 * Deletes a milestone (GitLab's `Milestones::DestroyService`): its issues keep no milestone, and the
 * epics whose dates came from it are dated again, in one transaction.
 */
export async function deleteMilestone(
  db: Kysely<Database>,
  access: AccessContext,
  owner: MilestoneOwner,
  milestone: MilestoneRow,
): Promise<void> {
  await requireMilestoneAdmin(access, owner);
  await db.transaction().execute(async (trx) => {
    await lockEpicHierarchy(trx, milestone.root_namespace_id);
    const epicIds = await findEpicsDependingOnMilestone(trx, milestone.id);
    await deleteMilestoneRow(trx, milestone.id);
    await refreshEpicDates(trx, epicIds);
  });
}

/**
 * GitLab's `GET /projects/:id/milestones`: the project's own milestones, and with `includeParents`
 * those of the groups above it that the actor may read.
 */
export async function listProjectMilestonesOf(
  db: Executor,
  access: AccessContext,
  { project, namespace }: { project: ProjectRow; namespace: NamespaceRow },
  filter: Omit<MilestoneListFilter, 'groupIds' | 'projectIds'> & { readonly includeParents: boolean },
  page: { offset: number; limit: number },
): Promise<{ rows: MilestoneRow[]; total: number; ownerPaths: Map<number, string> }> {
  const groups: NamespaceRow[] = [];
  if (filter.includeParents) {
    for (const group of await findNamespacesByIds(db, namespace.traversal_ids)) {
      if (await access.canInNamespace('read_group', group)) groups.push(group);
    }
  }
  const { includeParents: _, ...rest } = filter;
  const result = await listMilestones(
    db,
    { ...rest, groupIds: groups.map((group) => group.id), projectIds: [project.id] },
    page,
  );
  const ownerPaths = new Map<number, string>();
  const groupPaths = new Map(groups.map((group) => [group.id, group.full_path]));
  for (const row of result.rows) {
    ownerPaths.set(row.id, row.group_id === null ? project.full_path : (groupPaths.get(row.group_id) ?? ''));
  }
  return { ...result, ownerPaths };
}
