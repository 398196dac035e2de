import type { Kysely } from 'kysely';
import { issuableReference } from '../../../core/domain/references.ts';
import type { Executor } from '../../db/executor.ts';
import { findAncestorIds, lockEpicHierarchy } from '../../db/repositories/epicHierarchyRepository.ts';
import { findLinkedIssueByLinkId } from '../../db/repositories/epicLinkRepository.ts';
import { findEpicById } from '../../db/repositories/epicRepository.ts';
import { moveEpicInTree, moveEpicIssueLink } from '../../db/repositories/epicTreeRepository.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import { findProjectsByIds } from '../../db/repositories/projectRepository.ts';
import type { Database, EpicRow, IssueRow } from '../../db/schema.ts';
import { type AccessContext, canAdminEpic, requireFeature } from '../access.ts';
import { noteEpicParentChange, noteIssueAddedToEpic } from '../discussions/relationNotes.ts';
import { authorshipOf } from '../discussions/systemNoteService.ts';
import { refreshEpicDates } from '../epicDatesService.ts';
import { readableIssueInProject } from '../issueService.ts';
import { epicParentError } from '../links/epicHierarchy.ts';
import { LINK_MESSAGES } from '../links/linkMessages.ts';
import { positionAtStartOfChildren, positionBesideSibling, type TreeNodeRef } from './treePositions.ts';

/** GitLab's messages of `epicTreeReorder` (Epics::TreeReorderService and the models it saves). */
export const TREE_REORDER_MESSAGES = {
  unsupported: 'Only epics and epic_issues are supported.',
  forbidden: "You don't have permissions to move the objects.",
  invalidPosition: 'Relative position is not valid.',
  siblingOfNewParent: "The sibling object's parent must match the new parent epic.",
  siblingOfCurrentParent: "The sibling object's parent must match the current parent epic.",
} as const;

export interface TreeReorderRequest {
  /** The root of the tree the client shows; the moved node, its sibling and new parent are inside it. */
  readonly baseEpicId: number;
  readonly moved: TreeNodeRef;
  readonly adjacent: TreeNodeRef | null;
  /** GitLab's MoveType: `before` puts the ADJACENT node before the moved one, `after` after it. */
  readonly relativePosition: 'before' | 'after' | null;
  readonly newParentId: number | null;
}

/** A node of the tree as it is now, inside the transaction. */
type LoadedNode =
  | { readonly ref: TreeNodeRef; readonly parentId: number | null; readonly epic: EpicRow }
  | { readonly ref: TreeNodeRef; readonly parentId: number; readonly issue: IssueRow };

/** A business failure: rolls the transaction back and becomes the payload's `errors`. */
class TreeReorderRefusal extends Error {}

const refuse = (message: string): never => {
  throw new TreeReorderRefusal(message);
};

async function loadNode(db: Executor, ref: TreeNodeRef): Promise<LoadedNode | undefined> {
  if (ref.kind === 'epic') {
    const epic = await findEpicById(db, ref.id);
    return epic ? { ref, parentId: epic.parent_id, epic } : undefined;
  }
  const found = await findLinkedIssueByLinkId(db, ref.id);
  return found ? { ref, parentId: found.link.epic_id, issue: found.issue } : undefined;
}

/** GitLab's read_epic and admin_epic_relation on an epic row (Reporter; confidential epics need it too). */
async function canReadAndAdminEpic(db: Executor, access: AccessContext, epic: EpicRow): Promise<boolean> {
  const group = await findNamespaceById(db, epic.group_id);
  return (
    group !== undefined &&
    (await access.canInNamespace('read_epic', group, { confidential: epic.confidential })) &&
    (await canAdminEpic(access, group, epic))
  );
}

/** Whether the user may move this node: admin of the epic it hangs under (and read its issue). */
async function canMoveNode(db: Executor, access: AccessContext, node: LoadedNode): Promise<boolean> {
  if ('epic' in node) return canReadAndAdminEpic(db, access, node.epic);
  const parent = await findEpicById(db, node.parentId);
  return (
    parent !== undefined &&
    (await canReadAndAdminEpic(db, access, parent)) &&
    (await readableIssueInProject(db, access, node.issue)) !== null
  );
}

/** Whether the epic is the base epic or below it. */
async function inTreeOf(db: Executor, baseId: number, epicId: number | null): Promise<boolean> {
  if (epicId === null) return false;
  return epicId === baseId || (await findAncestorIds(db, epicId)).includes(baseId);
}

/**
 * Moves an epic or an issue link within the tree of `baseEpicId` (GitLab's Epics::TreeReorderService):
 * next to an adjacent sibling, or to the start of its parent's children without one, after
 * re-linking it to `newParentId` when that differs. One transaction holding the hierarchy lock of the
 * root namespace. Returns GitLab's error messages; nothing changes when there is one.
 */
export async function reorderEpicTree(
  db: Kysely<Database>,
  access: AccessContext,
  request: TreeReorderRequest,
): Promise<{ errors: string[] }> {
  const base = await findEpicById(db, request.baseEpicId);
  // Authorised before the root's lock is taken, so that nobody can hold a root namespace's lock
  // with ids they may not see; missing and hidden nodes get the same answer.
  if (!base || !(await mayReorder(db, access, base, request))) {
    return { errors: [TREE_REORDER_MESSAGES.forbidden] };
  }
  try {
    await db.transaction().execute(async (trx) => {
      await lockEpicHierarchy(trx, base.root_namespace_id);
      await reorderLocked(trx, access, base, request);
    });
    return { errors: [] };
  } catch (error) {
    if (error instanceof TreeReorderRefusal) return { errors: [error.message] };
    throw error;
  }
}

/** The request's nodes as they are now; undefined when any of them does not exist. */
async function loadRequest(
  db: Executor,
  request: TreeReorderRequest,
): Promise<{ node: LoadedNode; adjacent: LoadedNode | null; newParent: EpicRow | null } | undefined> {
  const node = await loadNode(db, request.moved);
  const adjacent = request.adjacent ? await loadNode(db, request.adjacent) : null;
  const newParent = request.newParentId === null ? null : await findEpicById(db, request.newParentId);
  if (!node || adjacent === undefined || newParent === undefined) return undefined;
  return { node, adjacent, newParent };
}

async function mayReorder(
  db: Executor,
  access: AccessContext,
  base: EpicRow,
  request: TreeReorderRequest,
): Promise<boolean> {
  const loaded = await loadRequest(db, request);
  return loaded !== undefined && authorized(db, access, base, loaded.node, loaded.adjacent, loaded.newParent);
}

async function reorderLocked(
  trx: Executor,
  access: AccessContext,
  base: EpicRow,
  request: TreeReorderRequest,
): Promise<void> {
  // Read again under the lock: the tree may have changed while this request waited for it.
  const loaded = await loadRequest(trx, request);
  if (!loaded || !(await authorized(trx, access, base, loaded.node, loaded.adjacent, loaded.newParent))) {
    refuse(TREE_REORDER_MESSAGES.forbidden);
  }
  const { node, adjacent, newParent } = loaded as NonNullable<typeof loaded>;
  const currentParentId = node.parentId as number;
  const targetParentId = newParent?.id ?? currentParentId;
  if (adjacent) {
    if (request.relativePosition === null) refuse(TREE_REORDER_MESSAGES.invalidPosition);
    if (adjacent.parentId !== targetParentId) {
      refuse(
        newParent ? TREE_REORDER_MESSAGES.siblingOfNewParent : TREE_REORDER_MESSAGES.siblingOfCurrentParent,
      );
    }
    if (adjacent.ref.kind === node.ref.kind && adjacent.ref.id === node.ref.id) return;
  }
  const relinked = targetParentId !== currentParentId;
  if (relinked && newParent) await checkRelink(trx, access, node, newParent);
  const position = adjacent
    ? await positionBesideSibling(
        trx,
        targetParentId,
        adjacent.ref,
        // `before`: the adjacent node comes before, so the moved one goes after it.
        request.relativePosition === 'before' ? 'after' : 'before',
        node.ref,
      )
    : await positionAtStartOfChildren(trx, targetParentId, [node.ref]);
  if (node.ref.kind === 'epic')
    await moveEpicInTree(trx, node.ref.id, targetParentId, position, relinked ? access.now() : null);
  else await moveEpicIssueLink(trx, node.ref.id, targetParentId, position);
  // Inherited dates come from children: both parents' (and their ancestors') may change.
  if (relinked) await refreshEpicDates(trx, [currentParentId, targetParentId]);
  if (relinked) await noteRelink(trx, access, node, currentParentId, targetParentId);
}

/** The system notes of a node that changed parents: the epics' relation notes, or an issue's move. */
async function noteRelink(
  trx: Executor,
  access: AccessContext,
  node: LoadedNode,
  fromId: number,
  toId: number,
): Promise<void> {
  const by = authorshipOf(access);
  if ('epic' in node) {
    await noteEpicParentChange(trx, by, node.epic, fromId, toId);
    return;
  }
  const to = await findEpicById(trx, toId);
  if (to) await noteIssueAddedToEpic(trx, by, node.issue, to, fromId);
}

/**
 * GitLab's checks, in its order: admin of the base epic and of the moved node, of the adjacent one,
 * and of both parents when the parent changes. Here every node must also be inside the base tree.
 */
async function authorized(
  db: Executor,
  access: AccessContext,
  base: EpicRow,
  moved: LoadedNode,
  adjacent: LoadedNode | null,
  newParent: EpicRow | null,
): Promise<boolean> {
  return (
    (await canReadAndAdminEpic(db, access, base)) &&
    (await inTreeOf(db, base.id, moved.parentId)) &&
    (await canMoveNode(db, access, moved)) &&
    (adjacent === null ||
      ((await inTreeOf(db, base.id, adjacent.parentId)) && (await canMoveNode(db, access, adjacent)))) &&
    (newParent === null ||
      ((await inTreeOf(db, base.id, newParent.id)) && (await canReadAndAdminEpic(db, access, newParent))))
  );
}

/** The rules of linking the node to its new parent (GitLab's EpicLinks / EpicIssues create services). */
async function checkRelink(
  trx: Executor,
  access: AccessContext,
  node: LoadedNode,
  parent: EpicRow,
): Promise<void> {
  if ('epic' in node) {
    const group = await findNamespaceById(trx, node.epic.group_id);
    if (group) await requireFeature(access, group, 'subepics');
    const message = await epicParentError(
      trx,
      {
        id: node.epic.id,
        groupTraversalIds: group?.traversal_ids ?? [],
        confidential: node.epic.confidential,
      },
      parent,
    );
    if (message) refuse(message);
    return;
  }
  if (parent.confidential && !node.issue.confidential) {
    const [project] = await findProjectsByIds(trx, [node.issue.project_id]);
    const reference = issuableReference('issue', node.issue.iid, project?.full_path ?? '', true);
    refuse(LINK_MESSAGES.cannotBeAdded(reference, LINK_MESSAGES.confidentialEpicOfIssue));
  }
}
