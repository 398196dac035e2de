/**
 * The sidebars' labels blocks (GitLab's epic and issue mutations): the issuable's labels, and the
 * write that adds and removes some. The answer lands in Apollo's cache by the issuable's id.
 */
import { useQuery } from '@apollo/client/react';
import {
  EpicSidebarLabelsDocument,
  EpicSidebarSetLabelsDocument,
  type EpicSidebarSetLabelsMutationVariables,
  IssueSidebarLabelsDocument,
  IssueSidebarSetLabelsDocument,
  type IssueSidebarSetLabelsMutationVariables,
} from '../generated/graphql.ts';
import {
  blockState,
  type EpicSidebarScope,
  projectIssuableAddress,
  type SavingBlock,
  type SidebarScope,
  sidebarWrite,
  useScopeVariables,
  useSidebarSave,
} from '../issuables/sidebarQuerySupport.ts';
import { compact } from '../mappers.ts';
import type { LabelView } from '../types.ts';
import { toLabel } from './labelMappers.ts';

/** The labels a save adds and removes, by global id. */
export interface LabelChange {
  readonly add: readonly string[];
  readonly remove: readonly string[];
}

const writeEpicLabels = sidebarWrite(
  EpicSidebarSetLabelsDocument,
  (change: LabelChange, variables: SidebarScope): EpicSidebarSetLabelsMutationVariables => ({
    input: {
      iid: variables.iid,
      groupPath: variables.fullPath,
      addLabelIds: [...change.add],
      removeLabelIds: [...change.remove],
    },
  }),
  (data) => data?.updateEpic,
);

export function useEpicLabels(scope: EpicSidebarScope): SavingBlock<readonly LabelView[], LabelChange> {
  const variables = useScopeVariables(scope);
  const result = useQuery(EpicSidebarLabelsDocument, { variables });
  const save = useSidebarSave(variables, writeEpicLabels);
  const epic = result.data?.workspace?.issuable;
  return { ...blockState(result, epic && compact(epic.labels?.nodes).map(toLabel)), save };
}

const writeIssueLabels = sidebarWrite(
  IssueSidebarSetLabelsDocument,
  (change: LabelChange, variables: SidebarScope): IssueSidebarSetLabelsMutationVariables => ({
    input: {
      ...projectIssuableAddress(variables),
      addLabelIds: [...change.add],
      removeLabelIds: [...change.remove],
    },
  }),
  (data) => data?.updateIssue,
);

/** The issue sidebar's labels: the issue's labels, and GitLab's updateIssue that adds and removes some. */
export function useIssueLabels(scope: SidebarScope): SavingBlock<readonly LabelView[], LabelChange> {
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarLabelsDocument, { variables });
  const save = useSidebarSave(variables, writeIssueLabels);
  const issue = result.data?.workspace?.issuable;
  return { ...blockState(result, issue && compact(issue.labels?.nodes).map(toLabel)), save };
}
