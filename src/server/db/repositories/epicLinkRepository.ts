import { type Selectable, sql } from 'kysely';
import type { Executor } from '../executor.ts';
import type { EpicIssuesTable, EpicRow, IssueRow } from '../schema.ts';
import { fitsSqlInteger } from '../sqlInteger.ts';
import { type IssueReader, issueReadableBy } from './issueRepository.ts';
import { type EpicVisibility, epicVisibleTo } from './visibility.ts';

/** The rows behind an epic's child items: child epics (`epics.parent_id`) and issue links (`epic_issues`). */
export type EpicIssueRow = Selectable<EpicIssuesTable>;

/** An issue in an epic, with the link that puts it there. */
export interface LinkedIssueRow {
  readonly issue: IssueRow;
  readonly link: EpicIssueRow;
}

/** The epic's child epics the viewer may read, in tree order: position (unpositioned last), then id. */
export function findChildEpics(db: Executor, parentId: number, visible: EpicVisibility): Promise<EpicRow[]> {
  return db
    .selectFrom('epics')
    .selectAll()
    .where('parent_id', '=', parentId)
    .where(epicVisibleTo('epics', visible))
    .orderBy(sql`relative_position ASC NULLS LAST`)
    .orderBy('id', 'asc')
    .execute();
}

export function findEpicIssueById(db: Executor, id: number): Promise<EpicIssueRow | undefined> {
  if (!fitsSqlInteger(id)) return Promise.resolve(undefined);
  return db.selectFrom('epic_issues').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findEpicIssueByIssueId(db: Executor, issueId: number): Promise<EpicIssueRow | undefined> {
  return db.selectFrom('epic_issues').selectAll().where('issue_id', '=', issueId).executeTakeFirst();
}

/** The ids of the issues linked to the epic, whoever may read them. */
export async function findIssueIdsOfEpic(db: Executor, epicId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('epic_issues').select('issue_id').where('epic_id', '=', epicId).execute();
  return new Set(rows.map((row) => row.issue_id));
}

/** Puts the issue in the epic at `position`: a new link, or its old link moved (an issue has one epic). */
export async function upsertEpicIssue(
  db: Executor,
  link: { rootNamespaceId: number; epicId: number; issueId: number; position: number; linkedAt: Date },
): Promise<EpicIssueRow> {
  return db
    .insertInto('epic_issues')
    .values({
      root_namespace_id: link.rootNamespaceId,
      epic_id: link.epicId,
      issue_id: link.issueId,
      relative_position: link.position,
      created_at: link.linkedAt,
    })
    .onConflict((conflict) =>
      conflict.column('issue_id').doUpdateSet({
        epic_id: link.epicId,
        relative_position: link.position,
        created_at: link.linkedAt,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteEpicIssue(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('epic_issues').where('id', '=', id).execute();
}

/** Issue links joined to their issues: the issue's columns, and the link's under `link_` names. */
function linkedIssuesQuery(db: Executor) {
  return db
    .selectFrom('epic_issues')
    .innerJoin('issues', 'issues.id', 'epic_issues.issue_id')
    .selectAll('issues')
    .select([
      'epic_issues.id as link_id',
      'epic_issues.root_namespace_id as link_root_namespace_id',
      'epic_issues.epic_id as link_epic_id',
      'epic_issues.relative_position as link_relative_position',
      'epic_issues.created_at as link_created_at',
    ]);
}

type LinkedIssueSelection = Awaited<
  ReturnType<ReturnType<typeof linkedIssuesQuery>['executeTakeFirstOrThrow']>
>;

function toLinkedIssue({
  link_id,
  link_root_namespace_id,
  link_epic_id,
  link_relative_position,
  link_created_at,
  ...issue
}: LinkedIssueSelection): LinkedIssueRow {
  return {
    issue,
    link: {
      id: link_id,
      root_namespace_id: link_root_namespace_id,
      epic_id: link_epic_id,
      issue_id: issue.id,
      relative_position: link_relative_position,
      created_at: link_created_at,
    },
  };
}

/**
 * The epic's issues the reader may read, with their links, in tree order (link position,
 * unpositioned last, then link id): all of them, or the `page` of that order. countEpicIssues
 * (epicTreeRepository.ts) counts the same rows.
 */
export async function findLinkedIssues(
  db: Executor,
  epicId: number,
  reader: IssueReader,
  page?: { readonly offset: number; readonly limit: number },
): Promise<LinkedIssueRow[]> {
  let query = linkedIssuesQuery(db)
    .where('epic_issues.epic_id', '=', epicId)
    .where(issueReadableBy(reader))
    .orderBy(sql`epic_issues.relative_position ASC NULLS LAST`)
    .orderBy('epic_issues.id', 'asc');
  if (page) query = query.offset(page.offset).limit(page.limit);
  const rows = await query.execute();
  return rows.map(toLinkedIssue);
}

/** An issue link with its issue, by the link's id; undefined when there is no such link. */
export async function findLinkedIssueByLinkId(
  db: Executor,
  linkId: number,
): Promise<LinkedIssueRow | undefined> {
  const row = await linkedIssuesQuery(db).where('epic_issues.id', '=', linkId).executeTakeFirst();
  return row && toLinkedIssue(row);
}
