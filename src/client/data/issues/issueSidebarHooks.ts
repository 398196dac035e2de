/**
 * The issue sidebar's data: one read hook per block (GitLab's per-widget queries, so one failing
 * block does not blank the others) and GitLab's issue mutations. A write answers a
 * SidebarWriteResult instead of throwing; answers land in Apollo's cache by the issue's id.
 */
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { toGlobalId } from '../../../core/domain/gid.ts';
import type { HealthStatus } from '../../../core/domain/healthStatus.ts';
import { toParticipant } from '../epics/epicSidebarMappers.ts';
import type {
  EpicConfidentialityView,
  EpicParticipantView,
  SidebarWriteResult,
} from '../epics/epicSidebarTypes.ts';
import {
  IssueSidebarAssigneesDocument,
  IssueSidebarConfidentialDocument,
  IssueSidebarDueDateDocument,
  IssueSidebarEpicDocument,
  IssueSidebarHealthStatusDocument,
  IssueSidebarLockedDocument,
  IssueSidebarMilestoneDocument,
  IssueSidebarParticipantsDocument,
  IssueSidebarReferenceDocument,
  IssueSidebarSetAssigneesDocument,
  IssueSidebarSetConfidentialDocument,
  IssueSidebarSetDueDateDocument,
  IssueSidebarSetEpicDocument,
  IssueSidebarSetHealthStatusDocument,
  IssueSidebarSetLockedDocument,
  IssueSidebarSetMilestoneDocument,
  IssueSidebarSetSubscriptionDocument,
  IssueSidebarSetWeightDocument,
  IssueSidebarSubscribedDocument,
  IssueSidebarWeightDocument,
} from '../generated/graphql.ts';
import {
  blockState,
  type SidebarScope,
  settle,
  useScopeVariables,
} from '../issuables/sidebarQuerySupport.ts';
import { compact } from '../mappers.ts';
import type { QueryState } from '../types.ts';

type Saving<T, V> = QueryState<T | null> & { save(value: V): Promise<SidebarWriteResult> };

/** The mutation input's address of the issue. */
const address = (variables: SidebarScope) => ({ projectPath: variables.fullPath, iid: variables.iid });

export function useIssueConfidential(
  scope: SidebarScope,
): Saving<Pick<EpicConfidentialityView, 'confidential'>, boolean> {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarConfidentialDocument, { variables });
  const save = useCallback(
    (confidential: boolean) =>
      settle(async () => {
        const { data } = await client.mutate({
          mutation: IssueSidebarSetConfidentialDocument,
          variables: { input: { ...address(variables), confidential } },
        });
        return data?.issuableSetConfidential;
      }),
    [client, variables],
  );
  const issue = result.data?.workspace?.issuable;
  return { ...blockState(result, issue && { confidential: issue.confidential }), save };
}

/** Whether only project members may comment (GitLab's discussion lock). */
export function useIssueLocked(scope: SidebarScope): Saving<{ locked: boolean }, boolean> {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarLockedDocument, { variables });
  const save = useCallback(
    (locked: boolean) =>
      settle(async () => {
        const { data } = await client.mutate({
          mutation: IssueSidebarSetLockedDocument,
          variables: { input: { ...address(variables), locked } },
        });
        return data?.issuableSetLocked;
      }),
    [client, variables],
  );
  const issue = result.data?.workspace?.issuable;
  return { ...blockState(result, issue && { locked: issue.discussionLocked }), save };
}

export function useIssueReference(scope: SidebarScope): QueryState<string | null> {
  const result = useQuery(IssueSidebarReferenceDocument, { variables: useScopeVariables(scope) });
  return blockState(result, result.data?.workspace?.issuable?.reference);
}

/** The weight: a whole number ≥ 0, or null for none. */
export function useIssueWeight(scope: SidebarScope): Saving<{ weight: number | null }, number | null> {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarWeightDocument, { variables });
  const save = useCallback(
    (weight: number | null) =>
      settle(async () => {
        const { data } = await client.mutate({
          mutation: IssueSidebarSetWeightDocument,
          variables: { input: { ...address(variables), weight } },
        });
        return data?.issuableSetWeight;
      }),
    [client, variables],
  );
  const issue = result.data?.workspace?.issuable;
  return { ...blockState(result, issue && { weight: issue.weight ?? null }), save };
}

/** The due date (`YYYY-MM-DD`), or null for none. */
export function useIssueDueDate(scope: SidebarScope): Saving<{ dueDate: string | null }, string | null> {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarDueDateDocument, { variables });
  const save = useCallback(
    (dueDate: string | null) =>
      settle(async () => {
        const { data } = await client.mutate({
          mutation: IssueSidebarSetDueDateDocument,
          variables: { input: { ...address(variables), dueDate } },
        });
        return data?.issuableSetDueDate;
      }),
    [client, variables],
  );
  const issue = result.data?.workspace?.issuable;
  const dueDate = typeof issue?.dueDate === 'string' ? issue.dueDate.slice(0, 10) : null;
  return { ...blockState(result, issue && { dueDate }), save };
}

export function useIssueHealthStatus(
  scope: SidebarScope,
): Saving<{ healthStatus: HealthStatus | null }, HealthStatus | null> {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarHealthStatusDocument, { variables });
  const save = useCallback(
    (healthStatus: HealthStatus | null) =>
      settle(async () => {
        const { data } = await client.mutate({
          mutation: IssueSidebarSetHealthStatusDocument,
          variables: { input: { ...address(variables), healthStatus } },
        });
        return data?.updateIssue;
      }),
    [client, variables],
  );
  const issue = result.data?.workspace?.issuable;
  return { ...blockState(result, issue && { healthStatus: issue.healthStatus ?? null }), save };
}

/** A milestone the issue has or may take: its global id (for the mutation), title and page. */
export interface IssueMilestoneView {
  readonly id: string;
  readonly title: string;
  readonly webPath: string | null;
}

/** The issue's milestone; `save` takes a milestone's numeric id, or null to remove it. */
export function useIssueMilestone(
  scope: SidebarScope,
): Saving<{ milestone: IssueMilestoneView | null }, number | null> {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarMilestoneDocument, { variables });
  const save = useCallback(
    (milestoneId: number | null) =>
      settle(async () => {
        const { data } = await client.mutate({
          mutation: IssueSidebarSetMilestoneDocument,
          variables: {
            input: {
              ...address(variables),
              milestoneId: milestoneId === null ? null : toGlobalId('Milestone', milestoneId),
            },
          },
        });
        return data?.issuableSetMilestone;
      }),
    [client, variables],
  );
  const issue = result.data?.workspace?.issuable;
  const milestone = issue?.milestone;
  return {
    ...blockState(
      result,
      issue && {
        milestone: milestone
          ? { id: milestone.id, title: milestone.title, webPath: milestone.webPath }
          : null,
      },
    ),
    save,
  };
}

export interface IssueAssigneeView {
  readonly username: string;
  readonly name: string;
  readonly avatarUrl: string | null;
  /** They set themselves busy: GitLab shows '(Busy)' after the name. */
  readonly busy: boolean;
}

/** The issue's assignees; `save` replaces them with these usernames (GitLab's REPLACE mode). */
export function useIssueAssignees(
  scope: SidebarScope,
): Saving<{ assignees: readonly IssueAssigneeView[] }, readonly string[]> {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarAssigneesDocument, { variables });
  const save = useCallback(
    (usernames: readonly string[]) =>
      settle(async () => {
        const { data } = await client.mutate({
          mutation: IssueSidebarSetAssigneesDocument,
          variables: { input: { ...address(variables), assigneeUsernames: [...usernames] } },
        });
        return data?.issuableSetAssignees;
      }),
    [client, variables],
  );
  const issue = result.data?.workspace?.issuable;
  const assignees = compact(issue?.assignees?.nodes).map((user) => ({
    username: user.username,
    name: user.name,
    avatarUrl: user.avatarUrl ?? null,
    busy: user.status?.availability === 'BUSY',
  }));
  return { ...blockState(result, issue && { assignees }), save };
}

/** The epic an issue belongs to, as its sidebar shows it. */
export interface IssueEpicView {
  readonly id: string;
  readonly title: string;
  readonly webPath: string;
  readonly reference: string;
}

/** The issue's epic; `save` takes an epic's global id, or null to take the issue out of its epic. */
export function useIssueEpic(scope: SidebarScope): Saving<{ epic: IssueEpicView | null }, string | null> {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarEpicDocument, { variables });
  const save = useCallback(
    (epicId: string | null) =>
      settle(async () => {
        const { data } = await client.mutate({
          mutation: IssueSidebarSetEpicDocument,
          variables: { input: { ...address(variables), epicId } },
        });
        return data?.issuableSetEpic;
      }),
    [client, variables],
  );
  const issue = result.data?.workspace?.issuable;
  const epic = issue?.epic;
  return {
    ...blockState(
      result,
      issue && {
        epic: epic
          ? { id: epic.id, title: epic.title ?? '', webPath: epic.webPath, reference: epic.reference }
          : null,
      },
    ),
    save,
  };
}

/** The issue's participants: author, assignees, then commenters (who may still read it). */
export function useIssueParticipants(scope: SidebarScope): QueryState<readonly EpicParticipantView[] | null> {
  const result = useQuery(IssueSidebarParticipantsDocument, { variables: useScopeVariables(scope) });
  const issue = result.data?.workspace?.issuable;
  return blockState(result, issue && compact(issue.participants?.nodes).map(toParticipant));
}

/** The viewer's notifications for the issue (the group's email setting comes with the page). */
export function useIssueSubscription(scope: SidebarScope): Saving<{ subscribed: boolean }, boolean> {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarSubscribedDocument, { variables });
  const save = useCallback(
    (subscribedState: boolean) =>
      settle(async () => {
        const { data } = await client.mutate({
          mutation: IssueSidebarSetSubscriptionDocument,
          variables: { input: { ...address(variables), subscribedState } },
        });
        return data?.updateIssuableSubscription;
      }),
    [client, variables],
  );
  const issue = result.data?.workspace?.issuable;
  return { ...blockState(result, issue && { subscribed: issue.subscribed }), save };
}
