import type { Kysely } from 'kysely';
import { DEFAULT_EPIC_COLOR } from '../../../core/domain/colors.ts';
import {
  confidentialParentError,
  EPIC_HIERARCHY_MESSAGES,
  hasErrors,
} from '../../../core/domain/epicRules.ts';
import type { Executor } from '../../db/executor.ts';
import {
  findPublicChildren,
  findSubtreeIds,
  lockEpicHierarchy,
} from '../../db/repositories/epicHierarchyRepository.ts';
import {
  deleteEpicRows,
  findEpicById,
  insertEpic,
  nextEpicIid,
  updateEpicRow,
} from '../../db/repositories/epicRepository.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import type { Database, EpicRow, NamespaceRow } from '../../db/schema.ts';
import { type AccessContext, requireFeature } from '../access.ts';
import { noteEpicParentChange } from '../discussions/relationNotes.ts';
import { refreshEpicDates } from '../epicDatesService.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceError,
  StaleEditError,
  ValidationError,
} from '../errors.ts';
import { labelIdsForTitles, resolveLabelChanges } from '../labelService.ts';
import { epicParentError } from '../links/epicHierarchy.ts';
import { positionAtStartOfChildren } from '../tree/treePositions.ts';
import { type EpicChanges, validateChanges, validatedUpdate } from './epicChanges.ts';
import { epicBefore, recordEpicChanges } from './epicSystemNotes.ts';

/** Creating, changing and deleting epics: each one transaction under the hierarchy lock. */

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
    !(await access.canInNamespace('read_epic', parentGroup, { confidential: parent.confidential }))
  ) {
    throw new ValidationError({ parent: ['not found'] });
  }
  if (
    !(await access.canInNamespace('admin_epic_relation', parentGroup, { confidential: parent.confidential }))
  ) {
    throw new ForbiddenError();
  }
  await requireFeature(access, group, 'subepics');
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
  await requireFeature(access, group, 'epics');
  if (!author || !(await access.canInNamespace('create_epic', group))) throw new ForbiddenError();
  const { row, errors } = validateChanges(changes, null, access.now());
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
    const now = access.now();
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
      // Epics come with Premium, and scoped labels with it.
      { exclusiveScopes: true },
    );
    await refreshEpicDates(trx, epic.parent_id === null ? [epic.id] : [epic.id, epic.parent_id]);
    await noteEpicParentChange(trx, { authorId: author.id, now }, epic, null, epic.parent_id);
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
    const now = access.now();
    const row = validatedUpdate(changes, current, now);
    // Every save records its editor: the issuable view's "Edited by" and realtime_changes read it.
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
    const touchesLabels = [
      changes.labels,
      changes.addLabels,
      changes.removeLabels,
      changes.addLabelIds,
      changes.removeLabelIds,
    ].some((list) => list !== undefined);
    const before = await epicBefore(trx, current, touchesLabels);
    // Every update bumps lock_version, labels-only ones included, so a client's copy goes stale.
    const updated = await updateEpicRow(trx, current.id, changes.lockVersion, { ...row, updated_at: now });
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
      { exclusiveScopes: true },
    );
    // The epic itself, and when it moved, both its old and its new parent.
    const parents = current.parent_id !== updated.parent_id ? [current.parent_id, updated.parent_id] : [];
    await refreshEpicDates(trx, [updated.id, ...parents.filter((id): id is number => id !== null)]);
    const saved = (await findEpicById(trx, updated.id)) ?? updated;
    const authorId = access.actor.user?.id;
    if (authorId !== undefined) await recordEpicChanges(trx, before, saved, { authorId, now });
    return saved;
  });
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
    // The rollups' triggers take the subtree's counts and weights off the ancestors; inherited dates
    // are recomputed here (refreshEpicDates walks up from the parent).
    if (current.parent_id !== null) await refreshEpicDates(trx, [current.parent_id]);
  });
}
