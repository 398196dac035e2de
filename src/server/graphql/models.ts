import type { WorkItemType } from '../../core/domain/workItemTypes.ts';
import type {
  AwardEmojiRow,
  EpicRow,
  IssueRow,
  LabelRow,
  MergeRequestRow,
  MilestoneRow,
  NamespaceRow,
  NoteRow,
  ProjectRow,
  SecurityReportIngestionRow,
  TimelineEventRow,
  TimelineEventTagRow,
  TodoRow,
  UserRow,
  VulnerabilityIssueLinkRow,
  VulnerabilityRow,
  VulnerabilityScannerRow,
  VulnerabilityStateTransitionRow,
} from '../db/schema.ts';
import type { NoteablePolicy } from '../services/discussions/noteable.ts';
import type { IssueInProject } from '../services/issueService.ts';
import type { MemberView } from '../services/memberService.ts';
import type {
  MergeRequestInProject,
  MergeRequestRights,
} from '../services/mergeRequests/mergeRequestQueries.ts';
import type { IssueInEpicRow } from '../services/tree/epicTreeService.ts';
import type { Connection } from './connection.ts';
import type { WorkItemWidgetType } from './generated/resolvers.ts';

/** What resolvers pass down for each GraphQL type (codegen "mappers"). */
export type GroupModel = NamespaceRow;
export type ProjectModel = ProjectRow;
export type EpicModel = EpicRow;
export type IssueModel = IssueRow;
export type MilestoneModel = MilestoneRow;
export type LabelModel = LabelRow;
export type UserModel = UserRow;
export type MergeRequestModel = MergeRequestRow;
export type GroupConnectionModel = Connection<NamespaceRow>;
export type ProjectConnectionModel = Connection<ProjectRow>;
export type EpicConnectionModel = Connection<EpicRow>;
export type IssueConnectionModel = Connection<IssueRow>;
export type MilestoneConnectionModel = Connection<MilestoneRow>;
export type LabelConnectionModel = Connection<LabelRow>;
export type UserCoreConnectionModel = Connection<UserRow>;
export type MergeRequestConnectionModel = Connection<MergeRequestRow>;
/**
 * A user as the author, an assignee, a reviewer or a participant of a merge request: the user's row,
 * with the merge request its `mergeRequestInteraction` is about.
 */
export type MergeRequestUserModel = UserRow & { readonly interactsWith: MergeRequestRow };
export type MergeRequestUserConnectionModel = Connection<MergeRequestUserModel>;
/** A user's relation to one merge request. */
export interface UserMergeRequestInteractionModel {
  readonly user: UserRow;
  readonly mergeRequest: MergeRequestRow;
}
/** A merge request with its place, and what the current user may do to it. */
export interface MergeRequestPermissionsModel {
  readonly located: MergeRequestInProject;
  readonly rights: MergeRequestRights;
}
/** A member as the members lists read it, with where the membership is held. */
export type MemberModel = MemberView;
export type AccessLevelModel = number;
export type GroupMemberConnectionModel = Connection<MemberView>;
export type MemberInterfaceConnectionModel = Connection<MemberView>;
export type TodoModel = TodoRow;
/** An issue as a child of an epic: the issue row with its epic_issues link. */
export type EpicIssueModel = IssueInEpicRow;
export type EpicIssueConnectionModel = Connection<EpicIssueModel>;
export type TodoConnectionModel = Connection<TodoRow>;
export interface EpicPermissionsModel {
  readonly group: NamespaceRow;
  readonly epic: EpicRow;
}
/** An issue with its project and the project's group: what GitLab's issue policy reads. */
export interface IssuePermissionsModel {
  readonly project: ProjectRow;
  readonly namespace: NamespaceRow;
  readonly issue: IssueRow;
}
export interface GroupPermissionsModel {
  readonly group: NamespaceRow;
}
/** A note with the policy of its epic or issue (what the reader may do with it). */
export interface NoteModel {
  readonly row: NoteRow;
  readonly policy: NoteablePolicy;
}
export type NotePermissionsModel = NoteModel;
export type NoteConnectionModel = Connection<NoteModel>;
/** A discussion: its notes the reader may see, oldest first (never empty). */
export interface DiscussionModel {
  readonly id: string;
  readonly notes: readonly NoteModel[];
}
export type DiscussionConnectionModel = Connection<DiscussionModel>;
export type AwardEmojiModel = AwardEmojiRow;
export type AwardEmojiConnectionModel = Connection<AwardEmojiRow>;
/** A timeline event with its incident, its project and the project's group (for noteHtml's references). */
export interface TimelineEventTypeModel {
  readonly event: TimelineEventRow;
  readonly located: IssueInProject;
}
export type TimelineEventTypeConnectionModel = Connection<TimelineEventTypeModel>;
export type TimelineEventTagTypeModel = TimelineEventTagRow;
export type TimelineEventTagTypeConnectionModel = Connection<TimelineEventTagRow>;
/** A work item is its issue row (type issue, incident or task). */
export type WorkItemModel = IssueRow;
export type WorkItemConnectionModel = Connection<IssueRow>;
export type WorkItemPermissionsModel = IssuePermissionsModel;
export type WorkItemTypeModel = WorkItemType;
export type WorkItemTypeConnectionModel = Connection<WorkItemType>;
/** One widget of a work item: which one, over the work item's issue row. */
export interface WorkItemWidgetModel {
  readonly type: WorkItemWidgetType;
  readonly issue: IssueRow;
}

/** A vulnerability as its row: its project and permissions are read through the loaders. */
export type VulnerabilityModel = VulnerabilityRow;
export type VulnerabilityConnectionModel = Connection<VulnerabilityRow>;
export type VulnerabilityStateTransitionTypeModel = VulnerabilityStateTransitionRow;
export type VulnerabilityStateTransitionTypeConnectionModel = Connection<VulnerabilityStateTransitionRow>;
/** An issue link with its issue (read and checked readable by the vulnerability's resolver). */
export interface VulnerabilityIssueLinkModel {
  readonly link: VulnerabilityIssueLinkRow;
  readonly issue: IssueRow;
}
export type VulnerabilityIssueLinkConnectionModel = Connection<VulnerabilityIssueLinkModel>;
export type VulnerabilityNoteModel = NoteRow;
export type VulnerabilityPermissionsModel = VulnerabilityRow;
export type VulnerabilityScannerModel = VulnerabilityScannerRow;
export type SecurityReportSummaryModel = SecurityReportIngestionRow;
