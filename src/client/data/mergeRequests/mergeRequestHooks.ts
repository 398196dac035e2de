/**
 * The merge request page's data: its detail (header, widget, approvals) and merge, and the sidebar's
 * blocks, one read per block as the issue sidebar's, written through GitLab's merge request
 * mutations. Answers land in Apollo's cache by the merge request's id.
 */
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { toGlobalId } from '../../../core/domain/gid.ts';
import type { DetailedMergeStatus, MergeRequestState } from '../../../core/domain/mergeRequests.ts';
import { err, ok, type Result } from '../../../core/lib/result.ts';
import type { EpicParticipantView } from '../epics/epicSidebarTypes.ts';
import {
  MergeRequestAcceptDocument,
  MergeRequestDetailDocument,
  MergeRequestSetDraftDocument,
  MergeRequestSidebarAssigneesDocument,
  MergeRequestSidebarLabelsDocument,
  MergeRequestSidebarLockedDocument,
  MergeRequestSidebarMilestoneDocument,
  MergeRequestSidebarParticipantsDocument,
  MergeRequestSidebarReferenceDocument,
  MergeRequestSidebarReviewersDocument,
  MergeRequestSidebarSetAssigneesDocument,
  type MergeRequestSidebarSetAssigneesMutationVariables,
  MergeRequestSidebarSetLabelsDocument,
  MergeRequestSidebarSetLockedDocument,
  type MergeRequestSidebarSetLockedMutationVariables,
  MergeRequestSidebarSetMilestoneDocument,
  type MergeRequestSidebarSetMilestoneMutationVariables,
  MergeRequestSidebarSetReviewersDocument,
  type MergeRequestSidebarSetReviewersMutationVariables,
  MergeRequestSidebarSetSubscriptionDocument,
  type MergeRequestSidebarSetSubscriptionMutationVariables,
  MergeRequestSidebarSubscribedDocument,
  type MutationOperationMode,
} from '../generated/graphql.ts';
import { usePageSettled } from '../idle.ts';
import {
  blockState,
  firstErrorMessage,
  projectIssuableAddress,
  type SavingBlock,
  type SidebarScope,
  settle,
  sidebarWrite,
  useScopeVariables,
  useSidebarSave,
} from '../issuables/sidebarQuerySupport.ts';
import type { LabelChange } from '../labels/labelHooks.ts';
import { toLabel } from '../labels/labelMappers.ts';
import { compact } from '../mappers.ts';
import type { Instant, LabelView, QueryState } from '../types.ts';

export interface MergeRequestPerson {
  readonly id: string;
  readonly username: string;
  readonly name: string;
  readonly avatarUrl: string | null;
  readonly webUrl: string;
}

export interface MergeRequestDetail {
  readonly id: string;
  readonly iid: string;
  readonly title: string;
  readonly state: MergeRequestState;
  readonly draft: boolean;
  readonly createdAt: Instant;
  readonly mergedAt: Instant | null;
  readonly closedAt: Instant | null;
  readonly sourceBranch: string;
  readonly targetBranch: string;
  readonly detailedMergeStatus: DetailedMergeStatus;
  /** The source branch's head, which a merge names so that nothing newer merges unseen. */
  readonly diffHeadSha: string;
  readonly squash: boolean;
  readonly approved: boolean;
  readonly discussionLocked: boolean;
  readonly author: MergeRequestPerson | null;
  readonly mergeUser: MergeRequestPerson | null;
  readonly approvedBy: readonly MergeRequestPerson[];
  /** `Group / Subgroup / Project`, for the breadcrumbs. */
  readonly projectFullName: string;
}

interface PersonNode {
  readonly id: string;
  readonly username: string;
  readonly name: string;
  readonly avatarUrl?: string | null;
  readonly webUrl?: string | null;
}

const toPerson = (node: PersonNode): MergeRequestPerson => ({
  id: node.id,
  username: node.username,
  name: node.name,
  avatarUrl: node.avatarUrl ?? null,
  webUrl: node.webUrl ?? `/${node.username}`,
});

const STATES: readonly MergeRequestState[] = ['opened', 'closed', 'locked', 'merged'];
const MERGE_STATUSES: readonly DetailedMergeStatus[] = [
  'not_open',
  'draft_status',
  'discussions_not_resolved',
  'broken_status',
  'mergeable',
];

const stateOf = (value: string): MergeRequestState =>
  STATES.find((state) => state === value.toLowerCase()) ?? 'opened';
const mergeStatusOf = (value: string | null | undefined): DetailedMergeStatus =>
  MERGE_STATUSES.find((status) => status === value?.toLowerCase()) ?? 'not_open';

export function useMergeRequestDetail(
  fullPath: string,
  iid: string,
): QueryState<MergeRequestDetail | null> & { refetch(): void } {
  const { data, loading, error, refetch } = useQuery(MergeRequestDetailDocument, {
    variables: { fullPath, iid },
  });
  usePageSettled(!loading);
  const project = data?.project;
  const node = project?.mergeRequest;
  const detail: MergeRequestDetail | null | undefined = data
    ? node && {
        id: node.id,
        iid: node.iid,
        title: node.title,
        state: stateOf(node.state),
        draft: node.draft,
        createdAt: node.createdAt as Instant,
        mergedAt: (node.mergedAt ?? null) as Instant | null,
        closedAt: (node.closedAt ?? null) as Instant | null,
        sourceBranch: node.sourceBranch,
        targetBranch: node.targetBranch,
        detailedMergeStatus: mergeStatusOf(node.detailedMergeStatus),
        diffHeadSha: node.diffHeadSha ?? '',
        squash: node.squash,
        approved: node.approved,
        discussionLocked: node.discussionLocked,
        author: node.author ? toPerson(node.author) : null,
        mergeUser: node.mergeUser ? toPerson(node.mergeUser) : null,
        approvedBy: compact(node.approvedBy?.nodes).map(toPerson),
        projectFullName: project.nameWithNamespace,
      }
    : undefined;
  return { data: detail, loading, error, refetch: () => void refetch() };
}

/** Merges (GitLab's mergeRequestAccept), naming the head the viewer saw; the first error on failure. */
export function useMergeRequestActions(fullPath: string, iid: string) {
  const client = useApolloClient();
  const merge = useCallback(
    async (options: { sha: string; squash: boolean }): Promise<Result<void, string | null>> => {
      try {
        const { data } = await client.mutate({
          mutation: MergeRequestAcceptDocument,
          variables: {
            input: { projectPath: fullPath, iid, squash: options.squash, sha: options.sha },
          },
        });
        const payload = data?.mergeRequestAccept;
        if (!payload) return err(null);
        return payload.errors[0] === undefined ? ok(undefined) : err(payload.errors[0]);
      } catch (error) {
        console.error(error);
        return err(firstErrorMessage(error));
      }
    },
    [client, fullPath, iid],
  );
  const setDraft = useCallback(
    (draft: boolean) =>
      settle(async () => {
        const { data } = await client.mutate({
          mutation: MergeRequestSetDraftDocument,
          variables: { input: { projectPath: fullPath, iid, draft } },
        });
        return data?.mergeRequestSetDraft;
      }),
    [client, fullPath, iid],
  );
  return { merge, setDraft };
}

/** An assignee or reviewer as the sidebar shows them, with whether they could merge. */
export interface MergeRequestPersonView {
  readonly username: string;
  readonly name: string;
  readonly avatarUrl: string | null;
  readonly busy: boolean;
  readonly cannotMerge: boolean;
}

interface SidebarPersonNode extends PersonNode {
  readonly status?: { readonly availability?: string | null } | null;
  readonly mergeRequestInteraction?: { readonly canMerge: boolean } | null;
}

const toPersonView = (node: SidebarPersonNode): MergeRequestPersonView => ({
  username: node.username,
  name: node.name,
  avatarUrl: node.avatarUrl ?? null,
  busy: node.status?.availability === 'BUSY',
  cannotMerge: node.mergeRequestInteraction?.canMerge === false,
});

const writeMergeRequestAssignees = sidebarWrite(
  MergeRequestSidebarSetAssigneesDocument,
  (
    usernames: readonly string[],
    variables: SidebarScope,
  ): MergeRequestSidebarSetAssigneesMutationVariables => ({
    input: {
      ...projectIssuableAddress(variables),
      assigneeUsernames: [...usernames],
      operationMode: 'REPLACE',
    },
  }),
  (data) => data?.mergeRequestSetAssignees,
);

/** The assignees; `save` replaces them with these usernames (GitLab's REPLACE mode). */
export function useMergeRequestAssignees(
  scope: SidebarScope,
): SavingBlock<{ people: readonly MergeRequestPersonView[] }, readonly string[]> {
  const variables = useScopeVariables(scope);
  const result = useQuery(MergeRequestSidebarAssigneesDocument, { variables });
  const save = useSidebarSave(variables, writeMergeRequestAssignees);
  const node = result.data?.workspace?.issuable;
  return {
    ...blockState(result, node && { people: compact(node.assignees?.nodes).map(toPersonView) }),
    save,
  };
}

const writeMergeRequestReviewers = sidebarWrite(
  MergeRequestSidebarSetReviewersDocument,
  (
    usernames: readonly string[],
    variables: SidebarScope,
  ): MergeRequestSidebarSetReviewersMutationVariables => ({
    input: {
      ...projectIssuableAddress(variables),
      reviewerUsernames: [...usernames],
      operationMode: 'REPLACE',
    },
  }),
  (data) => data?.mergeRequestSetReviewers,
);

/** The reviewers; `save` replaces them with these usernames. */
export function useMergeRequestReviewers(
  scope: SidebarScope,
): SavingBlock<{ people: readonly MergeRequestPersonView[] }, readonly string[]> {
  const variables = useScopeVariables(scope);
  const result = useQuery(MergeRequestSidebarReviewersDocument, { variables });
  const save = useSidebarSave(variables, writeMergeRequestReviewers);
  const node = result.data?.workspace?.issuable;
  return {
    ...blockState(result, node && { people: compact(node.reviewers?.nodes).map(toPersonView) }),
    save,
  };
}

export function useMergeRequestParticipants(
  scope: SidebarScope,
): QueryState<readonly EpicParticipantView[] | null> {
  const result = useQuery(MergeRequestSidebarParticipantsDocument, { variables: useScopeVariables(scope) });
  const node = result.data?.workspace?.issuable;
  return blockState(
    result,
    node &&
      compact(node.participants?.nodes).map((person) => ({
        id: person.id,
        username: person.username,
        name: person.name,
        avatarUrl: person.avatarUrl ?? null,
        webUrl: person.webUrl ?? `/${person.username}`,
        cannotMerge: person.mergeRequestInteraction?.canMerge === false,
      })),
  );
}

/** The labels, and GitLab's mergeRequestSetLabels adding and removing some. */
export function useMergeRequestLabels(scope: SidebarScope): SavingBlock<readonly LabelView[], LabelChange> {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(MergeRequestSidebarLabelsDocument, { variables });
  const save = useCallback(
    async (change: LabelChange) => {
      const write = (labelIds: readonly string[], operationMode: MutationOperationMode) =>
        settle(async () => {
          const { data } = await client.mutate({
            mutation: MergeRequestSidebarSetLabelsDocument,
            variables: {
              input: { ...projectIssuableAddress(variables), labelIds: [...labelIds], operationMode },
            },
          });
          return data?.mergeRequestSetLabels;
        });
      if (change.add.length > 0) {
        const added = await write(change.add, 'APPEND');
        if (!added.ok) return added;
      }
      return change.remove.length > 0 ? write(change.remove, 'REMOVE') : ok(undefined);
    },
    [client, variables],
  );
  const node = result.data?.workspace?.issuable;
  return { ...blockState(result, node && compact(node.labels?.nodes).map(toLabel)), save };
}

export interface MergeRequestMilestoneView {
  readonly id: string;
  readonly title: string;
  readonly webPath: string | null;
}

const writeMergeRequestMilestone = sidebarWrite(
  MergeRequestSidebarSetMilestoneDocument,
  (
    milestoneId: number | null,
    variables: SidebarScope,
  ): MergeRequestSidebarSetMilestoneMutationVariables => ({
    input: {
      ...projectIssuableAddress(variables),
      milestoneId: milestoneId === null ? null : toGlobalId('Milestone', milestoneId),
    },
  }),
  (data) => data?.mergeRequestSetMilestone,
);

/** The milestone; `save` takes a milestone's numeric id, or null to remove it. */
export function useMergeRequestMilestone(
  scope: SidebarScope,
): SavingBlock<{ milestone: MergeRequestMilestoneView | null }, number | null> {
  const variables = useScopeVariables(scope);
  const result = useQuery(MergeRequestSidebarMilestoneDocument, { variables });
  const save = useSidebarSave(variables, writeMergeRequestMilestone);
  const node = result.data?.workspace?.issuable;
  const milestone = node?.milestone;
  return {
    ...blockState(
      result,
      node && {
        milestone: milestone
          ? { id: milestone.id, title: milestone.title, webPath: milestone.webPath ?? null }
          : null,
      },
    ),
    save,
  };
}

const writeMergeRequestLocked = sidebarWrite(
  MergeRequestSidebarSetLockedDocument,
  (locked: boolean, variables: SidebarScope): MergeRequestSidebarSetLockedMutationVariables => ({
    input: { ...projectIssuableAddress(variables), locked },
  }),
  (data) => data?.mergeRequestSetLocked,
);

/** Whether only project members may comment (GitLab's discussion lock). */
export function useMergeRequestLocked(scope: SidebarScope): SavingBlock<{ locked: boolean }, boolean> {
  const variables = useScopeVariables(scope);
  const result = useQuery(MergeRequestSidebarLockedDocument, { variables });
  const save = useSidebarSave(variables, writeMergeRequestLocked);
  const node = result.data?.workspace?.issuable;
  return { ...blockState(result, node && { locked: node.discussionLocked }), save };
}

const writeMergeRequestSubscription = sidebarWrite(
  MergeRequestSidebarSetSubscriptionDocument,
  (
    subscribedState: boolean,
    variables: SidebarScope,
  ): MergeRequestSidebarSetSubscriptionMutationVariables => ({
    input: { ...projectIssuableAddress(variables), subscribedState },
  }),
  (data) => data?.mergeRequestSetSubscription,
);

/** The viewer's notifications for the merge request. */
export function useMergeRequestSubscription(
  scope: SidebarScope,
): SavingBlock<{ subscribed: boolean }, boolean> {
  const variables = useScopeVariables(scope);
  const result = useQuery(MergeRequestSidebarSubscribedDocument, { variables });
  const save = useSidebarSave(variables, writeMergeRequestSubscription);
  const node = result.data?.workspace?.issuable;
  return { ...blockState(result, node && { subscribed: node.subscribed }), save };
}

export function useMergeRequestReference(scope: SidebarScope): QueryState<string | null> {
  const result = useQuery(MergeRequestSidebarReferenceDocument, { variables: useScopeVariables(scope) });
  return blockState(result, result.data?.workspace?.issuable?.reference);
}
