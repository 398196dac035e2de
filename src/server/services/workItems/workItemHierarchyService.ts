import { issuableReference } from '../../../core/domain/references.ts';
import {
  cannotBeAdded,
  confidentialityChangeError,
  HIERARCHY_MESSAGES,
  type HierarchyItem,
  parentLinkError,
} from '../../../core/domain/workItemHierarchy.ts';
import type { Executor } from '../../db/executor.ts';
import { findIssueById } from '../../db/repositories/issueRepository.ts';
import {
  childrenSummary,
  findParentIdsOf,
  linkToParent,
  unlinkFromParent,
} from '../../db/repositories/workItemParentLinkRepository.ts';
import type { IssueRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { ConflictError } from '../errors.ts';
import { findReadableIssueByIdOrNull, type IssueInProject } from '../issueService.ts';

/**
 * Links between work items (GitLab's WorkItems::ParentLinks services): the rules are
 * src/core/domain/workItemHierarchy.ts; here they meet the rows, inside the caller's transaction.
 * A refused link is a ConflictError with GitLab's text, which GraphQL puts in the payload's errors.
 */

export const hierarchyItem = (issue: IssueRow): HierarchyItem => ({
  id: issue.id,
  projectId: issue.project_id,
  type: issue.issue_type,
  confidential: issue.confidential,
});

/** The work item with this id if the actor may read it; else GitLab's "no match" (the same for both). */
async function readableWorkItem(db: Executor, access: AccessContext, id: number): Promise<IssueRow> {
  const found = await findReadableIssueByIdOrNull(db, access, id);
  if (!found) throw new ConflictError(HIERARCHY_MESSAGES.notFound);
  return found.issue;
}

/**
 * The parent a new or moved child may take: readable by the actor and allowed by the hierarchy
 * rules (checked against the child as it will be).
 */
export async function checkedParent(
  db: Executor,
  access: AccessContext,
  parentId: number,
  child: HierarchyItem,
  childReference: string,
): Promise<IssueRow> {
  const parent = await readableWorkItem(db, access, parentId);
  const { count } = await childrenSummary(db, parent.id);
  const reason = parentLinkError(hierarchyItem(parent), child, count);
  if (reason) throw new ConflictError(cannotBeAdded(childReference, reason));
  return parent;
}

/** Puts `child` under the parent (replacing its earlier one), or takes it off its parent with null. */
export async function setParent(
  db: Executor,
  access: AccessContext,
  { project, issue }: IssueInProject,
  parentId: number | null,
): Promise<void> {
  if (parentId === null) {
    await unlinkFromParent(db, issue.id);
    return;
  }
  const reference = issuableReference('issue', issue.iid, project.full_path, false);
  await checkedParent(db, access, parentId, hierarchyItem(issue), reference);
  await linkToParent(db, {
    rootNamespaceId: issue.root_namespace_id,
    workItemId: issue.id,
    parentId,
    now: access.now(),
  });
}

/** Puts each of these work items under `parent`, after its other children. */
export async function addChildren(
  db: Executor,
  access: AccessContext,
  { project, issue: parent }: IssueInProject,
  childIds: readonly number[],
): Promise<void> {
  for (const childId of new Set(childIds)) {
    const child = await readableWorkItem(db, access, childId);
    const reference = issuableReference('issue', child.iid, project.full_path, false);
    const current = (await findParentIdsOf(db, [child.id])).get(child.id);
    if (current !== undefined && current !== parent.id) {
      throw new ConflictError(cannotBeAdded(reference, HIERARCHY_MESSAGES.alreadyHasParent));
    }
    if (current === parent.id) continue;
    const { count } = await childrenSummary(db, parent.id);
    const reason = parentLinkError(hierarchyItem(parent), hierarchyItem(child), count);
    if (reason) throw new ConflictError(cannotBeAdded(reference, reason));
    await linkToParent(db, {
      rootNamespaceId: parent.root_namespace_id,
      workItemId: child.id,
      parentId: parent.id,
      now: access.now(),
    });
  }
}

/** Refuses a confidentiality change the hierarchy forbids (GitLab's Issue#parent_link_confidentiality). */
export async function checkConfidentialityChange(
  db: Executor,
  issue: IssueRow,
  confidential: boolean,
): Promise<void> {
  if (confidential === issue.confidential) return;
  const parentId = (await findParentIdsOf(db, [issue.id])).get(issue.id);
  const parent = parentId === undefined ? null : await findIssueById(db, parentId);
  const { hasPublic } = confidential ? await childrenSummary(db, issue.id) : { hasPublic: false };
  const reason = confidentialityChangeError(confidential, parent ?? null, hasPublic);
  if (reason) throw new ConflictError(reason);
}
