/**
 * 'Show more' under a parent whose epics and issues page separately (GitLab's childItems has one
 * cursor per list): only a list with a next page is asked for it. The other list is asked again
 * from its start (no cursor), so its part of the answer repeats what is shown and is dropped.
 */
import type { TreeItemInput, TreePageInfo } from '../../../core/layout/tree/treeItem.ts';

/** The cursors to send for a parent's next page, and which lists they page. */
export interface MorePageRequest {
  readonly epicEndCursor: string | null;
  readonly issueEndCursor: string | null;
  readonly onlyMore: { readonly epics: boolean; readonly issues: boolean };
}

export interface ChildPage {
  readonly items: readonly TreeItemInput[];
  readonly pageInfo: TreePageInfo;
}

export function morePageRequest(pageInfo: TreePageInfo): MorePageRequest {
  return {
    epicEndCursor: pageInfo.hasMoreEpics ? pageInfo.epicEndCursor : null,
    issueEndCursor: pageInfo.hasMoreIssues ? pageInfo.issueEndCursor : null,
    onlyMore: { epics: pageInfo.hasMoreEpics, issues: pageInfo.hasMoreIssues },
  };
}

/** The answer to a next-page request with only the lists it paged: their items and cursors. */
export function keepPagedLists(page: ChildPage, request: MorePageRequest): ChildPage {
  const { onlyMore } = request;
  return {
    items: page.items.filter((item) => (item.type === 'epic' ? onlyMore.epics : onlyMore.issues)),
    pageInfo: {
      epicEndCursor: onlyMore.epics ? page.pageInfo.epicEndCursor : null,
      hasMoreEpics: onlyMore.epics && page.pageInfo.hasMoreEpics,
      issueEndCursor: onlyMore.issues ? page.pageInfo.issueEndCursor : null,
      hasMoreIssues: onlyMore.issues && page.pageInfo.hasMoreIssues,
    },
  };
}
