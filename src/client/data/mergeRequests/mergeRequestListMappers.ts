/** Pure mappers from the merge requests lists' queries to their view models. */
import { draftlessTitle } from '../../../core/domain/mergeRequests.ts';
import { toInstant } from '../dates.ts';
import type { MergeRequestListItemFragment } from '../generated/graphql.ts';
import { toLabels } from '../labels/labelMappers.ts';
import { stateCounts } from '../lists.ts';
import { compact, toUser } from '../mappers.ts';
import type { StateCounts } from '../types.ts';
import type { MergeRequestItemState, MergeRequestListItem } from './mergeRequestListTypes.ts';

const toItemState = (state: string): MergeRequestItemState =>
  state === 'merged' || state === 'closed' ? state : 'opened';

export function toMergeRequestListItem(node: MergeRequestListItemFragment): MergeRequestListItem {
  const state = toItemState(node.state);
  return {
    id: node.id,
    iid: node.iid,
    title: node.draft ? draftlessTitle(node.title) : node.title,
    draft: node.draft,
    state,
    webPath: node.webPath,
    fullReference: node.fullReference,
    createdAt: toInstant(node.createdAt),
    updatedAt: toInstant(node.updatedAt),
    stateChangedAt: toInstant(state === 'merged' ? node.mergedAt : state === 'closed' ? node.closedAt : null),
    sourceBranch: node.sourceBranch,
    targetBranch: node.targetBranch,
    author: node.author ? toUser(node.author) : null,
    assignees: compact(node.assignees?.nodes).map(toUser),
    reviewers: compact(node.reviewers?.nodes).map(toUser),
    milestone: node.milestone
      ? { id: node.milestone.id, title: node.milestone.title, webPath: node.milestone.webPath }
      : null,
    labels: toLabels(node.labels),
    approved: node.approved,
    userNotesCount: node.userNotesCount ?? 0,
  };
}

type Count = { readonly count: number } | null | undefined;

/** The four state tabs' counts of a merge requests list. */
export function mergeRequestStateCounts(owner: {
  readonly openedMergeRequests?: Count;
  readonly mergedMergeRequests?: Count;
  readonly closedMergeRequests?: Count;
  readonly allMergeRequests?: Count;
}): StateCounts {
  return {
    ...stateCounts(
      owner.openedMergeRequests ?? null,
      owner.closedMergeRequests ?? null,
      owner.allMergeRequests ?? null,
    ),
    merged: owner.mergedMergeRequests?.count ?? null,
  };
}
