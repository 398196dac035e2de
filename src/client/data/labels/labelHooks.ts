/**
 * The epic sidebar's labels block (GitLab's epic mutations): the epic's labels, and the write that adds and
 * removes some. The answer lands in Apollo's cache by the epic's id, so the page header sees it.
 */
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import type { SidebarWriteResult } from '../epics/epicSidebarTypes.ts';
import { EpicSidebarLabelsDocument, EpicSidebarSetLabelsDocument } from '../generated/graphql.ts';
import {
  blockState,
  type EpicSidebarScope,
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
