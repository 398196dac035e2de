import type { Executor } from '../../db/executor.ts';
import { findNamespacesByIds } from '../../db/repositories/namespaceRepository.ts';
import { countUserNotes } from '../../db/repositories/noteRepository.ts';
import type { IssueRow, ProjectRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';

/**
 * GitLab's `user_notes_count` of several issues, as the reader may see them: comments (not system
 * notes), internal ones counted only in projects where the reader may read internal notes
 * (Reporters and up). Two statements whatever the number of issues, and one permission check per
 * project.
 */
export async function visibleUserNotesCounts(
  db: Executor,
  access: AccessContext,
  issues: readonly IssueRow[],
  projects: readonly ProjectRow[],
): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (issues.length === 0) return result;
  const [counts, namespaces] = await Promise.all([
    countUserNotes(
      db,
      'Issue',
      issues.map((issue) => issue.id),
    ),
    findNamespacesByIds(db, [...new Set(projects.map((project) => project.namespace_id))]),
  ]);
  const namespaceById = new Map(namespaces.map((namespace) => [namespace.id, namespace]));
  const readsInternal = new Map<number, boolean>();
  for (const project of projects) {
    const namespace = namespaceById.get(project.namespace_id);
    readsInternal.set(
      project.id,
      namespace !== undefined && (await access.canInProject('read_internal_note', project, namespace)),
    );
  }
  for (const issue of issues) {
    const found = counts.get(issue.id);
    if (!found) result.set(issue.id, 0);
    else result.set(issue.id, readsInternal.get(issue.project_id) ? found.notes : found.publicNotes);
  }
  return result;
}
