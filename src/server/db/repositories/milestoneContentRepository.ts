/**
 * What a milestone page shows of its issues beyond the list: their labels with counts, their people
 * and the fields its burndown needs. Each read is one statement over the issues of one milestone that
 * a reader may see (issueReadableBy), so a hidden issue never shows in a count or a chart.
 */
import { sql } from 'kysely';
import type { Executor } from '../executor.ts';
import type { OffsetLimit } from '../pagination.ts';
import type { LabelRow, UserRow } from '../schema.ts';
import { type IssueReader, issueReadableBy } from './issueRepository.ts';

function milestoneIssues(db: Executor, reader: IssueReader, milestoneId: number) {
  return db
    .selectFrom('issues')
    .where('issues.milestone_id', '=', milestoneId)
    .where('issues.issue_type', '<>', 'task') // a task counts under its parent, as lists show it
    .where((eb) => issueReadableBy(reader)(eb));
}

export interface LabelIssueCounts {
  readonly label: LabelRow;
  readonly opened: number;
  readonly closed: number;
}

/** The labels on the milestone's readable issues, by title, with open and closed issue counts. */
export async function labelCountsOfMilestoneIssues(
  db: Executor,
  reader: IssueReader,
  milestoneId: number,
  limit: number,
): Promise<LabelIssueCounts[]> {
  const rows = await milestoneIssues(db, reader, milestoneId)
    .innerJoin('label_links', (join) =>
      join.onRef('label_links.target_id', '=', 'issues.id').on('label_links.target_type', '=', 'Issue'),
    )
    .innerJoin('labels', 'labels.id', 'label_links.label_id')
    .selectAll('labels')
    .select([
      sql<number>`count(*) FILTER (WHERE issues.state = 'opened')`.as('opened_count'),
      sql<number>`count(*) FILTER (WHERE issues.state = 'closed')`.as('closed_count'),
    ])
    .groupBy('labels.id')
    .orderBy('labels.title')
    .orderBy('labels.id')
    .limit(limit)
    .execute();
  return rows.map(({ opened_count, closed_count, ...label }) => ({
    label,
    opened: Number(opened_count),
    closed: Number(closed_count),
  }));
}

/** The authors and assignees of the milestone's readable issues, each once, by name. */
export async function participantsOfMilestoneIssues(
  db: Executor,
  reader: IssueReader,
  milestoneId: number,
  page: OffsetLimit,
): Promise<{ rows: UserRow[]; total: number }> {
  const people = db
    .selectFrom('users')
    .where((eb) =>
      eb.or([
        eb('users.id', 'in', milestoneIssues(db, reader, milestoneId).select('issues.author_id')),
        eb(
          'users.id',
          'in',
          milestoneIssues(db, reader, milestoneId)
            .innerJoin('issue_assignees', 'issue_assignees.issue_id', 'issues.id')
            .select('issue_assignees.user_id'),
        ),
      ]),
    );
  const [rows, total] = await Promise.all([
    people
      .selectAll('users')
      .orderBy('users.name')
      .orderBy('users.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    people.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export interface BurndownIssueRow {
  readonly created_at: Date;
  readonly closed_at: Date | null;
  readonly state: 'opened' | 'closed';
  readonly weight: number | null;
}

/** The few fields of every readable issue of the milestone that its burndown reads. */
export function burndownRowsOfMilestone(
  db: Executor,
  reader: IssueReader,
  milestoneId: number,
): Promise<BurndownIssueRow[]> {
  return milestoneIssues(db, reader, milestoneId)
    .select(['issues.created_at', 'issues.closed_at', 'issues.state', 'issues.weight'])
    .execute();
}
