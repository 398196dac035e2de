/**
 * The epic tree's GraphQL calls (GitLab's related-items tree and its mutations): a page of an epic's children (GitLab's
 * childItems, never cached: the layout worker holds the tree) and the epicReorder mutation. Features
 * get them through `useEpicTreeData`, a stable object the tree controller keeps.
 */
import { useApolloClient } from '@apollo/client/react';
import { useMemo } from 'react';
import type { EpicTreeNodeFieldsInput } from '../../../core/layout/tree/treeReorder.ts';
import type { SidebarWriteResult } from '../epics/epicSidebarTypes.ts';
import { ChildItemsDocument, EpicReorderDocument } from '../generated/graphql.ts';
import { settle } from '../issuables/sidebarQuerySupport.ts';
import { type ChildItemsPage, childItemsPage } from './epicTreeMappers.ts';

export type { ChildItemsPage, TreeRoot } from './epicTreeMappers.ts';
export { epicAddressOf } from './epicTreeMappers.ts';

/** Which lists to page: only those with a next page get their cursor (GitLab sends '' otherwise). */
export interface ChildItemsCursors {
  readonly epicEndCursor?: string | null;
  readonly issueEndCursor?: string | null;
}

export interface EpicTreeData {
  /** One page of an epic's children; null when it is missing or hidden; rejects on failure. */
  fetchChildren(fullPath: string, iid: string, cursors?: ChildItemsCursors): Promise<ChildItemsPage | null>;
  /** epicTreeReorder; a non-empty errors list or a failed call is a failure (the move is undone). */
  reorder(baseEpicId: string, moved: EpicTreeNodeFieldsInput): Promise<SidebarWriteResult>;
}

export function useEpicTreeData(): EpicTreeData {
  const client = useApolloClient();
  return useMemo(
    () => ({
      async fetchChildren(fullPath, iid, cursors = {}) {
        const result = await client.query({
          query: ChildItemsDocument,
          variables: {
            fullPath,
            iid,
            epicEndCursor: cursors.epicEndCursor ?? '',
            issueEndCursor: cursors.issueEndCursor ?? '',
          },
          fetchPolicy: 'no-cache',
        });
        if (result.error) throw result.error;
        return result.data ? childItemsPage(result.data) : null;
      },
      reorder(baseEpicId, moved) {
        return settle(async () => {
          const result = await client.mutate({
            mutation: EpicReorderDocument,
            variables: { epicTreeReorderInput: { baseEpicId, moved } },
          });
          return result.data?.epicTreeReorder;
        });
      },
    }),
    [client],
  );
}
