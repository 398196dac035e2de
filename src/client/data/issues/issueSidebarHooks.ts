/**
 * The issue sidebar's data: one read hook per block (GitLab's per-widget queries, so one failing
 * block does not blank the others) and GitLab's issue mutations. A write answers a
 * SidebarWriteResult instead of throwing; answers land in Apollo's cache by the issue's id.
 */
import { useQuery } from '@apollo/client/react';
import { toGlobalId } from '../../../core/domain/gid.ts';
import type { HealthStatus } from '../../../core/domain/healthStatus.ts';
import { toParticipant } from '../epics/epicSidebarMappers.ts';
import type { EpicConfidentialityView, EpicParticipantView } from '../epics/epicSidebarTypes.ts';
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
  type IssueSidebarSetAssigneesMutationVariables,
  IssueSidebarSetConfidentialDocument,
  type IssueSidebarSetConfidentialMutationVariables,
  IssueSidebarSetDueDateDocument,
  type IssueSidebarSetDueDateMutationVariables,
  IssueSidebarSetEpicDocument,
  type IssueSidebarSetEpicMutationVariables,
  IssueSidebarSetHealthStatusDocument,
  type IssueSidebarSetHealthStatusMutationVariables,
  IssueSidebarSetLockedDocument,
  type IssueSidebarSetLockedMutationVariables,
  IssueSidebarSetMilestoneDocument,
  type IssueSidebarSetMilestoneMutationVariables,
  IssueSidebarSetSubscriptionDocument,
  type IssueSidebarSetSubscriptionMutationVariables,
  IssueSidebarSetWeightDocument,
  type IssueSidebarSetWeightMutationVariables,
  IssueSidebarSubscribedDocument,
  IssueSidebarWeightDocument,
} from '../generated/graphql.ts';
import {
  blockState,
  projectIssuableAddress,
  type SavingBlock,
  type SidebarScope,
  sidebarWrite,
  useScopeVariables,
  useSidebarSave,
} from '../issuables/sidebarQuerySupport.ts';
import { compact } from '../mappers.ts';
import type { QueryState } from '../types.ts';

const writeIssueConfidential = sidebarWrite(
  IssueSidebarSetConfidentialDocument,
  (confidential: boolean, variables: SidebarScope): IssueSidebarSetConfidentialMutationVariables => ({
    input: { ...projectIssuableAddress(variables), confidential },
  }),
  (data) => data?.issuableSetConfidential,
);

export function useIssueConfidential(
  scope: SidebarScope,
): SavingBlock<Pick<EpicConfidentialityView, 'confidential'>, boolean> {
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarConfidentialDocument, { variables });
  const save = useSidebarSave(variables, writeIssueConfidential);
  const issue = result.data?.workspace?.issuable;
  return { ...blockState(result, issue && { confidential: issue.confidential }), save };
}

const writeIssueLocked = sidebarWrite(
  IssueSidebarSetLockedDocument,
  (locked: boolean, variables: SidebarScope): IssueSidebarSetLockedMutationVariables => ({
    input: { ...projectIssuableAddress(variables), locked },
  }),
  (data) => data?.issuableSetLocked,
);

/** Whether only project members may comment (GitLab's discussion lock). */
export function useIssueLocked(scope: SidebarScope): SavingBlock<{ locked: boolean }, boolean> {
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarLockedDocument, { variables });
  const save = useSidebarSave(variables, writeIssueLocked);
  const issue = result.data?.workspace?.issuable;
  return { ...blockState(result, issue && { locked: issue.discussionLocked }), save };
}

export function useIssueReference(scope: SidebarScope): QueryState<string | null> {
  const result = useQuery(IssueSidebarReferenceDocument, { variables: useScopeVariables(scope) });
  return blockState(result, result.data?.workspace?.issuable?.reference);
}

const writeIssueWeight = sidebarWrite(
  IssueSidebarSetWeightDocument,
  (weight: number | null, variables: SidebarScope): IssueSidebarSetWeightMutationVariables => ({
    input: { ...projectIssuableAddress(variables), weight },
  }),
  (data) => data?.issuableSetWeight,
);

/** The weight: a whole number ≥ 0, or null for none. */
export function useIssueWeight(scope: SidebarScope): SavingBlock<{ weight: number | null }, number | null> {
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarWeightDocument, { variables });
  const save = useSidebarSave(variables, writeIssueWeight);
  const issue = result.data?.workspace?.issuable;
  return { ...blockState(result, issue && { weight: issue.weight ?? null }), save };
}

const writeIssueDueDate = sidebarWrite(
  IssueSidebarSetDueDateDocument,
  (dueDate: string | null, variables: SidebarScope): IssueSidebarSetDueDateMutationVariables => ({
    input: { ...projectIssuableAddress(variables), dueDate },
  }),
  (data) => data?.issuableSetDueDate,
);

/** The due date (`YYYY-MM-DD`), or null for none. */
export function useIssueDueDate(scope: SidebarScope): SavingBlock<{ dueDate: string | null }, string | null> {
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarDueDateDocument, { variables });
  const save = useSidebarSave(variables, writeIssueDueDate);
  const issue = result.data?.workspace?.issuable;
  const dueDate = typeof issue?.dueDate === 'string' ? issue.dueDate.slice(0, 10) : null;
  return { ...blockState(result, issue && { dueDate }), save };
}

const writeIssueHealthStatus = sidebarWrite(
  IssueSidebarSetHealthStatusDocument,
  (
    healthStatus: HealthStatus | null,
    variables: SidebarScope,
  ): IssueSidebarSetHealthStatusMutationVariables => ({
    input: { ...projectIssuableAddress(variables), healthStatus },
  }),
  (data) => data?.updateIssue,
);

export function useIssueHealthStatus(
  scope: SidebarScope,
): SavingBlock<{ healthStatus: HealthStatus | null }, HealthStatus | null> {
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarHealthStatusDocument, { variables });
  const save = useSidebarSave(variables, writeIssueHealthStatus);
  const issue = result.data?.workspace?.issuable;
  return { ...blockState(result, issue && { healthStatus: issue.healthStatus ?? null }), save };
}

/** A milestone the issue has or may take: its global id (for the mutation), title and page. */
export interface IssueMilestoneView {
  readonly id: string;
  readonly title: string;
  readonly webPath: string | null;
}

const writeIssueMilestone = sidebarWrite(
  IssueSidebarSetMilestoneDocument,
  (milestoneId: number | null, variables: SidebarScope): IssueSidebarSetMilestoneMutationVariables => ({
    input: {
      ...projectIssuableAddress(variables),
      milestoneId: milestoneId === null ? null : toGlobalId('Milestone', milestoneId),
    },
  }),
  (data) => data?.issuableSetMilestone,
);

/** The issue's milestone; `save` takes a milestone's numeric id, or null to remove it. */
export function useIssueMilestone(
  scope: SidebarScope,
): SavingBlock<{ milestone: IssueMilestoneView | null }, number | null> {
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarMilestoneDocument, { variables });
  const save = useSidebarSave(variables, writeIssueMilestone);
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

const writeIssueAssignees = sidebarWrite(
  IssueSidebarSetAssigneesDocument,
  (usernames: readonly string[], variables: SidebarScope): IssueSidebarSetAssigneesMutationVariables => ({
    input: { ...projectIssuableAddress(variables), assigneeUsernames: [...usernames] },
  }),
  (data) => data?.issuableSetAssignees,
);

/** The issue's assignees; `save` replaces them with these usernames (GitLab's REPLACE mode). */
export function useIssueAssignees(
  scope: SidebarScope,
): SavingBlock<{ assignees: readonly IssueAssigneeView[] }, readonly string[]> {
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarAssigneesDocument, { variables });
  const save = useSidebarSave(variables, writeIssueAssignees);
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

const writeIssueEpic = sidebarWrite(
  IssueSidebarSetEpicDocument,
  (epicId: string | null, variables: SidebarScope): IssueSidebarSetEpicMutationVariables => ({
    input: { ...projectIssuableAddress(variables), epicId },
  }),
  (data) => data?.issuableSetEpic,
);

/** The issue's epic; `save` takes an epic's global id, or null to take the issue out of its epic. */
export function useIssueEpic(
  scope: SidebarScope,
): SavingBlock<{ epic: IssueEpicView | null }, string | null> {
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarEpicDocument, { variables });
  const save = useSidebarSave(variables, writeIssueEpic);
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

const writeIssueSubscription = sidebarWrite(
  IssueSidebarSetSubscriptionDocument,
  (subscribedState: boolean, variables: SidebarScope): IssueSidebarSetSubscriptionMutationVariables => ({
    input: { ...projectIssuableAddress(variables), subscribedState },
  }),
  (data) => data?.updateIssuableSubscription,
);

/** The viewer's notifications for the issue (the group's email setting comes with the page). */
export function useIssueSubscription(scope: SidebarScope): SavingBlock<{ subscribed: boolean }, boolean> {
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarSubscribedDocument, { variables });
  const save = useSidebarSave(variables, writeIssueSubscription);
  const issue = result.data?.workspace?.issuable;
  return { ...blockState(result, issue && { subscribed: issue.subscribed }), save };
}
