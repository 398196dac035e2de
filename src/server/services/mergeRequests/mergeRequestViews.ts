import type { Executor } from '../../db/executor.ts';
import { countVotes } from '../../db/repositories/issueRepository.ts';
import { findLabelsOfTargets } from '../../db/repositories/labelRepository.ts';
import {
  findApprovalRecords,
  findReviewersOf,
  findUserIdsOf,
} from '../../db/repositories/mergeRequestRepository.ts';
import { findMilestonesByIds } from '../../db/repositories/milestoneRepository.ts';
import { findNamespacesByIds } from '../../db/repositories/namespaceRepository.ts';
import { countUserNotes } from '../../db/repositories/noteRepository.ts';
import { findProjectsByIds } from '../../db/repositories/projectRepository.ts';
import { findSubscriptionChoice } from '../../db/repositories/subscriptionRepository.ts';
import { findUsersByIds } from '../../db/repositories/userRepository.ts';
import type {
  LabelRow,
  MergeRequestRow,
  MilestoneRow,
  NamespaceRow,
  ProjectRow,
  ReviewerState,
  UserRow,
} from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { mergeRequestSubscribedBy } from '../subscriptionService.ts';
import { type MergeRequestInProject, mergeRequestRights } from './mergeRequestQueries.ts';

/**
 * What GitLab's REST merge request entities show besides the rows themselves: people, labels, votes,
 * milestones and comment counts for a page (one statement per kind, whatever the page's size), and
 * the single merge request's subscription, approvals and reviews.
 */

export interface Votes {
  readonly upvotes: number;
  readonly downvotes: number;
}

export interface MergeRequestPageFacts {
  readonly projects: ReadonlyMap<number, ProjectRow>;
  readonly users: ReadonlyMap<number, UserRow>;
  readonly assigneeIds: ReadonlyMap<number, readonly number[]>;
  readonly reviewerIds: ReadonlyMap<number, readonly number[]>;
  /** By title, as GitLab sorts a merge request's labels. */
  readonly labels: ReadonlyMap<number, readonly LabelRow[]>;
  readonly votes: ReadonlyMap<number, Votes>;
  /** Each milestone with the full path of the group or project that holds it. */
  readonly milestones: ReadonlyMap<number, { readonly milestone: MilestoneRow; readonly ownerPath: string }>;
  /** GitLab's user_notes_count as the reader may see it (internal comments for Reporters and up). */
  readonly userNotesCounts: ReadonlyMap<number, number>;
}

export async function mergeRequestPageFacts(
  db: Executor,
  access: AccessContext,
  rows: readonly MergeRequestRow[],
): Promise<MergeRequestPageFacts> {
  const ids = rows.map((row) => row.id);
  const [projects, assigneeIds, reviewerIds, labels, votes, noteCounts, milestones] = [
    await findProjectsByIds(db, [...new Set(rows.map((row) => row.project_id))]),
    await findUserIdsOf(db, 'merge_request_assignees', ids),
    await findUserIdsOf(db, 'merge_request_reviewers', ids),
    await findLabelsOfTargets(db, 'MergeRequest', ids),
    await countVotes(db, 'MergeRequest', ids),
    await countUserNotes(db, 'MergeRequest', ids),
    await findMilestonesByIds(db, [...new Set(rows.flatMap((row) => row.milestone_id ?? []))]),
  ];
  const userIds = new Set<number>();
  for (const row of rows) {
    for (const id of [row.author_id, row.merge_user_id, row.closed_by_id]) if (id !== null) userIds.add(id);
  }
  for (const list of [...assigneeIds.values(), ...reviewerIds.values()])
    for (const id of list) userIds.add(id);
  const namespaceIds = [
    ...projects.map((project) => project.namespace_id),
    ...milestones.flatMap((milestone) => milestone.group_id ?? []),
  ];
  const [users, namespaces] = [
    await findUsersByIds(db, [...userIds]),
    await findNamespacesByIds(db, [...new Set(namespaceIds)]),
  ];
  const projectById = new Map(projects.map((project) => [project.id, project]));
  const namespaceById = new Map(namespaces.map((namespace) => [namespace.id, namespace]));
  const ownerPath = (milestone: MilestoneRow) =>
    (milestone.group_id === null
      ? projectById.get(milestone.project_id ?? 0)?.full_path
      : namespaceById.get(milestone.group_id)?.full_path) ?? '';
  const readsInternal = await internalNoteReaders(access, projects, namespaceById);
  const userNotesCounts = new Map<number, number>();
  for (const row of rows) {
    const counts = noteCounts.get(row.id);
    const count = readsInternal.has(row.project_id) ? counts?.notes : counts?.publicNotes;
    userNotesCounts.set(row.id, count ?? 0);
  }
  return {
    projects: projectById,
    users: new Map(users.map((user) => [user.id, user])),
    assigneeIds,
    reviewerIds,
    labels,
    votes,
    milestones: new Map(
      milestones.map((milestone) => [milestone.id, { milestone, ownerPath: ownerPath(milestone) }]),
    ),
    userNotesCounts,
  };
}

/** The projects whose internal comments the reader may read: one check per project, not per row. */
async function internalNoteReaders(
  access: AccessContext,
  projects: readonly ProjectRow[],
  namespaceById: ReadonlyMap<number, NamespaceRow>,
): Promise<Set<number>> {
  const readers = new Set<number>();
  for (const project of projects) {
    const namespace = namespaceById.get(project.namespace_id);
    if (namespace && (await access.canInProject('read_internal_note', project, namespace))) {
      readers.add(project.id);
    }
  }
  return readers;
}

/** Whether the actor gets notifications of the merge request (subscriptionService's rule). */
export async function isSubscribedToMergeRequest(
  db: Executor,
  access: AccessContext,
  mergeRequest: MergeRequestRow,
): Promise<boolean> {
  const user = access.actor.user;
  if (!user) return false;
  const choice = await findSubscriptionChoice(db, user.id, 'MergeRequest', mergeRequest.id);
  return mergeRequestSubscribedBy(choice, user.id, mergeRequest, async () => {
    const [assignees, reviewers] = [
      await findUserIdsOf(db, 'merge_request_assignees', [mergeRequest.id]),
      await findUserIdsOf(db, 'merge_request_reviewers', [mergeRequest.id]),
    ];
    const people = [...(assignees.get(mergeRequest.id) ?? []), ...(reviewers.get(mergeRequest.id) ?? [])];
    return people.includes(user.id);
  });
}

export interface MergeRequestApprovals {
  readonly approvals: readonly { readonly user: UserRow; readonly approvedAt: Date }[];
  readonly userHasApproved: boolean;
  /** GitLab's eligible_for_approval_by?: may approve, has not yet, and the merge request is open. */
  readonly userCanApprove: boolean;
}

/** Who approved the merge request and when, and what the reader may do about it. */
export async function mergeRequestApprovals(
  db: Executor,
  access: AccessContext,
  located: MergeRequestInProject,
): Promise<MergeRequestApprovals> {
  const { mergeRequest } = located;
  const records = (await findApprovalRecords(db, [mergeRequest.id])).get(mergeRequest.id) ?? [];
  const users = new Map(
    (
      await findUsersByIds(
        db,
        records.map((record) => record.userId),
      )
    ).map((user) => [user.id, user]),
  );
  const approvals = records.flatMap((record) => {
    const user = users.get(record.userId);
    return user ? [{ user, approvedAt: record.createdAt }] : [];
  });
  const viewerId = access.actor.user?.id;
  const userHasApproved = viewerId !== undefined && records.some((record) => record.userId === viewerId);
  const { canApprove } = await mergeRequestRights(access, located);
  return {
    approvals,
    userHasApproved,
    userCanApprove: canApprove && !userHasApproved && mergeRequest.state === 'opened',
  };
}

export interface MergeRequestReviewer {
  readonly user: UserRow;
  readonly state: ReviewerState;
  readonly createdAt: Date;
}

/** The merge request's reviewers in the order they were asked, with their review state. */
export async function mergeRequestReviewers(
  db: Executor,
  { mergeRequest }: MergeRequestInProject,
): Promise<MergeRequestReviewer[]> {
  const records = (await findReviewersOf(db, [mergeRequest.id])).get(mergeRequest.id) ?? [];
  const users = new Map(
    (
      await findUsersByIds(
        db,
        records.map((record) => record.userId),
      )
    ).map((user) => [user.id, user]),
  );
  return records.flatMap((record) => {
    const user = users.get(record.userId);
    return user ? [{ user, state: record.state, createdAt: record.createdAt }] : [];
  });
}
