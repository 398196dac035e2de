import { isDraftTitle, mergeStatus } from '../../../core/domain/mergeRequests.ts';
import { issuableReference } from '../../../core/domain/references.ts';
import { mergeRequestWebPath } from '../../../core/domain/webPaths.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import type { Executor } from '../../db/executor.ts';
import type { MergeRequestRow, UserRow } from '../../db/schema.ts';
import type { AccessContext } from '../../services/access.ts';
import { renderMarkdown } from '../../services/markdown/markdownRenderer.ts';
import { headSha, mergeStatusOf } from '../../services/mergeRequests/mergeRequestMerge.ts';
import {
  type MergeRequestInProject,
  mergeRequestRights,
} from '../../services/mergeRequests/mergeRequestQueries.ts';
import {
  isSubscribedToMergeRequest,
  type MergeRequestApprovals,
  type MergeRequestPageFacts,
  type MergeRequestReviewer,
  mergeRequestPageFacts,
} from '../../services/mergeRequests/mergeRequestViews.ts';
import { labelJson, milestoneJson, userBasicJson } from './presenters.ts';

/**
 * GitLab's REST merge request entities: MergeRequestBasic for lists, MergeRequest for one, and
 * MergeRequestSimple for `view=simple`. There is no repository, pipeline or deployment here: the
 * fields that would come from them are null (or `0` commits behind), and `sha` is the source
 * branch's stable head (services/mergeRequests/mergeRequestMerge.ts).
 */

export interface MergeRequestJsonOptions {
  readonly access: AccessContext;
  readonly externalUrl: string;
  readonly now: Date;
  /** Labels as objects instead of names: GitLab's `with_labels_details`. */
  readonly withLabelsDetails?: boolean | undefined;
}

type Json = Record<string, unknown>;

function lookup<T>(map: ReadonlyMap<number, T>, id: number, what: string): T {
  const found = map.get(id);
  if (found === undefined) throw new Error(`${what} ${id} is missing`);
  return found;
}

function basicJson(
  row: MergeRequestRow,
  facts: MergeRequestPageFacts,
  options: MergeRequestJsonOptions,
): Json {
  const { externalUrl } = options;
  const project = lookup(facts.projects, row.project_id, 'Project');
  const user = (id: number) => userBasicJson(lookup(facts.users, id, 'User'), externalUrl);
  const maybeUser = (id: number | null) => (id === null || !facts.users.has(id) ? null : user(id));
  const assignees = (facts.assigneeIds.get(row.id) ?? []).map(user);
  const labels = facts.labels.get(row.id) ?? [];
  const milestone = row.milestone_id === null ? undefined : facts.milestones.get(row.milestone_id);
  const vote = facts.votes.get(row.id) ?? { upvotes: 0, downvotes: 0 };
  const draft = isDraftTitle(row.title);
  const tasks = renderMarkdown(row.description).tasks;
  const short = issuableReference('merge_request', row.iid, project.full_path, false);
  const mergeUser = maybeUser(row.merge_user_id);
  return {
    id: row.id,
    iid: row.iid,
    project_id: row.project_id,
    title: row.title,
    description: row.description,
    state: row.state,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    merged_by: mergeUser,
    merge_user: mergeUser,
    merged_at: row.merged_at?.toISOString() ?? null,
    closed_by: maybeUser(row.closed_by_id),
    closed_at: row.closed_at?.toISOString() ?? null,
    target_branch: row.target_branch,
    source_branch: row.source_branch,
    user_notes_count: facts.userNotesCounts.get(row.id) ?? 0,
    upvotes: vote.upvotes,
    downvotes: vote.downvotes,
    author: user(row.author_id),
    assignees,
    assignee: assignees[0] ?? null,
    reviewers: (facts.reviewerIds.get(row.id) ?? []).map(user),
    source_project_id: row.project_id,
    target_project_id: row.project_id,
    labels: options.withLabelsDetails
      ? labels.map((label) => labelJson(label))
      : labels.map((label) => label.title),
    draft,
    imported: false,
    imported_from: 'none',
    work_in_progress: draft,
    milestone: milestone
      ? milestoneJson(milestone.milestone, milestone.ownerPath, calendarDateOf(options.now), externalUrl)
      : null,
    merge_when_pipeline_succeeds: false,
    merge_status: mergeStatus({ canMerge: row.can_merge }),
    detailed_merge_status: mergeStatusOf(row),
    merge_after: null,
    sha: headSha(row),
    merge_commit_sha: row.merge_commit_sha,
    squash_commit_sha: null,
    discussion_locked: row.discussion_locked,
    // Nobody asked for the branch to go, and nothing forces it (GitLab's merge_params).
    should_remove_source_branch: null,
    force_remove_source_branch: false,
    prepared_at: row.created_at.toISOString(),
    allow_collaboration: false,
    allow_maintainer_to_push: false,
    reference: short,
    references: {
      short,
      relative: short,
      full: issuableReference('merge_request', row.iid, project.full_path, true),
    },
    web_url: `${externalUrl}${mergeRequestWebPath(project.full_path, row.iid)}`,
    time_stats: {
      time_estimate: 0,
      total_time_spent: 0,
      human_time_estimate: null,
      human_total_time_spent: null,
    },
    squash: row.squash,
    squash_on_merge: row.squash,
    task_completion_status: { count: tasks.total, completed_count: tasks.completed },
    has_conflicts: !row.can_merge,
    blocking_discussions_resolved: true,
    approvals_before_merge: null,
  };
}

/** GitLab's MergeRequestBasic for a page of merge requests, every related row read in one batch each. */
export async function presentMergeRequests(
  db: Executor,
  rows: readonly MergeRequestRow[],
  options: MergeRequestJsonOptions,
): Promise<Json[]> {
  const facts = await mergeRequestPageFacts(db, options.access, rows);
  return rows.map((row) => basicJson(row, facts, options));
}

/** GitLab's MergeRequestSimple (`view=simple`). */
export async function presentSimpleMergeRequests(
  db: Executor,
  rows: readonly MergeRequestRow[],
  options: MergeRequestJsonOptions,
): Promise<Json[]> {
  const facts = await mergeRequestPageFacts(db, options.access, rows);
  return rows.map((row) => {
    const project = lookup(facts.projects, row.project_id, 'Project');
    return {
      id: row.id,
      iid: row.iid,
      project_id: row.project_id,
      title: row.title,
      description: row.description,
      state: row.state,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      web_url: `${options.externalUrl}${mergeRequestWebPath(project.full_path, row.iid)}`,
    };
  });
}

/** What a single merge request adds, for the reader (GitLab's MergeRequest entity). */
function singleFields(row: MergeRequestRow, canMerge: boolean): Json {
  return {
    // No diff is kept: nothing to count.
    changes_count: null,
    latest_build_started_at: null,
    latest_build_finished_at: null,
    first_deployed_to_production_at: row.first_deployed_to_production_at?.toISOString() ?? null,
    pipeline: null,
    head_pipeline: null,
    diff_refs: { base_sha: null, head_sha: headSha(row), start_sha: null },
    merge_error: null,
    diverged_commits_count: 0,
    user: { can_merge: canMerge },
  };
}

/**
 * GitLab's MergeRequest entity without `subscribed`, as its related_merge_requests gives a list of
 * them: the related rows in one batch each.
 */
export async function presentFullMergeRequests(
  db: Executor,
  located: readonly MergeRequestInProject[],
  options: MergeRequestJsonOptions,
): Promise<Json[]> {
  const basics = await presentMergeRequests(
    db,
    located.map(({ mergeRequest }) => mergeRequest),
    options,
  );
  const json: Json[] = [];
  for (const [index, one] of located.entries()) {
    // Rights come from the request's memberships, read once: no statement per merge request.
    const { canMerge } = await mergeRequestRights(options.access, one);
    json.push({ ...basics[index], ...singleFields(one.mergeRequest, canMerge) });
  }
  return json;
}

/** GitLab's MergeRequest entity for one merge request, with whether the reader is subscribed. */
export async function presentMergeRequest(
  db: Executor,
  located: MergeRequestInProject,
  options: MergeRequestJsonOptions,
): Promise<Json> {
  const [basic] = await presentMergeRequests(db, [located.mergeRequest], options);
  if (!basic) throw new Error(`merge request ${located.mergeRequest.id} was not presented`);
  const { canMerge } = await mergeRequestRights(options.access, located);
  return {
    ...basic,
    subscribed: await isSubscribedToMergeRequest(db, options.access, located.mergeRequest),
    ...singleFields(located.mergeRequest, canMerge),
  };
}

/**
 * GitLab's approvals answer (EE's ApprovalState, what `GET …/approvals`, `approve` and `unapprove`
 * give): no approval rules here, so nothing is required and nothing is left.
 */
export function approvalStateJson(row: MergeRequestRow, view: MergeRequestApprovals, externalUrl: string) {
  return {
    id: row.id,
    iid: row.iid,
    project_id: row.project_id,
    title: row.title,
    description: row.description,
    state: row.state,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    merge_status: mergeStatus({ canMerge: row.can_merge }),
    // As GitLab reports it with no rules: every rule (none) is satisfied.
    approved: true,
    approvals_required: 0,
    approvals_left: 0,
    require_password_to_approve: false,
    approved_by: view.approvals.map(({ user, approvedAt }) => ({
      user: userBasicJson(user, externalUrl),
      approved_at: approvedAt.toISOString(),
    })),
    suggested_approvers: [],
    approvers: [],
    approver_groups: [],
    user_has_approved: view.userHasApproved,
    user_can_approve: view.userCanApprove,
    approval_rules_left: [],
    has_approval_rules: false,
    merge_request_approvers_available: false,
    multiple_approval_rules_available: false,
    invalid_approvers_rules: [],
  };
}

/** GitLab's `GET …/approval_state`: whether the rules were overridden, and the rules (none here). */
export const approvalRulesJson = () => ({ approval_rules_overwritten: false, rules: [] });

/** GitLab's MergeRequestReviewer entity. */
export const reviewerJson = (reviewer: MergeRequestReviewer, externalUrl: string) => ({
  user: userBasicJson(reviewer.user, externalUrl),
  state: reviewer.state,
  created_at: reviewer.createdAt.toISOString(),
});

export const usersJson = (users: readonly UserRow[], externalUrl: string) =>
  users.map((user) => userBasicJson(user, externalUrl));
