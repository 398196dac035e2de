import { AccessLevel } from '../../../core/domain/accessLevel.ts';
import { DAY_MS, formatTimestamp } from '../../../core/time/epochDay.ts';
import { ColumnarInsert, flushInOrder } from './columnarInsert.ts';
import type { Engagement } from './engagement.ts';
import type { IssueIndex } from './issueRows.ts';
import type { SeededLabels } from './labels.ts';
import type { SeededMilestone, SeededMilestones } from './milestones.ts';
import { memberPicker, type Organisation } from './organisation.ts';
import type { PeopleContext } from './peopleRows.ts';
import { type Random, WeightedTable } from './random.ts';
import {
  branchName,
  closingLine,
  issueTitle,
  mergeRequestDescription,
  reviewNoteText,
} from './vocabulary.ts';

/**
 * The merge requests of every acme project, as a team's history: who wrote, reviewed, approved and
 * merged them, when, the issues they close, labels, milestones and a few comments.
 *
 * `random` (the 'merge-requests' stream) draws exactly what it drew before merge requests had all
 * this, so their titles, states and authors stay as they were; everything added since draws from
 * `detail` and the engagement's own stream.
 */
export interface MergeRequestContext extends PeopleContext {
  readonly labels: SeededLabels;
  readonly milestones: SeededMilestones;
  readonly todayDay: number;
  readonly detail: Random;
  readonly engagement: Engagement;
}

export interface MergeRequestSummary {
  readonly mergeRequests: number;
  readonly assignees: number;
  readonly reviewers: number;
  readonly approvals: number;
  readonly closingIssues: number;
}

const MERGE_REQUESTS_PER_PROJECT = 40;
const MERGE_REQUEST_STATES = new WeightedTable([
  ['merged', 55],
  ['opened', 30],
  ['closed', 15],
] as const);
const REVIEWER_COUNTS = new WeightedTable([
  [0, 20],
  [1, 50],
  [2, 30],
] as const);
/** An open merge request's reviewers, somewhere along the review. */
const OPEN_REVIEW_STATES = new WeightedTable([
  ['unreviewed', 35],
  ['review_started', 20],
  ['requested_changes', 20],
  ['approved', 25],
] as const);
const CLOSED_REVIEW_STATES = new WeightedTable([
  ['unreviewed', 40],
  ['reviewed', 35],
  ['requested_changes', 25],
] as const);

const HOUR_MS = 3_600_000;
/** Merged two hours to ten days after it was opened, most within a day (log-skewed). */
const MERGE_MIN_MS = 2 * HOUR_MS;
const MERGE_MAX_MS = 10 * DAY_MS;
/** How far apart two issues one merged merge request closes may have been closed. */
const SECOND_ISSUE_SLACK_MS = 2 * DAY_MS;

type ReviewState = 'unreviewed' | 'reviewed' | 'requested_changes' | 'approved' | 'review_started';

export async function writeMergeRequests(context: MergeRequestContext): Promise<MergeRequestSummary> {
  const { db, org, timeline, random, detail, engagement, labels, milestones, todayDay } = context;
  const rootId = org.rootId;
  const rows = new ColumnarInsert(db, 'merge_requests', {
    id: 'int4',
    root_namespace_id: 'int4',
    project_id: 'int4',
    iid: 'int4',
    author_id: 'int4',
    title: 'text',
    description: 'text',
    state: 'text',
    source_branch: 'text',
    target_branch: 'text',
    can_merge: 'bool',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    milestone_id: 'int4',
    discussion_locked: 'bool',
    merged_at: 'timestamptz',
    merge_user_id: 'int4',
    merge_commit_sha: 'text',
    squash: 'bool',
    closed_at: 'timestamptz',
    closed_by_id: 'int4',
    last_edited_at: 'timestamptz',
    last_edited_by_id: 'int4',
  });
  const assignees = new ColumnarInsert(db, 'merge_request_assignees', {
    root_namespace_id: 'int4',
    merge_request_id: 'int4',
    user_id: 'int4',
    created_at: 'timestamptz',
  });
  const reviewers = new ColumnarInsert(db, 'merge_request_reviewers', {
    root_namespace_id: 'int4',
    merge_request_id: 'int4',
    user_id: 'int4',
    state: 'text',
    created_at: 'timestamptz',
  });
  const approvals = new ColumnarInsert(db, 'merge_request_approvals', {
    root_namespace_id: 'int4',
    merge_request_id: 'int4',
    user_id: 'int4',
    created_at: 'timestamptz',
  });
  const closing = new ColumnarInsert(db, 'merge_requests_closing_issues', {
    root_namespace_id: 'int4',
    merge_request_id: 'int4',
    issue_id: 'int4',
    from_mr_description: 'bool',
    created_at: 'timestamptz',
  });
  const writers = [rows, assignees, reviewers, approvals, closing, ...engagement.writers];

  const linkable = linkableIssues(org, context.issues, timeline);
  const span = timeline.createdToMs - timeline.createdFromMs;
  const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

  for (const project of org.projects) {
    const authors = memberPicker(org, project.groupIndex, AccessLevel.Developer);
    const commenters = memberPicker(org, project.groupIndex, AccessLevel.Reporter);
    const issues = linkable[project.index] as ProjectIssues;
    // Each issue is closed by one merge request at most.
    const used = new Set<number>();
    /** Up to `count` developers other than `except`, each once. */
    const othersThan = (except: readonly number[], count: number): number[] => {
      const chosen: number[] = [];
      for (let attempt = 0; chosen.length < count && attempt < 12; attempt++) {
        const userId = authors.pick(detail);
        if (!except.includes(userId) && !chosen.includes(userId)) chosen.push(userId);
      }
      return chosen;
    };

    for (let iid = 1; iid <= MERGE_REQUESTS_PER_PROJECT; iid++) {
      // The draws of `random`, in their order of old: see MergeRequestContext.
      const createdMs =
        timeline.createdFromMs + ((iid - 1 + random.next()) / MERGE_REQUESTS_PER_PROJECT) * span;
      const state = MERGE_REQUEST_STATES.pick(random);
      const issueLike = issueTitle(random);
      const draft = state === 'opened' && random.chance(0.3);
      const title = draft ? `Draft: ${issueLike}` : issueLike;
      const openUpdatedMs = createdMs + (timeline.nowMs - createdMs) * random.next() ** 2;
      const finisher = state === 'opened' ? null : authors.pick(random);
      const authorId = authors.pick(random);
      const canMerge = state !== 'opened' || random.chance(0.8);
      const id = rows.rowCount + 1;

      // When it was merged or closed, and the issues it closes (merged: issues closed by the merge).
      let finishedMs: number | null = null;
      let closes: LinkableIssue[] = [];
      // About a third of the merged ones find no issue closed at the right time: they try more often.
      const linked = detail.chance(state === 'merged' ? 0.9 : 0.65);
      const wanted = detail.chance(0.25) ? 2 : 1;
      if (state === 'merged') {
        const targetMs = createdMs + logSkewed(detail, MERGE_MIN_MS, MERGE_MAX_MS);
        if (linked) closes = issues.closedAround(createdMs, targetMs, wanted, used);
        finishedMs = closes[0]?.closedMs ?? Math.min(targetMs, timeline.nowMs - 60_000);
      } else {
        if (state === 'closed') {
          const closedMs = createdMs + logSkewed(detail, DAY_MS, 60 * DAY_MS);
          finishedMs = Math.min(closedMs, timeline.nowMs - 60_000);
        }
        if (linked) closes = issues.openBefore(createdMs, wanted, used, detail);
      }
      for (const issue of closes) used.add(issue.id);
      closes.sort((a, b) => a.iid - b.iid);
      // Without an issue to close, now and then a mention of one.
      const mentioned =
        closes.length === 0 && linked && detail.chance(0.3) ? issues.any(createdMs, detail) : null;
      const closingText =
        closes.length > 0
          ? closingLine(
              detail,
              closes.map((issue) => issue.iid),
            )
          : mentioned
            ? `Related to #${mentioned.iid}`
            : null;
      const description = mergeRequestDescription(detail, closingText);
      // Activity (reviews, approvals, comments) happens while it is open.
      const activityEndMs = finishedMs ?? Math.max(openUpdatedMs, createdMs + 60_000);
      const during = (from: number, to: number) =>
        createdMs + (activityEndMs - createdMs) * (from + (to - from) * detail.next());

      // Usually the author works on it; sometimes with a colleague, or handed to one.
      const assigneeIds = detail.chance(0.85) ? [authorId] : othersThan([authorId], 1);
      if (detail.chance(0.2)) assigneeIds.push(...othersThan([authorId, ...assigneeIds], 1));
      for (const userId of assigneeIds) {
        assignees.add({
          root_namespace_id: rootId,
          merge_request_id: id,
          user_id: userId,
          created_at: at(createdMs),
        });
      }

      // Reviewers, and who approved: a merged merge request has one or two approvals, never the author's.
      const reviewerIds = othersThan(
        [authorId],
        draft ? Math.min(1, REVIEWER_COUNTS.pick(detail)) : REVIEWER_COUNTS.pick(detail),
      );
      const reviewStates = new Map<number, ReviewState>();
      const approverIds: number[] = [];
      if (state === 'merged') {
        const approverCount = detail.chance(0.65) ? 1 : 2;
        approverIds.push(...reviewerIds.slice(0, approverCount));
        approverIds.push(...othersThan([authorId, ...reviewerIds], approverCount - approverIds.length));
        for (const userId of reviewerIds)
          reviewStates.set(userId, approverIds.includes(userId) ? 'approved' : 'reviewed');
      } else {
        for (const userId of reviewerIds) {
          const reviewState: ReviewState =
            state === 'closed'
              ? CLOSED_REVIEW_STATES.pick(detail)
              : draft
                ? detail.chance(0.7)
                  ? 'unreviewed'
                  : 'review_started'
                : OPEN_REVIEW_STATES.pick(detail);
          reviewStates.set(userId, reviewState);
          if (reviewState === 'approved') approverIds.push(userId);
        }
      }
      for (const [userId, reviewState] of reviewStates) {
        reviewers.add({
          root_namespace_id: rootId,
          merge_request_id: id,
          user_id: userId,
          state: reviewState,
          created_at: at(during(0, 0.2)),
        });
      }
      for (const userId of approverIds) {
        approvals.add({
          root_namespace_id: rootId,
          merge_request_id: id,
          user_id: userId,
          created_at: at(during(0.3, 0.95)),
        });
      }
      for (const issue of closes) {
        closing.add({
          root_namespace_id: rootId,
          merge_request_id: id,
          issue_id: issue.id,
          from_mr_description: true,
          created_at: at(createdMs),
        });
      }

      engagement.label('MergeRequest', id, labels.forProject[project.index] ?? [], {
        chance: 0.75,
        min: 1,
        max: 3,
      });
      if (detail.chance(0.35)) {
        engagement.discuss('MergeRequest', id, createdMs, commenters, {
          until: activityEndMs,
          text: reviewNoteText,
        });
      }
      if (detail.chance(0.08)) engagement.react('MergeRequest', id, createdMs, commenters);

      const milestone = detail.chance(0.8)
        ? milestoneFor(
            detail,
            milestones.forProject[project.index] ?? [],
            state === 'opened' ? null : dayOf(finishedMs ?? createdMs),
            todayDay,
          )
        : null;
      const editedMs = detail.chance(0.15) ? during(0.05, 0.9) : null;
      // Touched after it was merged or closed now and then (a label, a late comment); an open one
      // when it was last worked on.
      const updatedMs =
        finishedMs === null
          ? activityEndMs
          : Math.min(timeline.nowMs, finishedMs + (detail.chance(0.3) ? detail.next() * 3 * DAY_MS : 0));
      rows.add({
        id,
        root_namespace_id: rootId,
        project_id: project.id,
        iid,
        author_id: authorId,
        title,
        description,
        state,
        source_branch: branchName(iid, issueLike),
        target_branch: 'main',
        can_merge: canMerge,
        created_at: formatTimestamp(createdMs),
        updated_at: formatTimestamp(updatedMs),
        milestone_id: milestone?.id ?? null,
        discussion_locked: detail.chance(0.03),
        merged_at: state === 'merged' ? formatTimestamp(finishedMs as number) : null,
        merge_user_id: state === 'merged' ? finisher : null,
        merge_commit_sha: state === 'merged' ? sha(detail) : null,
        squash: state === 'merged' && detail.chance(0.3),
        closed_at: state === 'closed' ? formatTimestamp(finishedMs as number) : null,
        closed_by_id: state === 'closed' ? finisher : null,
        last_edited_at: editedMs === null ? null : formatTimestamp(editedMs),
        last_edited_by_id: editedMs === null ? null : authorId,
      });
      if (rows.isFull || engagement.labelLinks.isFull) await flushInOrder(writers);
    }
    await db
      .updateTable('projects')
      .set({ last_merge_request_iid: MERGE_REQUESTS_PER_PROJECT })
      .where('id', '=', project.id)
      .execute();
  }
  await flushInOrder(writers);
  return {
    mergeRequests: rows.rowCount,
    assignees: assignees.rowCount,
    reviewers: reviewers.rowCount,
    approvals: approvals.rowCount,
    closingIssues: closing.rowCount,
  };
}

/** The tables whose created_at defaults to now() take a Date; ColumnarInsert writes it the same way. */
const at = (ms: number) => new Date(Math.round(ms));

/** Between `min` and `max`, log-uniformly on a skewed draw: mostly short, with a long tail. */
function logSkewed(random: Random, min: number, max: number): number {
  return min * (max / min) ** (random.next() ** 1.5);
}

/** A merge commit's 40 hex digits. */
function sha(random: Random): string {
  let text = '';
  for (let part = 0; part < 5; part++) {
    text += Math.floor(random.next() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  }
  return text;
}

/**
 * A milestone whose dates fit: for a merged or closed merge request one running on the day it was
 * finished; for an open one, a milestone still to come or running today.
 */
function milestoneFor(
  random: Random,
  visible: readonly SeededMilestone[],
  finishedDay: number | null,
  todayDay: number,
): SeededMilestone | null {
  const fitting = visible.filter((milestone) =>
    finishedDay === null
      ? !milestone.closed && milestone.dueDay >= todayDay && milestone.startDay <= todayDay + 60
      : milestone.startDay <= finishedDay && finishedDay <= milestone.dueDay,
  );
  return fitting.length > 0 ? random.pick(fitting) : null;
}

interface LinkableIssue {
  readonly id: number;
  readonly iid: number;
  /** 0 while open. */
  readonly closedMs: number;
  /** No earlier than the issue's creation. */
  readonly createdBeforeMs: number;
}

interface ProjectIssues {
  /** Issues closed at a time a merge opened at `createdMs` could have closed them, nearest `targetMs` first. */
  closedAround(
    createdMs: number,
    targetMs: number,
    count: number,
    used: ReadonlySet<number>,
  ): LinkableIssue[];
  /** Open issues created before `createdMs`, recent ones more likely. */
  openBefore(createdMs: number, count: number, used: ReadonlySet<number>, random: Random): LinkableIssue[];
  /** Any issue created before `createdMs`. */
  any(createdMs: number, random: Random): LinkableIssue | null;
}

/**
 * The issues a merge request may name, per project: public issues and incidents (tasks are left out,
 * as linkDemoTasks closes some of them later). Merged merge requests only close issues that the issue
 * seeding closed, at the merge: closing others would change the open and closed counts the rest of
 * the demo (and its tests) rely on.
 */
function linkableIssues(
  org: Organisation,
  index: IssueIndex,
  timeline: { createdFromMs: number; createdToMs: number },
): ProjectIssues[] {
  const span = timeline.createdToMs - timeline.createdFromMs;
  const open = org.projects.map((): LinkableIssue[] => []);
  const closed = org.projects.map((): LinkableIssue[] => []);
  const everything = org.projects.map((): LinkableIssue[] => []);
  const iids = org.projects.map(() => 0);
  for (let id = 1; id <= index.count; id++) {
    const projectIndex = index.projectIndexOf[id] as number;
    const iid = (iids[projectIndex] ?? 0) + 1;
    iids[projectIndex] = iid;
    if (index.confidential[id] === 1 || index.task[id] === 1) continue;
    const closedMs = index.closedMsOf[id] as number;
    // Issues are created in id order, the id-th within the id-th slice of the span.
    const issue = { id, iid, closedMs, createdBeforeMs: timeline.createdFromMs + (id / index.count) * span };
    (closedMs > 0 ? closed : open)[projectIndex]?.push(issue);
    everything[projectIndex]?.push(issue);
  }
  for (const list of closed) list.sort((a, b) => a.closedMs - b.closedMs);
  // Lists in creation order: the number of issues created before a moment, by bisection.
  const createdBefore = (list: readonly LinkableIssue[], ms: number) => {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((list[middle] as LinkableIssue).createdBeforeMs < ms) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return org.projects.map((project) => {
    const openList = open[project.index] as LinkableIssue[];
    const closedList = closed[project.index] as LinkableIssue[];
    const all = everything[project.index] as LinkableIssue[];
    return {
      closedAround(createdMs, targetMs, count, used) {
        let low = 0;
        let high = closedList.length;
        const from = createdMs + MERGE_MIN_MS / 2;
        while (low < high) {
          const middle = (low + high) >> 1;
          if ((closedList[middle] as LinkableIssue).closedMs < from) low = middle + 1;
          else high = middle;
        }
        const window: LinkableIssue[] = [];
        for (let at = low; at < closedList.length; at++) {
          const issue = closedList[at] as LinkableIssue;
          if (issue.closedMs > createdMs + MERGE_MAX_MS) break;
          if (issue.createdBeforeMs < createdMs && !used.has(issue.id)) window.push(issue);
        }
        const nearest = (to: number) => (a: LinkableIssue, b: LinkableIssue) =>
          Math.abs(a.closedMs - to) - Math.abs(b.closedMs - to) || a.id - b.id;
        const first = window.sort(nearest(targetMs))[0];
        if (!first) return [];
        const second =
          count > 1
            ? window
                .filter(
                  (issue) =>
                    issue !== first && Math.abs(issue.closedMs - first.closedMs) <= SECOND_ISSUE_SLACK_MS,
                )
                .sort(nearest(first.closedMs))[0]
            : undefined;
        return second ? [first, second] : [first];
      },
      openBefore(createdMs, count, used, random) {
        const available = createdBefore(openList, createdMs);
        const chosen: LinkableIssue[] = [];
        for (let attempt = 0; available > 0 && chosen.length < count && attempt < 6; attempt++) {
          const issue = openList[available - 1 - Math.floor(random.next() ** 3 * available)] as LinkableIssue;
          if (!used.has(issue.id) && !chosen.includes(issue)) chosen.push(issue);
        }
        return chosen.sort((a, b) => a.iid - b.iid);
      },
      any(createdMs, random) {
        const available = createdBefore(all, createdMs);
        return available > 0 ? (all[random.int(0, available - 1)] as LinkableIssue) : null;
      },
    };
  });
}
