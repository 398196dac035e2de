import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { findChildEpics } from '../../db/repositories/epicLinkRepository.ts';
import { findEpicById, updateEpicRow } from '../../db/repositories/epicRepository.ts';
import { moveEpicInTree } from '../../db/repositories/epicTreeRepository.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import type { Database, EpicRow } from '../../db/schema.ts';
import { type AccessContext, canAdminEpic, requireFeature } from '../access.ts';
import { noteChildEpic, noteEpicParentChange } from '../discussions/relationNotes.ts';
import { authorshipOf } from '../discussions/systemNoteService.ts';
import { refreshEpicDates } from '../epicDatesService.ts';
import { createEpic } from '../epics/epicCommands.ts';
import { type EpicInGroup, findReadableEpic } from '../epics/epicQueries.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import {
  positionAtStartOfChildren,
  positionBesideRestSibling,
  type SiblingMove,
} from '../tree/treePositions.ts';
import { epicParentError, isTooDeepMessage } from './epicHierarchy.ts';
import { EpicHierarchyError, LINK_MESSAGES, LinkMoveError, LinkTargetNotFoundError } from './linkMessages.ts';
import { describeEpics, type EpicView, requireEpicAdmin, rootView, writeAsEpicAdmin } from './linkViews.ts';
import { type ResolvedEpic, resolveEpicReferences } from './referenceResolver.ts';

/**
 * An epic's child epics (GitLab's EpicLinks services): list, link existing epics by reference,
 * create one, move one among its siblings, unlink one. Every write is one transaction holding the
 * root namespace's hierarchy lock; the rules are epicRules.ts's, through epicHierarchy.ts.
 */

/** The epic whose children these are, with its group (both already readable by the actor). */
export type ParentEpic = EpicInGroup;

/** The child epics the actor may read, in tree order, with what the tree shows of each. */
export async function listChildEpics(
  db: Executor,
  access: AccessContext,
  parent: ParentEpic,
): Promise<EpicView[]> {
  const view = await rootView(db, access, parent.epic.root_namespace_id);
  return describeEpics(db, access, view, await findChildEpics(db, parent.epic.id, view.scope));
}

/**
 * Puts the epic under the parent, at the top of its children, after the hierarchy rules, with the
 * system notes of the epics involved; the moved epic's old parent is returned so that its dates
 * can be refreshed.
 */
async function attachChild(
  trx: Executor,
  access: AccessContext,
  parent: EpicRow,
  childId: number,
): Promise<number | null> {
  const by = authorshipOf(access);
  const now = by.now;
  const child = await findEpicById(trx, childId);
  const childGroup = child ? await findNamespaceById(trx, child.group_id) : undefined;
  if (!child || !childGroup) throw new NotFoundError('Epic');
  await requireFeature(access, childGroup, 'subepics');
  const message = await epicParentError(
    trx,
    { id: child.id, groupTraversalIds: childGroup.traversal_ids, confidential: child.confidential },
    parent,
  );
  if (message) throw new EpicHierarchyError(message, isTooDeepMessage(message));
  const position = await positionAtStartOfChildren(trx, parent.id, [{ kind: 'epic', id: child.id }]);
  await moveEpicInTree(trx, child.id, parent.id, position, child.parent_id !== parent.id ? now : null);
  await noteEpicParentChange(trx, by, child, child.parent_id, parent.id);
  return child.parent_id;
}

/**
 * Links the epics the references name as children of the parent (GitLab's EpicLinks::CreateService):
 * each goes to the top, moved away from any previous parent. 409 'Epic(s) already assigned' when
 * every one is a child already; 404 when none is an epic the actor may link; 409 with the rule's
 * message when the hierarchy refuses one (then nothing changes). Returns the ids of the epics linked.
 */
export async function addChildEpics(
  db: Kysely<Database>,
  access: AccessContext,
  parent: ParentEpic,
  references: readonly string[],
): Promise<number[]> {
  return writeAsEpicAdmin(db, access, parent, async (trx) => {
    const current = await findEpicById(trx, parent.epic.id);
    if (!current) throw new NotFoundError('Epic');
    const resolved = await resolveEpicReferences(trx, access, parent.group, references);
    const fresh = resolved.filter((candidate) => candidate.epic.parent_id !== current.id);
    if (resolved.length > 0 && fresh.length === 0) {
      throw new ConflictError(LINK_MESSAGES.alreadyAssigned('epic'));
    }
    const allowed: ResolvedEpic[] = [];
    for (const candidate of fresh) {
      if (await canAdminEpic(access, candidate.group, candidate.epic)) allowed.push(candidate);
    }
    if (allowed.length === 0) throw new LinkTargetNotFoundError('epic');
    const oldParents = new Set<number>();
    for (const candidate of allowed) {
      const previous = await attachChild(trx, access, current, candidate.epic.id);
      if (previous !== null) oldParents.add(previous);
    }
    await refreshEpicDates(trx, [current.id, ...oldParents]);
    return allowed.map((candidate) => candidate.epic.id);
  });
}

/** REST `POST …/epics/:epic_iid/epics/:child_epic_id`: links one epic by its global id. */
export async function addChildEpicById(
  db: Kysely<Database>,
  access: AccessContext,
  parent: ParentEpic,
  childId: number,
): Promise<EpicRow> {
  return writeAsEpicAdmin(db, access, parent, async (trx) => {
    const current = await findEpicById(trx, parent.epic.id);
    if (!current) throw new NotFoundError('Epic');
    // An epic of another top-level group is readable but outside the hierarchy: attachChild answers
    // GitLab's 409 for it, so nothing is written outside the root whose lock this transaction holds.
    const { epic: child, group: childGroup } = await findReadableEpic(trx, access, { id: childId });
    if (!(await canAdminEpic(access, childGroup, child))) throw new ForbiddenError();
    const previous = await attachChild(trx, access, current, child.id);
    await refreshEpicDates(trx, previous === null ? [current.id] : [current.id, previous]);
    const linked = await findEpicById(trx, child.id);
    if (!linked) throw new NotFoundError('Epic');
    return linked;
  });
}

/** Unlinks a child epic (GitLab's EpicLinks::DestroyService): it becomes top level, keeping its subtree. */
export async function removeChildEpic(
  db: Kysely<Database>,
  access: AccessContext,
  parent: ParentEpic,
  childId: number,
): Promise<EpicRow> {
  return writeAsEpicAdmin(db, access, parent, async (trx) => {
    const child = await readableChild(trx, access, parent, childId);
    const updated = await updateEpicRow(trx, child.id, undefined, {
      parent_id: null,
      updated_at: access.now(),
    });
    if (!updated) throw new NotFoundError('Epic');
    await noteChildEpic(trx, authorshipOf(access), 'removed', parent.epic, updated);
    await refreshEpicDates(trx, [parent.epic.id]);
    return updated;
  });
}

/** A child of this parent that the actor may read; 404 otherwise. */
async function readableChild(
  db: Executor,
  access: AccessContext,
  parent: ParentEpic,
  childId: number,
): Promise<EpicRow> {
  const { epic: child } = await findReadableEpic(db, access, { id: childId });
  if (child.parent_id !== parent.epic.id) throw new NotFoundError('Epic');
  return child;
}

/**
 * REST `POST …/epics/:epic_iid/epics` (the older create-child call): a new epic in the parent's
 * group, confidential like its parent unless told otherwise, at the top of the parent's children.
 */
export async function createChildEpic(
  db: Kysely<Database>,
  access: AccessContext,
  parent: ParentEpic,
  fields: { readonly title: unknown; readonly confidential?: boolean | undefined },
): Promise<EpicRow> {
  await requireEpicAdmin(access, parent);
  return createEpic(db, access, parent.group, {
    title: fields.title,
    confidential: fields.confidential ?? parent.epic.confidential,
    parentId: parent.epic.id,
  });
}

/**
 * REST `PUT …/epics/:epic_iid/epics/:child_epic_id` with move_before_id / move_after_id (global ids
 * of siblings): the child goes right after `move_before_id`, or right before `move_after_id`.
 */
export async function moveChildEpic(
  db: Kysely<Database>,
  access: AccessContext,
  parent: ParentEpic,
  childId: number,
  move: SiblingMove,
): Promise<void> {
  await writeAsEpicAdmin(db, access, parent, async (trx) => {
    const child = await readableChild(trx, access, parent, childId);
    const position = await positionBesideRestSibling(
      trx,
      parent.epic.id,
      { kind: 'epic', id: child.id },
      move,
    );
    if (position === null) throw new LinkMoveError(LINK_MESSAGES.epicCouldNotBeMoved);
    await moveEpicInTree(trx, child.id, parent.epic.id, position, null);
  });
}
