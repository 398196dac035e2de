import type { Kysely } from 'kysely';
import { inTransaction } from '../../db/executor.ts';
import { findIssuesByIds } from '../../db/repositories/issueRowsRepository.ts';
import { findMilestoneById } from '../../db/repositories/milestoneRepository.ts';
import type { Database, NamespaceRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { UnauthorizedError, ValidationError } from '../errors.ts';
import { findReadableGroup } from '../groupService.ts';
import { canReadIssue, type ProjectInNamespace, withNamespaces } from '../issueService.ts';
import { findReadableProject, listReadableProjects } from '../projectService.ts';
import { type IssueChanges, issueRights, updateIssue } from './issueCommands.ts';

/**
 * GitLab's issues bulk edit (Issuable::BulkUpdateService): one set of changes applied to the chosen
 * issues of a project's or a group's list, each through updateIssue, all in one transaction.
 */

/** Issues one request may name: GitLab's cap on bulk updates (issuesBulkUpdate's MAX_ISSUES). */
export const MAX_BULK_ISSUES = 100;

/** Whose list the ids come from: a project, or a group with its subgroups. */
export type BulkParent = { readonly kind: 'project' | 'group'; readonly fullPath: string };

/** The changes of a bulk edit; undefined leaves a field alone. */
export interface BulkChanges {
  readonly stateEvent?: 'close' | 'reopen' | undefined;
  readonly addLabelIds?: readonly number[] | undefined;
  readonly removeLabelIds?: readonly number[] | undefined;
  /** null removes the milestone. */
  readonly milestoneId?: number | null | undefined;
  /** Empty unassigns everyone. */
  readonly assigneeIds?: readonly number[] | undefined;
}

interface ParentScope {
  readonly projects: readonly ProjectInNamespace[];
  /** Whether a milestone may be set from this list: the project's or its groups', or the group's chain. */
  readonly offersMilestone: (milestone: { project_id: number | null; group_id: number | null }) => boolean;
}

/** Projects a group's list spans: GitLab's group issues list bound (issueListService). */
const MAX_GROUP_PROJECTS = 100_000;

async function scopeOf(
  db: Kysely<Database>,
  access: AccessContext,
  parent: BulkParent,
): Promise<ParentScope> {
  const inChain = (group: NamespaceRow, groupId: number | null) =>
    groupId !== null && group.traversal_ids.includes(groupId);
  if (parent.kind === 'project') {
    const located = await findReadableProject(db, access, parent.fullPath);
    return {
      projects: [located],
      offersMilestone: (milestone) =>
        milestone.project_id === located.project.id || inChain(located.namespace, milestone.group_id),
    };
  }
  const group = await findReadableGroup(db, access, parent.fullPath);
  const { rows } = await listReadableProjects(
    db,
    access,
    { namespaceId: group.id, includeSubgroups: true },
    { offset: 0, limit: MAX_GROUP_PROJECTS },
  );
  return {
    projects: await withNamespaces(db, rows),
    offersMilestone: (milestone) => inChain(group, milestone.group_id),
  };
}

const hasChanges = (changes: BulkChanges): boolean =>
  changes.stateEvent !== undefined ||
  (changes.addLabelIds?.length ?? 0) > 0 ||
  (changes.removeLabelIds?.length ?? 0) > 0 ||
  changes.milestoneId !== undefined ||
  changes.assigneeIds !== undefined;

/**
 * Applies `changes` to the issues with these ids that belong to the parent's projects and that the
 * actor may read; of those, issues the actor may not admin (GitLab's admin_issue) are skipped, not
 * failed, as GitLab's bulk update skips them. Unknown and unreadable ids are ignored. Answers how
 * many issues were updated. Bad input (too many ids, nothing to change, a milestone or label from
 * elsewhere) is a ValidationError and nothing changes; so is any issue's save failing.
 */
export async function bulkUpdateIssues(
  db: Kysely<Database>,
  access: AccessContext,
  parent: BulkParent,
  issueIds: readonly number[],
  changes: BulkChanges,
): Promise<{ count: number }> {
  if (!access.actor.user) throw new UnauthorizedError();
  const ids = [...new Set(issueIds)];
  if (ids.length === 0) throw new ValidationError({ issuable_ids: ['must name at least one issue'] });
  if (ids.length > MAX_BULK_ISSUES) {
    throw new ValidationError({ issuable_ids: [`are too many (maximum is ${MAX_BULK_ISSUES})`] });
  }
  if (!hasChanges(changes)) throw new ValidationError({ update: ['must change something'] });
  // Read before the transaction: it also loads the actor's memberships outside it, once.
  const scope = await scopeOf(db, access, parent);
  if (changes.milestoneId != null) {
    const milestone = await findMilestoneById(db, changes.milestoneId);
    if (!milestone || !scope.offersMilestone(milestone))
      throw new ValidationError({ milestone: ['not found'] });
  }
  const byProject = new Map(scope.projects.map((located) => [located.project.id, located]));
  const issueChanges: IssueChanges = {
    stateEvent: changes.stateEvent,
    addLabelIds: changes.addLabelIds,
    removeLabelIds: changes.removeLabelIds,
    milestoneId: changes.milestoneId,
    assigneeIds: changes.assigneeIds,
  };
  return inTransaction(db, async (trx) => {
    let count = 0;
    // In id order, so that two bulk edits over the same issues lock them in the same order.
    const issues = (await findIssuesByIds(trx, ids)).sort((a, b) => a.id - b.id);
    for (const issue of issues) {
      const place = byProject.get(issue.project_id);
      if (!place || !(await canReadIssue(trx, access, place, issue))) continue;
      const located = { ...place, issue };
      if (!(await issueRights(trx, access, located)).canAdmin) continue;
      await updateIssue(trx, access, located, issueChanges);
      count++;
    }
    return { count };
  });
}
