/**
 * View models: what features render. The data hooks map generated GraphQL types into these, so
 * components never see nullable connection plumbing or raw date strings.
 */
import type { Visibility } from '../../core/domain/visibility.ts';
import type { RoadmapMilestoneInput } from '../../core/layout/milestoneBars.ts';
import type { RoadmapEpicInput } from '../../core/layout/roadmapEpic.ts';
import type { CalendarDate, Instant } from './dates.ts';

export type { CalendarDate, Instant, Visibility };

/** `data` is undefined until the first answer, null when the server says the item does not exist. */
export interface QueryState<T> {
  readonly data: T | undefined;
  readonly loading: boolean;
  readonly error: Error | undefined;
}

export type ItemState = 'opened' | 'closed';
export type HealthStatus = 'onTrack' | 'needsAttention' | 'atRisk';
export type IssueType = 'ISSUE' | 'INCIDENT' | 'TASK';

export interface LabelView {
  readonly id: string;
  readonly title: string;
  readonly description: string | null;
  readonly color: string;
  readonly textColor: string;
}

export interface UserView {
  readonly id: string;
  readonly username: string;
  readonly name: string;
}

export interface PageInfoView {
  readonly hasNextPage: boolean;
  readonly hasPreviousPage: boolean;
  readonly startCursor: string | null;
  readonly endCursor: string | null;
}

export interface Page<T> {
  readonly items: readonly T[];
  /** Total matching items across all pages. */
  readonly count: number;
  readonly pageInfo: PageInfoView;
}

/** Counts per state tab; null when the server did not answer for that state. */
export interface StateCounts {
  readonly opened: number | null;
  /** A merge requests list's Merged tab. */
  readonly merged?: number | null;
  readonly closed: number | null;
  readonly all: number | null;
}

export interface GroupSummary {
  readonly id: string;
  readonly name: string;
  readonly fullName: string;
  readonly fullPath: string;
  readonly description: string | null;
  readonly visibility: Visibility | null;
  readonly parentFullPath: string | null;
}

export interface ProjectSummary {
  readonly id: string;
  readonly name: string;
  readonly fullPath: string;
  readonly description: string | null;
  readonly visibility: Visibility | null;
  readonly openIssuesCount: number | null;
}

export interface GroupOverview {
  readonly id: string;
  readonly name: string;
  readonly fullName: string;
  readonly fullPath: string;
  readonly description: string | null;
  readonly visibility: Visibility | null;
  /** Direct children only. */
  readonly subgroups: readonly GroupSummary[];
  readonly projects: readonly ProjectSummary[];
  readonly projectCount: number;
}

export interface EpicListItem {
  readonly id: string;
  readonly iid: string;
  readonly title: string;
  readonly state: ItemState;
  readonly confidential: boolean;
  readonly createdAt: Instant | null;
  readonly startDate: CalendarDate | null;
  readonly dueDate: CalendarDate | null;
  readonly webPath: string;
  readonly reference: string;
  readonly fullReference: string;
  readonly groupFullPath: string;
  readonly author: UserView;
  readonly labels: readonly LabelView[];
}

export interface ListResult<T> {
  /** The full name of the list's group or project ('Acme / Platform', 'Acme / Handbook'). */
  readonly ownerFullName: string;
  readonly counts: StateCounts;
  readonly page: Page<T>;
}

/**
 * One roadmap epic: what the layout worker takes (RoadmapEpicInput, numeric ids) plus what the
 * overlay and popovers show. Made once per server node by the mapper.
 */
export interface RoadmapEpicView extends RoadmapEpicInput {
  readonly gid: string;
  readonly state: ItemState;
  readonly webPath: string;
  readonly groupFullPath: string;
  readonly confidential: boolean;
  readonly blocked: boolean;
  readonly blockedByCount: number;
  /** The open epics blocking this one that the viewer may read (blockedByEpics), for the popover. */
  readonly blockedBy?: readonly RoadmapEpicLink[];
  /** Open and closed child epics (descendantCounts), for the row's child count. */
  readonly childEpicCount: number;
  /** False when the date is inherited (from milestones or child epics). */
  readonly startDateIsFixed: boolean;
  readonly dueDateIsFixed: boolean;
  /** The version a reschedule edits: the server refuses it once someone else saved the epic. */
  readonly lockVersion: number;
  /** The viewer may change the epic (userPermissions.updateEpic): its bar can be dragged. */
  readonly canUpdate: boolean;
}

/** An epic named by a roadmap epic's dependency links. */
export interface RoadmapEpicLink {
  readonly id: number;
  readonly title: string;
  readonly webPath: string;
}

/** One milestone of the roadmap's milestones lane. */
export interface RoadmapMilestoneView extends RoadmapMilestoneInput {
  readonly gid: string;
  readonly webPath: string;
  readonly description: string | null;
}

export interface EpicDateView {
  readonly date: CalendarDate | null;
  /** True when the date is set by hand; false when inherited from milestones or children. */
  readonly isFixed: boolean;
}

export interface EpicDetail {
  readonly id: string;
  readonly iid: string;
  readonly title: string;
  readonly description: string | null;
  readonly state: ItemState;
  readonly confidential: boolean;
  readonly createdAt: Instant | null;
  readonly closedAt: Instant | null;
  readonly reference: string;
  readonly groupFullPath: string;
  /** The full name of the group whose page this is ('Acme / Platform'). */
  readonly groupFullName: string;
  readonly author: UserView;
  readonly startDate: EpicDateView;
  readonly dueDate: EpicDateView;
  readonly labels: readonly LabelView[];
  readonly parent: { readonly title: string; readonly webPath: string; readonly reference: string } | null;
  readonly counts: {
    readonly openedEpics: number;
    readonly closedEpics: number;
    readonly openedIssues: number;
    readonly closedIssues: number;
  };
  readonly upvotes: number;
  readonly downvotes: number;
}

export interface ProjectOverview {
  readonly id: string;
  readonly name: string;
  readonly fullPath: string;
  readonly nameWithNamespace: string;
  readonly description: string | null;
  readonly visibility: Visibility | null;
  readonly openIssuesCount: number | null;
  readonly namespaceFullPath: string | null;
  readonly namespaceFullName: string | null;
}

export interface MilestoneView {
  readonly id: string;
  readonly title: string;
  readonly webPath: string;
}

export interface IssueListItem {
  readonly id: string;
  /** The database id (the gid's number): what GitLab's bulk edit names issues by. */
  readonly databaseId: number;
  readonly iid: string;
  /** The issue's page. */
  readonly webPath: string;
  /** `group/project#12`: the group issues list shows where each issue lives. */
  readonly fullReference: string;
  readonly title: string;
  readonly state: ItemState;
  readonly type: IssueType;
  readonly confidential: boolean;
  readonly createdAt: Instant | null;
  readonly dueDate: CalendarDate | null;
  readonly weight: number | null;
  readonly healthStatus: HealthStatus | null;
  readonly author: UserView;
  readonly assignees: readonly UserView[];
  readonly milestone: MilestoneView | null;
  readonly labels: readonly LabelView[];
  /** Discussions with a comment the reader may see (GitLab's list shows it as the comments count). */
  readonly userDiscussionsCount: number;
}

export interface IssueDetail extends IssueListItem {
  /** 'Acme / Handbook'. */
  readonly projectFullName: string;
  readonly description: string | null;
  readonly reference: string;
  readonly closedAt: Instant | null;
  /** Only project members may comment. */
  readonly discussionLocked: boolean;
  /** Its author is banned: only administrators see it (GitLab's `hidden`). */
  readonly hidden: boolean;
  readonly epic: { readonly title: string; readonly webPath: string; readonly reference: string } | null;
  readonly upvotes: number;
  readonly downvotes: number;
}

/** One of an incident's metric images (GitLab's IssuableMetricImage). */
export interface MetricImage {
  readonly id: number;
  readonly filename: string;
  /** Where the image is served (`/uploads/-/system/issuable_metric_image/file/:id/:name`). */
  readonly filePath: string;
  readonly url: string | null;
  readonly urlText: string | null;
}

export type MilestoneKind = 'group' | 'project';
export type MilestoneState = 'active' | 'closed';

/** One issue of a milestone page's columns. */
export interface MilestoneIssueItem {
  readonly id: string;
  readonly iid: string;
  readonly title: string;
  readonly state: ItemState;
  readonly confidential: boolean;
  /** '#12' on a project milestone, 'acme/handbook#12' on a group milestone. */
  readonly reference: string;
  readonly webPath: string;
  readonly weight: number | null;
  readonly assignees: readonly UserView[];
  readonly labels: readonly LabelView[];
}

/** One of GitLab's milestone columns: the first issues and how many there are in all. */
export interface MilestoneIssueColumn {
  readonly items: readonly MilestoneIssueItem[];
  readonly total: number;
}

/** GitLab's three milestone columns: open and unassigned, open and assigned, closed. */
export interface MilestoneIssueColumns {
  readonly unstarted: MilestoneIssueColumn;
  readonly ongoing: MilestoneIssueColumn;
  readonly completed: MilestoneIssueColumn;
}

/** A label of the milestone's issues, with how many of them are open and closed. */
export interface MilestoneLabelCount {
  readonly label: LabelView;
  readonly opened: number;
  readonly closed: number;
}

/** One day of the burndown: open issues and open weight (scope less completed, GitLab's totals). */
export interface BurndownPoint {
  readonly date: CalendarDate;
  readonly openIssues: number;
  readonly openWeight: number;
}

/** A milestone as the milestones lists show it. */
export interface MilestoneListItem {
  readonly id: string;
  readonly iid: string;
  readonly title: string;
  readonly closed: boolean;
  readonly startDate: CalendarDate | null;
  readonly dueDate: CalendarDate | null;
  readonly expired: boolean;
  readonly upcoming: boolean;
  readonly webPath: string;
  /** The owning group's or project's full name, and its full path. */
  readonly owner: string;
  readonly ownerPath: string;
  /** The milestone's numeric id (GitLab's REST `:milestone_id`). */
  readonly numericId: string;
  /** Its issues the viewer may see, all and closed. */
  readonly stats: { readonly total: number; readonly closed: number } | null;
}

export interface MilestoneDetail {
  readonly id: string;
  readonly iid: string;
  readonly title: string;
  readonly description: string | null;
  /** The description as the server renders and sanitises markdown; null without one. */
  readonly descriptionHtml: string | null;
  readonly state: MilestoneState;
  readonly startDate: CalendarDate | null;
  readonly dueDate: CalendarDate | null;
  readonly webPath: string;
  /** Its issues the viewer may see, all and closed; null when the server did not count them. */
  readonly stats: { readonly total: number; readonly closed: number } | null;
  /** The owning group's or project's full name ('Acme / Platform', 'Acme / Handbook'). */
  readonly ownerFullName: string;
  readonly labels: readonly MilestoneLabelCount[];
  readonly participants: readonly (UserView & { readonly webPath: string })[];
  readonly participantsTotal: number;
  /** The days from the start date to the due date or today; null without both dates. */
  readonly burndown: readonly BurndownPoint[] | null;
}
