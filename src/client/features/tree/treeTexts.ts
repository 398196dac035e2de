/**
 * Every text of the child-items tree card's add dropdown and forms, in one place, and how a failed
 * create becomes its toast. Quoted ones are the spec's (sections 2.2, 5 and 8, verbatim, trailing
 * space included); where the spec is silent the wording is GitLab's related_items_tree components'.
 */
import type { HttpFailure } from '../../data/index.ts';

export const TREE_TEXT = {
  /** The add dropdown (spec). */
  add: 'Add',
  addMenu: 'Add an issue or epic',
  issueSection: 'Issue',
  epicSection: 'Epic',
  addNewIssue: 'Add a new issue',
  addExistingIssue: 'Add an existing issue',
  addNewEpic: 'Add a new epic',
  addExistingEpic: 'Add an existing epic',

  cancel: 'Cancel',
  title: 'Title',

  /** Create epic (spec). */
  newEpicTitle: 'New epic title',
  newConfidentialEpicTitle: 'New confidential epic title ',
  confidentialParentHint:
    'The parent epic is confidential and can only contain confidential epics and issues',
  createEpic: 'Create epic',
  creatingEpic: 'Creating epic',
  group: 'Group',
  searchGroup: 'Search a group',
  noMatchingGroups: 'No matching results',

  /** Create issue (spec). */
  newIssueTitle: 'New issue title',
  project: 'Project',
  selectProject: 'Select a project',
  searchProject: 'Search a project',
  recentlyUsed: 'Recently used',
  noMatchesFound: 'No matches found',
  createIssue: 'Create issue',
  creatingIssue: 'Creating issue',
  loading: 'Loading',

  /** Toasts (spec, "Tree and epic page"). */
  createChildEpicsFailed: 'Something went wrong while creating child epics.',
  createIssueFailed: 'Something went wrong while creating issue.',
  fetchProjectsFailed: 'Something went wrong while fetching projects.',
  createEpicFailed: 'Error creating epic',
  fetchGroupsFailed: 'Something went wrong while fetching groups.',

  /** The card and the tree's toasts (spec). */
  cardTitle: 'Child issues and epics',
  cardTitleIssuesOnly: 'Issues',
  treeView: 'Tree view',
  roadmapView: 'Roadmap view',
  showLabels: 'Show labels',
  showMore: 'Show more',
  expand: 'Expand',
  collapse: 'Collapse',
  remove: 'Remove',
  removeConfirm: (type: 'Epic' | 'Issue') => `${type} will be removed! Are you sure?`,
  removeTitle: (type: 'Epic' | 'Issue') => `Remove ${type.toLowerCase()}`,
  fetchFailed: 'Something went wrong while fetching child epics.',
  orderFailed: 'Something went wrong while ordering item.',
  moveFailed: 'Something went wrong while moving item.',
  empty: 'No child items are currently assigned.',
  epics: 'Epics',
  issues: 'Issues',
  totalWeight: 'Total weight',
  openedClosed: (opened: number, closed: number) => `${opened} open, ${closed} closed`,
  healthOnTrack: 'On track',
  healthNeedsAttention: 'Needs attention',
  healthAtRisk: 'At risk',
  healthSummary: (onTrack: number, needsAttention: number, atRisk: number) =>
    `${onTrack} issues on track, ${needsAttention} issues need attention, ${atRisk} issues at risk`,
  blocked: 'Blocked',
  confidential: 'Confidential',
  dragHint: 'Press Space to pick up this item and move it with the arrow keys.',
} as const;

/**
 * Creating a child epic: the tree's toast, or — when the server said why — 'Error creating epic'
 * followed by '. ' and its message (as the issuable form reports 'Error updating …'). A failed
 * issue create always toasts {@link TREE_TEXT.createIssueFailed}.
 */
export function createEpicErrorText(failure: HttpFailure): string {
  return failure.status !== 0 && failure.message
    ? `${TREE_TEXT.createEpicFailed}. ${failure.message}`
    : TREE_TEXT.createChildEpicsFailed;
}
