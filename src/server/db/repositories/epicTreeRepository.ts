import type { Executor } from '../executor.ts';
import {
  type KeysetOrder,
  keysetPage,
  type Page,
  type PageArgs,
  type PageSizeLimits,
} from '../pagination.ts';
import type { IssueRow } from '../schema.ts';

import { type IssueReader, issueReadableBy } from './issueRepository.ts';

/** An issue as an epic's child: the issue row with its epic_issues link id, epic and position. */
export type IssueInEpicRow = IssueRow & {
  epic_issue_id: number;
  epic_issue_epic_id: number;
  epic_issue_position: number | null;
};

/** Tree order of an epic's issue links: position (unpositioned last), then link id. */
const EPIC_ISSUE_ORDER: KeysetOrder = {
  column: 'epic_issues.relative_position',
  cursorKey: 'relative_position',
  keyType: 'integer',
  direction: 'asc',
  idColumn: 'epic_issues.id',
  idDirection: 'asc',
};

/** One page of the epic's issues the reader may see, in tree order; cursors carry the link's id. */
export async function listEpicIssuesByKeyset(
  db: Executor,
  epicId: number,
  reader: IssueReader,
  args: PageArgs,
  limits: PageSizeLimits,
): Promise<Page<IssueInEpicRow> & { order: KeysetOrder }> {
  const selection = db
    .selectFrom('epic_issues')
    .innerJoin('issues', 'issues.id', 'epic_issues.issue_id')
    .selectAll('issues')
    .select([
      'epic_issues.id as epic_issue_id',
      'epic_issues.epic_id as epic_issue_epic_id',
      'epic_issues.relative_position as epic_issue_position',
    ])
    .where('epic_issues.epic_id', '=', epicId)
    .where(issueReadableBy(reader));
  // An empty cursor is no cursor here, as in GitLab's tree, which sends '' for the first page.
  const cursors = { ...args, after: args.after || null, before: args.before || null };
  return keysetPage(selection, EPIC_ISSUE_ORDER, cursors, limits);
}

export async function countEpicIssues(db: Executor, epicId: number, reader: IssueReader): Promise<number> {
  const row = await db
    .selectFrom('epic_issues')
    .innerJoin('issues', 'issues.id', 'epic_issues.issue_id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('epic_issues.epic_id', '=', epicId)
    .where(issueReadableBy(reader))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Which of the issues are blocked: the target of a `blocks` link from an open issue the reader may
 * see (GitLab stores `is_blocked_by` as `blocks` with the two swapped).
 */
export async function findBlockedIssueIds(
  db: Executor,
  issueIds: readonly number[],
  reader: IssueReader,
): Promise<Set<number>> {
  if (issueIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('issue_links')
    .innerJoin('issues', 'issues.id', 'issue_links.source_id')
    .select('issue_links.target_id')
    .distinct()
    .where('issue_links.link_type', '=', 'blocks')
    .where('issue_links.target_id', 'in', [...issueIds])
    .where('issues.state', '=', 'opened')
    .where(issueReadableBy(reader))
    .execute();
  return new Set(rows.map((row) => row.target_id));
}

/** Puts an issue link under an epic at a position (the link keeps its id, as GitLab's does). */
export async function moveEpicIssueLink(
  db: Executor,
  linkId: number,
  epicId: number,
  position: number,
): Promise<void> {
  await db
    .updateTable('epic_issues')
    .set({ epic_id: epicId, relative_position: position })
    .where('id', '=', linkId)
    .execute();
}

/**
 * Puts an epic under a parent at a position and bumps its lock_version (a client's copy is stale
 * now). `touchedAt` also stamps updated_at: a new parent is an edit, a new position alone is not.
 */
export async function moveEpicInTree(
  db: Executor,
  epicId: number,
  parentId: number,
  position: number,
  touchedAt: Date | null,
): Promise<void> {
  await db
    .updateTable('epics')
    .set({
      parent_id: parentId,
      relative_position: position,
      ...(touchedAt ? { updated_at: touchedAt } : {}),
    })
    .set((eb) => ({ lock_version: eb('lock_version', '+', 1) }))
    .where('id', '=', epicId)
    .execute();
}
