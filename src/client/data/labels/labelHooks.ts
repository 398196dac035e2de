/**
 * The sidebars' labels blocks (GitLab's epic and issue mutations): the issuable's labels, and the
 * write that adds and removes some. The answer lands in Apollo's cache by the issuable's id.
 */
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import type { SidebarWriteResult } from '../epics/epicSidebarTypes.ts';
import {
  EpicSidebarLabelsDocument,
  EpicSidebarSetLabelsDocument,
  IssueSidebarLabelsDocument,
  IssueSidebarSetLabelsDocument,
} from '../generated/graphql.ts';
import {
  blockState,
  type EpicSidebarScope,
  type SidebarScope,
  settle,
  useScopeVariables,
} from '../issuables/sidebarQuerySupport.ts';
import { compact } from '../mappers.ts';
import type { LabelView, QueryState } from '../types.ts';
import { toLabel } from './labelMappers.ts';

export function useEpicLabels(scope: EpicSidebarScope): QueryState<readonly LabelView[] | null> & {
  save(change: {
    readonly add: readonly string[];
    readonly remove: readonly string[];
  }): Promise<SidebarWriteResult>;
} {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(EpicSidebarLabelsDocument, { variables });
  const save = useCallback(
    (change: { readonly add: readonly string[]; readonly remove: readonly string[] }) =>
      settle(async () => {
        const { data } = await client.mutate({
          mutation: EpicSidebarSetLabelsDocument,
          variables: {
            input: {
              iid: variables.iid,
              groupPath: variables.fullPath,
              addLabelIds: [...change.add],
              removeLabelIds: [...change.remove],
            },
          },
        });
        return data?.updateEpic;
      }),
    [client, variables],
  );
  const epic = result.data?.workspace?.issuable;
  return { ...blockState(result, epic && compact(epic.labels?.nodes).map(toLabel)), save };
}

/** The issue sidebar's labels: the issue's labels, and GitLab's updateIssue that adds and removes some. */
export function useIssueLabels(scope: SidebarScope): QueryState<readonly LabelView[] | null> & {
  save(change: {
    readonly add: readonly string[];
    readonly remove: readonly string[];
  }): Promise<SidebarWriteResult>;
} {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(IssueSidebarLabelsDocument, { variables });
  const save = useCallback(
    (change: { readonly add: readonly string[]; readonly remove: readonly string[] }) =>
      settle(async () => {
        const { data } = await client.mutate({
          mutation: IssueSidebarSetLabelsDocument,
          variables: {
            input: {
              projectPath: variables.fullPath,
              iid: variables.iid,
              addLabelIds: [...change.add],
              removeLabelIds: [...change.remove],
            },
          },
        });
        return data?.updateIssue;
      }),
    [client, variables],
  );
  const issue = result.data?.workspace?.issuable;
  return { ...blockState(result, issue && compact(issue.labels?.nodes).map(toLabel)), save };
}
