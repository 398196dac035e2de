import { sql } from 'kysely';
import type { Executor } from '../executor.ts';

/** A group (its projects and those of its subgroups) or one project. */
export type IssueScope =
  | { readonly kind: 'group'; readonly groupId: number }
  | { readonly kind: 'project'; readonly projectId: number };

/** Takes the user off every issue of the scope (a removed member's 'Also unassign'). */
export async function unassignUserFromIssues(db: Executor, scope: IssueScope, userId: number): Promise<void> {
  await db
    .deleteFrom('issue_assignees')
    .where('issue_assignees.user_id', '=', userId)
    .where('issue_assignees.issue_id', 'in', (eb) => {
      const issues = eb.selectFrom('issues').select('issues.id');
      return scope.kind === 'project'
        ? issues.where('issues.project_id', '=', scope.projectId)
        : issues
            .innerJoin('projects', 'projects.id', 'issues.project_id')
            .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
            .where(sql<boolean>`${scope.groupId} = ANY(namespaces.traversal_ids)`);
    })
    .execute();
}
