import { EPIC_HIERARCHY_MESSAGES, parentAssignmentError } from '../../../core/domain/epicRules.ts';
import type { Executor } from '../../db/executor.ts';
import {
  countChildEpics,
  findAncestorIds,
  subtreeHeight,
} from '../../db/repositories/epicHierarchyRepository.ts';
import type { EpicRow } from '../../db/schema.ts';

/** The epic to be put under a parent: an existing one (its id), or a new one (id null). */
export interface ChildEpicCandidate {
  readonly id: number | null;
  readonly groupTraversalIds: readonly number[];
  readonly confidential: boolean;
}

/**
 * GitLab's parent-epic validation (epicRules.ts) with what it needs read from the database: the
 * child's subtree height, the parent's ancestors and its other children. Null when the link is
 * allowed, else the rule's message. The caller holds lockEpicHierarchy of the root namespace, so
 * that what is read stays true until it writes.
 */
export async function epicParentError(
  db: Executor,
  child: ChildEpicCandidate,
  parent: EpicRow,
): Promise<string | null> {
  // One after another: inside a transaction the statements share one connection anyway.
  return parentAssignmentError({
    childId: child.id,
    childGroupTraversalIds: child.groupTraversalIds,
    childConfidential: child.confidential,
    childSubtreeHeight: child.id === null ? 1 : await subtreeHeight(db, child.id),
    parentId: parent.id,
    parentGroupId: parent.group_id,
    parentConfidential: parent.confidential,
    parentAncestorIds: await findAncestorIds(db, parent.id),
    parentChildCount: await countChildEpics(db, parent.id, child.id),
  });
}

export const isTooDeepMessage = (message: string): boolean => message === EPIC_HIERARCHY_MESSAGES.tooDeep;
