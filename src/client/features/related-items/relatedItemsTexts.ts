/**
 * Every text of the related-items form and the Linked items card, in one place, and the one place
 * where a failed add or remove (of a related item or of a tree child) becomes its text. Quoted ones
 * are the spec's (sections 2.3, 8 and 9, verbatim); where the spec is silent the wording is GitLab's
 * related_issues components'.
 */
import type { HttpFailure, LinkType, TreeItemType } from '../../data/index.ts';

/** What a related-items form links: the spec's issuable types. */
export type RelatedIssuableType = 'issue' | 'incident' | 'epic' | 'merge_request';

/** Spec: "Default link type: relates_to." */
export const DEFAULT_LINK_TYPE: LinkType = 'relates_to';

/** The input's placeholder per issuable type, and in confidential mode (spec, verbatim). */
const PLACEHOLDERS: Record<RelatedIssuableType, string> = {
  issue: 'Paste issue link',
  incident: 'Paste link',
  epic: 'Paste epic link',
  merge_request: 'Enter merge request URLs',
};
const CONFIDENTIAL_PLACEHOLDERS: Record<RelatedIssuableType, string> = {
  issue: 'Paste confidential issue link',
  incident: 'Paste link',
  epic: 'Paste confidential epic link',
  merge_request: 'Enter merge request URLs',
};

export function referencePlaceholder(type: RelatedIssuableType, confidential: boolean): string {
  return (confidential ? CONFIDENTIAL_PLACEHOLDERS : PLACEHOLDERS)[type];
}

/** Add-failure texts (spec, "Add a child or related item"). */
export const NOT_FOUND_TEXT = {
  issue: 'Issue cannot be found.',
  epic: 'Epic cannot be found.',
} as const;
export const MAX_CHILD_EPICS_TEXT = 'This epic already has the maximum number of child epics.';
/** The server's message that GitLab's front end turns into {@link MAX_CHILD_EPICS_TEXT} (a 409). */
export const HIERARCHY_TOO_DEEP_MESSAGE = 'Epic hierarchy level too deep';

/** Remove-failure texts (spec, "Remove a child", related-items wording). */
export const REMOVE_ERROR_TEXT = {
  issue: 'An error occurred while removing issues.',
  epic: 'An error occurred while removing epics.',
} as const;
export const PATH_INDETERMINATE_TEXT = {
  issue: 'We could not determine the path to remove the issue',
  epic: 'We could not determine the path to remove the epic',
} as const;

/**
 * Adding existing children or related items: a 404 is 'not found' for the item type; a 409 with
 * 'Epic hierarchy level too deep' is 'maximum number of child epics'; otherwise the server's
 * message. A custom message, when given, overrides all of them. Without any message the item is
 * reported not found, as GitLab's front end does.
 */
export function addItemErrorText(
  failure: HttpFailure,
  itemType: TreeItemType,
  custom?: string | null,
): string {
  if (custom) return custom;
  if (failure.status === 404) return NOT_FOUND_TEXT[itemType];
  if (failure.status === 409 && failure.message === HIERARCHY_TOO_DEEP_MESSAGE) return MAX_CHILD_EPICS_TEXT;
  return failure.message ?? NOT_FOUND_TEXT[itemType];
}

/** Removing a child or a related item: a 404 means the path could not be determined. */
export function removeItemErrorText(failure: HttpFailure, itemType: TreeItemType): string {
  return failure.status === 404 ? PATH_INDETERMINATE_TEXT[itemType] : REMOVE_ERROR_TEXT[itemType];
}

export const RELATED_TEXT = {
  add: 'Add',
  cancel: 'Cancel',
  /** The chip's remove button: 'Remove' plus the reference (spec). */
  removeReference: (reference: string) => `Remove ${reference}`,
  open: 'Open',
  closed: 'Closed',
  /** The link-type radios: GitLab's labels. */
  linkTypeLabel: {
    relates_to: 'relates to',
    blocks: 'blocks',
    is_blocked_by: 'is blocked by',
  } satisfies Record<LinkType, string>,
  linkTypeLegend: (type: RelatedIssuableType) => `The current ${type === 'epic' ? 'epic' : 'issue'}`,
  followingItems: (type: RelatedIssuableType) =>
    type === 'epic'
      ? 'the following epics'
      : type === 'merge_request'
        ? 'the following merge requests'
        : 'the following issues',
  pendingReferences: 'References to add',
  suggestions: 'Suggestions',
  searching: 'Searching…',
  noSuggestions: 'No suggestions found',
  suggestionsFailed: 'Something went wrong while fetching suggestions.',
  /** The Linked items card (epic page). */
  linkedItems: 'Linked items',
  linkedItemsCount: (count: number) => `${count} linked ${count === 1 ? 'item' : 'items'}`,
  groupTitle: {
    blocks: 'Blocks',
    is_blocked_by: 'Is blocked by',
    relates_to: 'Relates to',
  } satisfies Record<LinkType, string>,
  noLinkedItems: (type: 'epic' | 'issue') =>
    `Link ${type}s together to show that they are related, or that one is blocking others.`,
  loading: 'Loading linked items',
  fetchFailed: 'Something went wrong while fetching linked items.',
  confidential: 'Confidential',
} as const;

/** The issue page's Development card: the merge requests that close the issue. */
export const DEVELOPMENT_TEXT = {
  title: 'Development',
  count: (count: number) => `${count} ${count === 1 ? 'merge request' : 'merge requests'}`,
  add: 'Add',
  open: 'Open',
  merged: 'Merged',
  closed: 'Closed',
  empty:
    'Link merge requests that close this issue when they merge, or write "Closes #" and the issue number in their description.',
  loading: 'Loading merge requests',
  fetchFailed: 'Something went wrong while fetching merge requests.',
  notFound: 'Merge request cannot be found.',
  removeFailed: 'An error occurred while removing the merge request.',
  remove: (reference: string) => `Remove ${reference}`,
} as const;
