import type { Executor } from '../db/executor.ts';
import { isAssignedTo } from '../db/repositories/issueRepository.ts';
import { findSubscriptionChoice, saveSubscriptionChoice } from '../db/repositories/subscriptionRepository.ts';
import type { EpicRow, IssueRow, MergeRequestRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import type { Actor } from './actor.ts';
import { UnauthorizedError } from './errors.ts';

/** Subscribed by choice, or as the author unless they opted out (GitLab's participant rule). */
export async function isSubscribedToEpic(db: Executor, actor: Actor, epic: EpicRow): Promise<boolean> {
  if (!actor.user) return false;
  const choice = await findSubscriptionChoice(db, actor.user.id, 'Epic', epic.id);
  return subscribedByChoiceOrAuthorship(choice, actor.user.id, epic);
}

/**
 * The same for an issue: by choice, else as a participant GitLab counts without notes (its author
 * or an assignee).
 */
export async function isSubscribedToIssue(db: Executor, actor: Actor, issue: IssueRow): Promise<boolean> {
  if (!actor.user) return false;
  const userId = actor.user.id;
  const choice = await findSubscriptionChoice(db, userId, 'Issue', issue.id);
  return issueSubscribedBy(choice, userId, issue, () => isAssignedTo(db, issue.id, userId));
}

/** The issue rule itself, for callers that loaded the choice and the assignees in a batch. */
export async function issueSubscribedBy(
  choice: boolean | null | undefined,
  userId: number,
  issue: Pick<IssueRow, 'author_id'>,
  isAssignee: () => Promise<boolean>,
): Promise<boolean> {
  if (choice !== undefined && choice !== null) return choice;
  return issue.author_id === userId || (await isAssignee());
}

/** The rule itself, for callers that loaded the choice in a batch. */
export function subscribedByChoiceOrAuthorship(
  choice: boolean | null | undefined,
  userId: number,
  epic: Pick<EpicRow, 'author_id'>,
): boolean {
  return choice ?? epic.author_id === userId;
}

/**
 * Turns the actor's notifications for an epic on or off (GitLab's `epicSetSubscription`). Reading
 * the epic is all it takes, as on GitLab; the caller has checked that. The choice is kept even when
 * the group's owner has disabled emails, so it holds again once they are enabled.
 */
export async function setEpicSubscription(
  db: Executor,
  access: AccessContext,
  epic: EpicRow,
  subscribed: boolean,
): Promise<void> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  await saveSubscriptionChoice(db, {
    rootNamespaceId: epic.root_namespace_id,
    userId: user.id,
    type: 'Epic',
    id: epic.id,
    subscribed,
  });
}

/** Turns the actor's notifications for an issue on or off (GitLab's `issueSetSubscription`). */
export async function setIssueSubscription(
  db: Executor,
  access: AccessContext,
  issue: IssueRow,
  subscribed: boolean,
): Promise<void> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  await saveSubscriptionChoice(db, {
    rootNamespaceId: issue.root_namespace_id,
    userId: user.id,
    type: 'Issue',
    id: issue.id,
    subscribed,
  });
}

/**
 * The merge request rule: by choice, else as a participant GitLab counts without notes (its author,
 * an assignee or a reviewer); `isAssigneeOrReviewer` is asked only when it decides.
 */
export async function mergeRequestSubscribedBy(
  choice: boolean | null | undefined,
  userId: number,
  mergeRequest: Pick<MergeRequestRow, 'author_id'>,
  isAssigneeOrReviewer: () => Promise<boolean>,
): Promise<boolean> {
  if (choice !== undefined && choice !== null) return choice;
  return mergeRequest.author_id === userId || (await isAssigneeOrReviewer());
}

/**
 * Turns the actor's notifications for a merge request on or off (GitLab's
 * `mergeRequestSetSubscription`); the caller has found it readable.
 */
export async function setMergeRequestSubscription(
  db: Executor,
  access: AccessContext,
  mergeRequest: MergeRequestRow,
  subscribed: boolean,
): Promise<void> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  await saveSubscriptionChoice(db, {
    rootNamespaceId: mergeRequest.root_namespace_id,
    userId: user.id,
    type: 'MergeRequest',
    id: mergeRequest.id,
    subscribed,
  });
}
