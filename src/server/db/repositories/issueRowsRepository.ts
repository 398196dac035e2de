import type { Insertable } from 'kysely';
import type { Executor } from '../executor.ts';
import type { IssueRow, IssuesTable } from '../schema.ts';
import { type IssueReader, issueReadableBy } from './issueRepository.ts';

export type NewIssue = Insertable<IssuesTable>;

/** Takes the project's next issue iid inside the caller's transaction (the row lock serialises creators). */
export async function nextIssueIid(db: Executor, projectId: number): Promise<number> {
  const row = await db
    .updateTable('projects')
    .set((eb) => ({ last_issue_iid: eb('last_issue_iid', '+', 1) }))
    .where('id', '=', projectId)
    .returning('last_issue_iid')
    .executeTakeFirstOrThrow();
  return row.last_issue_iid;
}

/** The highest relative position among the project's issues, to put a new one after them. */
export async function maxIssuePosition(db: Executor, projectId: number): Promise<number | null> {
  const row = await db
    .selectFrom('issues')
    .select((eb) => eb.fn.max('relative_position').as('max'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row?.max ?? null;
}

export function insertIssue(db: Executor, issue: NewIssue): Promise<IssueRow> {
  return db.insertInto('issues').values(issue).returningAll().executeTakeFirstOrThrow();
}

/** GitLab's last_activity_at: a project's activity moves it up the "recently used" lists. */
export async function touchProject(db: Executor, projectId: number, at: Date): Promise<void> {
  await db.updateTable('projects').set({ updated_at: at }).where('id', '=', projectId).execute();
}

/** The issues with these ids; with `reader`, only those the reader may read. */
export function findIssuesByIds(
  db: Executor,
  ids: readonly number[],
  reader?: IssueReader,
): Promise<IssueRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('issues')
    .selectAll()
    .where('id', 'in', [...ids]);
  if (reader) query = query.where(issueReadableBy(reader));
  return query.execute();
}
