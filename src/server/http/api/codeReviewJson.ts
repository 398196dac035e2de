import { reviewStartOf, reviewTimeHours } from '../../../core/domain/codeReview.ts';
import { mergeRequestWebPath } from '../../../core/domain/webPaths.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import type { CodeReviewPage } from '../../services/analytics/codeReviewService.ts';
import { milestoneJson, userBasicJson } from './presenters.ts';

/**
 * GitLab's code review entity (EE API::Entities::Analytics::CodeReview::MergeRequest): the simple
 * merge request, its milestone, author and approvers, its comment count, whole hours in review and
 * its diff stats. No diff is kept here, so the diff stats are all zero.
 */
export function codeReviewJson(page: CodeReviewPage, externalUrl: string, now: Date) {
  const { facts } = page;
  const today = calendarDateOf(now);
  return page.rows.map(({ mergeRequest: row, firstCommentAt, firstApprovalAt }) => {
    const project = facts.projects.get(row.project_id);
    const author = facts.users.get(row.author_id);
    if (!project || !author) throw new Error(`merge request ${row.id} lacks its project or author`);
    const milestone = row.milestone_id === null ? undefined : facts.milestones.get(row.milestone_id);
    const start = reviewStartOf([firstCommentAt, firstApprovalAt]);
    return {
      id: row.id,
      iid: row.iid,
      project_id: row.project_id,
      title: row.title,
      description: row.description,
      state: row.state,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      web_url: `${externalUrl}${mergeRequestWebPath(project.full_path, row.iid)}`,
      milestone: milestone
        ? milestoneJson(milestone.milestone, milestone.ownerPath, today, externalUrl)
        : null,
      author: userBasicJson(author, externalUrl),
      approved_by: (page.approvers.get(row.id) ?? []).map((user) => userBasicJson(user, externalUrl)),
      notes_count: facts.userNotesCounts.get(row.id) ?? 0,
      review_time: reviewTimeHours(start, row.merged_at, now),
      diff_stats: { additions: 0, deletions: 0, commits_count: 0, total: 0 },
    };
  });
}
