import type { Executor } from '../executor.ts';
import type { IssueTemplateRow } from '../schema.ts';

/** A project's issue description templates: all the SQL that reads and writes them. */

/** Every template of the project, by name (the order GitLab lists the folder's files in). */
export function listIssueTemplates(db: Executor, projectId: number): Promise<IssueTemplateRow[]> {
  return db
    .selectFrom('issue_templates')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findIssueTemplate(
  db: Executor,
  projectId: number,
  name: string,
): Promise<IssueTemplateRow | undefined> {
  return db
    .selectFrom('issue_templates')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('name', '=', name)
    .executeTakeFirst();
}

export interface NewIssueTemplate {
  readonly rootNamespaceId: number;
  readonly projectId: number;
  readonly name: string;
  readonly content: string;
  readonly at: Date;
}

/** Inserts one; a name the project already has fails on the unique index (a duplicate-key error). */
export function insertIssueTemplate(db: Executor, template: NewIssueTemplate): Promise<IssueTemplateRow> {
  return db
    .insertInto('issue_templates')
    .values({
      root_namespace_id: template.rootNamespaceId,
      project_id: template.projectId,
      name: template.name,
      content: template.content,
      created_at: template.at,
      updated_at: template.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Renames and/or rewrites one; undefined when it no longer exists. */
export function updateIssueTemplate(
  db: Executor,
  id: number,
  changes: { readonly name?: string | undefined; readonly content?: string | undefined; readonly at: Date },
): Promise<IssueTemplateRow | undefined> {
  return db
    .updateTable('issue_templates')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.content !== undefined ? { content: changes.content } : {}),
      updated_at: changes.at,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one; whether it was there (read from RETURNING: PGlite reports no row counts). */
export async function deleteIssueTemplate(db: Executor, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('issue_templates').where('id', '=', id).returning('id').execute();
  return deleted.length > 0;
}
