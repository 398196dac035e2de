/** The view models of the merge requests lists (a project's, a group's, the dashboard's). */
import type { Instant } from '../dates.ts';
import type { LabelView, ListResult, MilestoneView, UserView } from '../types.ts';

/** A merge request's state as the lists show it (GitLab's `locked` reads as open: it is mid-merge). */
export type MergeRequestItemState = 'opened' | 'merged' | 'closed';

export interface MergeRequestListItem {
  readonly id: string;
  readonly iid: string;
  /** Without its draft prefix (`Draft:`, `[Draft]`, `(Draft)`): `draft` says so. */
  readonly title: string;
  readonly draft: boolean;
  readonly state: MergeRequestItemState;
  /** The merge request's page. */
  readonly webPath: string;
  /** `group/project!12`: a group's list and the dashboard show where each lives. */
  readonly fullReference: string;
  readonly createdAt: Instant | null;
  readonly updatedAt: Instant | null;
  /** When it was merged (merged ones) or closed (closed ones); null while open. */
  readonly stateChangedAt: Instant | null;
  readonly sourceBranch: string;
  readonly targetBranch: string;
  /** Null when the author's account is gone. */
  readonly author: UserView | null;
  readonly assignees: readonly UserView[];
  readonly reviewers: readonly UserView[];
  readonly milestone: MilestoneView | null;
  readonly labels: readonly LabelView[];
  /** Someone has approved it. */
  readonly approved: boolean;
  /** Comments the reader may see (GitLab's list shows it as the comments count). */
  readonly userNotesCount: number;
}

/** The signed-in user's dashboard: a list, and the open merge requests of each of its scopes. */
export interface DashboardMergeRequests extends ListResult<MergeRequestListItem> {
  readonly openCounts: { readonly assigned: number | null; readonly reviewRequested: number | null };
}
