import type { Kysely } from 'kysely';
import {
  type FieldErrors,
  hasErrors,
  validateDate,
  validateDateOrder,
  validateDescription,
  validateTitle,
} from '../../core/domain/epicRules.ts';
import type { CalendarDate } from '../../core/time/calendarDate.ts';
import type { Executor } from '../db/executor.ts';
import { lockEpicHierarchy } from '../db/repositories/epicHierarchyRepository.ts';
import { findEpicsDependingOnMilestone } from '../db/repositories/epicInheritedDatesRepository.ts';
import {
  findMilestoneById,
  findMilestoneByIid,
  findMilestoneIdsByTitles,
  updateMilestoneRow,
} from '../db/repositories/milestoneRepository.ts';
import type { Database, MilestoneRow, NamespaceRow, ProjectRow } from '../db/schema.ts';
import { fitsSqlInteger } from '../db/sqlInteger.ts';
import type { AccessContext } from './access.ts';
import { refreshEpicDates } from './epicDatesService.ts';
import { ForbiddenError, NotFoundError, ValidationError } from './errors.ts';

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

/**
 * Updates a group milestone; epics that inherit their dates from it (through their issues) follow
 * in the same transaction, up their ancestor chains.
 */
export async function updateGroupMilestone(
  db: Kysely<Database>,
  access: AccessContext,
  group: NamespaceRow,
  milestone: MilestoneRow,
  changes: MilestoneChanges,
): Promise<MilestoneRow> {
  if (!(await access.canInNamespace('admin_milestone', group))) throw new ForbiddenError();
  const errors: FieldErrors = {};
  const title = validateTitle(changes.title, errors, false);
  const description = validateDescription(changes.description, errors);
  const start = validateDate(changes.startDate, 'start_date', errors);
  const due = validateDate(changes.dueDate, 'due_date', errors);
  validateDateOrder(
    start === undefined ? (milestone.start_date as CalendarDate | null) : start,
    due === undefined ? (milestone.due_date as CalendarDate | null) : due,
    errors,
  );
  if (hasErrors(errors)) throw new ValidationError(errors);
  return db.transaction().execute(async (trx) => {
    // The date refresh walks up epic parents: no concurrent move may change them meanwhile.
    await lockEpicHierarchy(trx, group.root_namespace_id);
    const updated = await updateMilestoneRow(
      trx,
      milestone.id,
      {
        ...(title !== undefined ? { title } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(start !== undefined ? { start_date: start } : {}),
        ...(due !== undefined ? { due_date: due } : {}),
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
