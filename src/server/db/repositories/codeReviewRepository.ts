import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { LabelFilter, MilestoneFilter } from '../../../core/domain/codeReview.ts';
import type { Executor } from '../executor.ts';
import { type OffsetLimit, type PageWithTotal, pageWithTotal } from '../pagination.ts';
import type { Database, MergeRequestRow } from '../schema.ts';
import { hasAnyLabel, hasEveryLabel } from './labelFilters.ts';

/**
 * Code review analytics' list (GitLab's MergeRequestsFinder with `state: opened` and
 * `sort: review_time_desc`): a project's open merge requests with their first review activities,
 * longest in review first.
 */

export interface CodeReviewFilter {
  readonly projectId: number;
  readonly labels?: LabelFilter | undefined;
  readonly milestone?: MilestoneFilter | undefined;
  /** `not[label_name]`: none of these labels. */
  readonly notLabelTitles?: readonly string[] | undefined;
  /** `not[milestone_title]`: not in a milestone of this title (those with none stay). */
  readonly notMilestoneTitle?: string | undefined;
}

/** An open merge request and when review activity first came from each source. */
export interface CodeReviewRow {
  readonly mergeRequest: MergeRequestRow;
  /** The first comment by someone other than its author (system notes are not comments). */
  readonly firstCommentAt: Date | null;
  readonly firstApprovalAt: Date | null;
}

type Builder = ExpressionBuilder<Database, 'merge_requests'>;

const FIRST_COMMENT = sql<Date | null>`(SELECT min(notes.created_at) FROM notes
  WHERE notes.noteable_type = 'MergeRequest' AND notes.noteable_id = merge_requests.id
    AND NOT notes.system AND notes.author_id <> merge_requests.author_id)`;
const FIRST_APPROVAL = sql<Date | null>`(SELECT min(merge_request_approvals.created_at)
  FROM merge_request_approvals WHERE merge_request_approvals.merge_request_id = merge_requests.id)`;

const labelled = sql<SqlBool>`EXISTS (SELECT 1 FROM label_links
  WHERE label_links.target_type = 'MergeRequest' AND label_links.target_id = merge_requests.id)`;
const milestoneTitled = (title: string) =>
  sql<SqlBool>`merge_requests.milestone_id IN (SELECT milestones.id FROM milestones WHERE milestones.title = ${title})`;

function conditions(eb: Builder, filter: CodeReviewFilter): Expression<SqlBool>[] {
  const list: Expression<SqlBool>[] = [
    eb('merge_requests.project_id', '=', filter.projectId),
    eb('merge_requests.state', '=', 'opened'),
  ];
  const labels = filter.labels;
  if (labels?.kind === 'none') list.push(eb.not(labelled));
  if (labels?.kind === 'any') list.push(labelled);
  if (labels?.kind === 'titles' && labels.titles.length > 0) {
    list.push(hasEveryLabel('MergeRequest', 'merge_requests.id', labels.titles));
  }
  const milestone = filter.milestone;
  if (milestone?.kind === 'none') list.push(eb('merge_requests.milestone_id', 'is', null));
  if (milestone?.kind === 'any') list.push(eb('merge_requests.milestone_id', 'is not', null));
  if (milestone?.kind === 'title') list.push(milestoneTitled(milestone.title));
  if (filter.notLabelTitles?.length) {
    list.push(eb.not(hasAnyLabel('MergeRequest', 'merge_requests.id', filter.notLabelTitles)));
  }
  if (filter.notMilestoneTitle !== undefined) {
    list.push(
      eb.or([
        eb('merge_requests.milestone_id', 'is', null),
        eb.not(milestoneTitled(filter.notMilestoneTitle)),
      ]),
    );
  }
  return list;
}

const instantOrNull = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/**
 * One offset page of the filtered open merge requests, the earliest review start first (so the longest
 * review time), those not yet in review last, newest first among equals; and how many match in all.
 */
export async function listCodeReviewMergeRequests(
  db: Executor,
  filter: CodeReviewFilter,
  page: OffsetLimit,
): Promise<PageWithTotal<CodeReviewRow>> {
  const { rows, total } = await pageWithTotal(
    db.selectFrom('merge_requests').where((eb) => eb.and(conditions(eb, filter))),
    (query) =>
      query
        .selectAll('merge_requests')
        .select([
          FIRST_COMMENT.as('first_comment_at'),
          FIRST_APPROVAL.as('first_approval_at'),
          sql<Date | null>`LEAST(${FIRST_COMMENT}, ${FIRST_APPROVAL})`.as('review_started_at'),
        ])
        .orderBy(sql`review_started_at ASC NULLS LAST`)
        .orderBy('merge_requests.id', 'desc'),
    page,
  );
  return {
    total,
    rows: rows.map(({ first_comment_at, first_approval_at, review_started_at: _, ...mergeRequest }) => ({
      mergeRequest,
      firstCommentAt: instantOrNull(first_comment_at),
      firstApprovalAt: instantOrNull(first_approval_at),
    })),
  };
}
