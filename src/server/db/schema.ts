import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ApprovalStatus, DeploymentStatus } from '../../core/domain/deployments.ts';
import type { AutoStopSetting, EnvironmentState, EnvironmentTier } from '../../core/domain/environments.ts';
import type {
  FindingIdentifier,
  FindingLink,
  FindingLocation,
  ReportType,
  Severity,
} from '../../core/domain/securityReports/index.ts';
import type { DismissalReason, VulnerabilityState } from '../../core/domain/vulnerabilities.ts';

/**
 * Kysely's view of the database. Every table of the domain carries `root_namespace_id`, the id of its
 * top-level group: the sharding key (README, "Scaling"). Users, sessions and tokens are instance-wide.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CalendarDay = ColumnType<string, string, string>;
type Id = Generated<number>;

export interface UsersTable {
  id: Id;
  username: string;
  email: string;
  name: string;
  password_hash: string;
  is_admin: Generated<boolean>;
  state: Generated<string>;
  bio: Generated<string>;
  created_at: Timestamp;
  /** 'light' | 'dark' | 'auto'; null until the user chooses (the browser's choice then stands). */
  color_mode: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0 Sunday, 1 Monday, 6 Saturday; null for the instance default (Sunday). */
  first_day_of_week: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SessionsTable {
  id_hash: string;
  /** The public id the Active sessions page revokes by (the digest stays private). */
  id: Generated<number>;
  user_id: number;
  csrf_token: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  user_agent: Generated<string>;
  ip_address: Generated<string>;
  last_activity_at: Timestamp;
}

/** GitLab's user_statuses: one row per user who set a status. */
export interface UserStatusesTable {
  user_id: number;
  emoji: Generated<string>;
  message: Generated<string>;
  /** 0 not set, 1 busy (GitLab's availability enum). */
  availability: Generated<number>;
  clear_status_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface AccessTokensTable {
  id: Id;
  user_id: number;
  name: string;
  kind: string; // 'personal' | 'oauth'
  token_digest: string;
  scopes: string[];
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked: Generated<boolean>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface NamespacesTable {
  id: Id;
  root_namespace_id: number;
  parent_id: number | null;
  /** Ids from the root down to this group, itself included (GitLab's traversal_ids). */
  traversal_ids: number[];
  path: string;
  name: string;
  full_path: string;
  full_name: string;
  description: Generated<string>;
  visibility_level: number;
  emails_disabled: Generated<boolean>;
  last_epic_iid: Generated<number>;
  last_milestone_iid: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProjectsTable {
  id: Id;
  root_namespace_id: number;
  namespace_id: number;
  path: string;
  name: string;
  full_path: string;
  description: Generated<string>;
  visibility_level: number;
  last_issue_iid: Generated<number>;
  last_merge_request_iid: Generated<number>;
  /** The last deployment iid handed out (migration 0028). */
  last_deployment_iid: Generated<number>;
  last_milestone_iid: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MembersTable {
  id: Id;
  root_namespace_id: number;
  user_id: number;
  source_type: 'Namespace' | 'Project';
  source_id: number;
  access_level: number;
  created_at: Timestamp;
  /** The day access ends (migration 0017); null for none. */
  expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_by_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** An access level offered to an email address (migration 0017); the token is only in the email. */
export interface MemberInvitationsTable {
  id: Id;
  root_namespace_id: number;
  source_type: 'Namespace' | 'Project';
  source_id: number;
  invite_email: string;
  invite_token_digest: string;
  access_level: number;
  expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_by_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A user's request to join a group or project (migration 0017). */
export interface MemberAccessRequestsTable {
  id: Id;
  root_namespace_id: number;
  source_type: 'Namespace' | 'Project';
  source_id: number;
  user_id: number;
  requested_at: Timestamp;
}

/** A group shared with another group (migration 0017). */
export interface GroupGroupLinksTable {
  id: Id;
  shared_group_id: number;
  shared_with_group_id: number;
  group_access: number;
  expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** A project shared with a group (migration 0017). */
export interface ProjectGroupLinksTable {
  id: Id;
  project_id: number;
  group_id: number;
  group_access: number;
  expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** A view (migration 0017): every unexpired access a user holds, direct or through a share. */
export interface MemberAuthorizationsView {
  user_id: number;
  source_type: 'Namespace' | 'Project';
  source_id: number;
  access_level: number;
}

/** The plan of a top-level group (migration 0021). */
export interface GitlabSubscriptionsTable {
  id: Id;
  namespace_id: number;
  plan_code: 'free' | 'premium' | 'ultimate';
  seats: Generated<number>;
  max_seats_used: Generated<number>;
  start_date: CalendarDay;
  end_date: CalendarDay | null;
  auto_renew: boolean | null;
  trial: Generated<boolean>;
  trial_starts_on: CalendarDay | null;
  trial_ends_on: CalendarDay | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** bigint amounts: written as numbers, read back as the driver's text. */
type Cents = ColumnType<string | number, number, number>;

/** The sandbox payment provider's cards (migration 0022): a token and what the card does. */
export interface SandboxPaymentMethodsTable {
  id: string;
  customer_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  outcome: 'succeeds' | 'declines' | 'requires_confirmation' | 'fails_validation';
  created_at: Timestamp;
}

/** The sandbox payment provider's charges, one per idempotency key (migration 0022). */
export interface SandboxPaymentIntentsTable {
  id: string;
  idempotency_key: string;
  payment_method_id: string;
  amount_cents: Cents;
  currency: string;
  description: string;
  status: 'requires_confirmation' | 'succeeded' | 'failed';
  failure_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What a payment provider reported, as its webhooks would (migration 0022). */
export interface PaymentEventsTable {
  id: Id;
  provider: string;
  type: string;
  object_id: string;
  payload: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

/** A plan bought for a top-level group (migration 0022). */
export interface SubscriptionOrdersTable {
  id: Id;
  namespace_id: number;
  user_id: number | null;
  idempotency_key: string;
  plan_code: 'premium' | 'ultimate';
  seats: number;
  amount_cents: Cents;
  currency: string;
  setup_for_company: Generated<boolean>;
  billing_address: ColumnType<unknown, string, string>;
  payment_provider: string;
  payment_method_id: string;
  payment_intent_id: string | null;
  status: 'pending' | 'requires_confirmation' | 'paid' | 'declined';
  failure_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The invoice of a paid order (migration 0022). */
export interface InvoicesTable {
  id: Id;
  namespace_id: number;
  order_id: number;
  number: Generated<string>;
  plan_code: 'premium' | 'ultimate';
  seats: number;
  amount_cents: Cents;
  currency: string;
  period_start: CalendarDay;
  period_end: CalendarDay;
  card_brand: string;
  card_last4: string;
  created_at: Timestamp;
}

/** The instance's settings an administrator set (migration 0023): one row, id 1. */
export interface ApplicationSettingsTable {
  id: number;
  settings: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

/** A request that the sales team get in touch about a group's plan (migration 0024). */
export interface HandRaiseLeadsTable {
  id: Id;
  namespace_id: number;
  user_id: number | null;
  first_name: string;
  last_name: string;
  company_name: string;
  company_size: string;
  phone_number: string;
  country: string;
  state: Generated<string>;
  comment: Generated<string>;
  created_at: Timestamp;
}

/** The development mailbox (migration 0017): mail kept here when no SMTP server is configured. */
export interface MailboxMessagesTable {
  id: Id;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Timestamp;
}

export interface EpicsTable {
  id: Id;
  root_namespace_id: number;
  group_id: number;
  iid: number;
  author_id: number;
  parent_id: number | null;
  relative_position: number | null;
  title: string;
  description: Generated<string>;
  state: Generated<'opened' | 'closed'>;
  confidential: Generated<boolean>;
  color: Generated<string>;
  start_date: CalendarDay | null;
  start_date_fixed: CalendarDay | null;
  start_date_is_fixed: Generated<boolean>;
  start_date_sourcing_milestone_id: number | null;
  due_date: CalendarDay | null;
  due_date_fixed: CalendarDay | null;
  due_date_is_fixed: Generated<boolean>;
  due_date_sourcing_milestone_id: number | null;
  lock_version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The last edit through the update service (migration 0006); null until the first one. */
  last_edited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_edited_by_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface IssuesTable {
  id: Id;
  root_namespace_id: number;
  project_id: number;
  iid: number;
  author_id: number;
  title: string;
  description: Generated<string>;
  state: Generated<'opened' | 'closed'>;
  issue_type: Generated<'issue' | 'incident' | 'task'>;
  confidential: Generated<boolean>;
  weight: number | null;
  health_status: number | null;
  milestone_id: number | null;
  due_date: CalendarDay | null;
  relative_position: number | null;
  lock_version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Null until the first edit (the issuable view's "Edited … by …"). */
  last_edited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_edited_by_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When locked, only project members may comment. */
  discussion_locked: Generated<boolean>;
  /** Kept by a trigger the first time it gets a milestone (migration 0029, value stream analytics). */
  first_associated_with_milestone_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  /** Kept by a trigger the first time someone is assigned (migration 0029). */
  first_assigned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** GitLab's issuable_metric_images: an incident's pictures of graphs (migration 0014). */
export interface IssuableMetricImagesTable {
  id: Id;
  root_namespace_id: number;
  issue_id: number;
  /** The file's name as stored and served (sanitised as GitLab's uploader does). */
  file: string;
  /** Read from the file's bytes, never from what the client said. */
  content_type: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  size: number;
  url: string | null;
  url_text: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EpicIssuesTable {
  id: Id;
  root_namespace_id: number;
  epic_id: number;
  issue_id: number;
  relative_position: number | null;
  created_at: Timestamp;
}

export interface MergeRequestsTable {
  id: Id;
  root_namespace_id: number;
  project_id: number;
  iid: number;
  author_id: number;
  title: string;
  description: Generated<string>;
  state: Generated<MergeRequestState>;
  source_branch: string;
  target_branch: string;
  /** False when the branch has conflicts with its target (GitLab's merge_status cannot_be_merged). */
  can_merge: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  milestone_id: ColumnType<number | null, number | null | undefined, number | null>;
  lock_version: Generated<number>;
  discussion_locked: Generated<boolean>;
  merged_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Who merged it (GitLab's merge_user). */
  merge_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  merge_commit_sha: ColumnType<string | null, string | null | undefined, string | null>;
  squash: Generated<boolean>;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closed_by_id: ColumnType<number | null, number | null | undefined, number | null>;
  last_edited_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_edited_by_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the first successful production deployment that shipped it finished (migration 0028). */
  first_deployed_to_production_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  /** Kept by a trigger the first time it gets a milestone (migration 0029, value stream analytics). */
  first_associated_with_milestone_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
  /** Kept by a trigger the first time someone is assigned (migration 0029). */
  first_assigned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** GitLab's merge request states; `locked` is the short moment of merging. */
export type MergeRequestState = 'opened' | 'closed' | 'locked' | 'merged';

export interface MergeRequestAssigneesTable {
  root_namespace_id: number;
  merge_request_id: number;
  user_id: number;
  created_at: Generated<Date>;
}

/** GitLab's merge_request_reviewers states. */
export type ReviewerState =
  | 'unreviewed'
  | 'reviewed'
  | 'requested_changes'
  | 'approved'
  | 'unapproved'
  | 'review_started';

export interface MergeRequestReviewersTable {
  root_namespace_id: number;
  merge_request_id: number;
  user_id: number;
  state: Generated<ReviewerState>;
  created_at: Generated<Date>;
}

export interface MergeRequestApprovalsTable {
  root_namespace_id: number;
  merge_request_id: number;
  user_id: number;
  created_at: Generated<Date>;
}

/** The issues a merge request closes when it merges (migration 0027). */
export interface MergeRequestsClosingIssuesTable {
  id: Id;
  root_namespace_id: number;
  merge_request_id: number;
  issue_id: number;
  /** Written from the description's closing patterns; false when added by hand. */
  from_mr_description: Generated<boolean>;
  created_at: Generated<Date>;
}

/** A group's value stream (migration 0029): the stages its analytics measure. */
export interface ValueStreamsTable {
  id: Id;
  root_namespace_id: number;
  group_id: number;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A stage of a value stream, from a start event to an end event (GitLab's event enum values). */
export interface ValueStreamStagesTable {
  id: Id;
  root_namespace_id: number;
  value_stream_id: number;
  name: string;
  custom: Generated<boolean>;
  hidden: Generated<boolean>;
  relative_position: number;
  start_event_identifier: number;
  end_event_identifier: number;
  start_event_label_id: number | null;
  end_event_label_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A label added to or removed from an issue or merge request (migration 0029, written by a trigger). */
export interface ResourceLabelEventsTable {
  id: ColumnType<string, never, never>;
  root_namespace_id: number;
  issue_id: number | null;
  merge_request_id: number | null;
  label_id: number;
  action: 'add' | 'remove';
  created_at: Timestamp;
}

/** A top-level group's value stream analytics backend switch (migration 0029). */
export interface VsaAggregationsTable {
  root_namespace_id: number;
  enabled: Generated<boolean>;
}

/** A place a project is deployed to (migration 0028, GitLab's environments). */
export interface EnvironmentsTable {
  id: Id;
  root_namespace_id: number;
  project_id: number;
  name: string;
  slug: string;
  /** The folder: the name's part before its first `/`, if it has one (`review`). */
  environment_type: string | null;
  description: string | null;
  external_url: string | null;
  state: Generated<EnvironmentState>;
  tier: EnvironmentTier;
  auto_stop_setting: Generated<AutoStopSetting>;
  auto_stop_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When a scheduled review-app deletion falls due; null while none is scheduled. */
  auto_delete_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A deployment a CI system reported (migration 0028). */
export interface DeploymentsTable {
  id: Id;
  root_namespace_id: number;
  project_id: number;
  iid: number;
  environment_id: number;
  ref: string;
  /** The deployed commit: 40 lowercase hex digits. */
  sha: string;
  tag: boolean;
  status: DeploymentStatus;
  user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set when it reaches success, failed or canceled; null before. */
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A merge request a successful deployment shipped (migration 0028). */
export interface DeploymentMergeRequestsTable {
  root_namespace_id: number;
  deployment_id: number;
  merge_request_id: number;
}

/** An environment name protected in a project (migration 0028). */
export interface ProtectedEnvironmentsTable {
  id: Id;
  root_namespace_id: number;
  project_id: number;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Who may deploy to a protected environment: exactly one of a role, a user or a group. */
export interface ProtectedEnvironmentDeployAccessLevelsTable {
  id: Id;
  root_namespace_id: number;
  protected_environment_id: number;
  access_level: number | null;
  user_id: number | null;
  group_id: number | null;
  /** 0: the group's direct members; 1: its ancestors' members too. */
  group_inheritance_type: Generated<number>;
  created_at: Timestamp;
}

/** Whose approvals a deployment to a protected environment waits for, and how many. */
export interface ProtectedEnvironmentApprovalRulesTable {
  id: Id;
  root_namespace_id: number;
  protected_environment_id: number;
  access_level: number | null;
  user_id: number | null;
  group_id: number | null;
  group_inheritance_type: Generated<number>;
  required_approvals: Generated<number>;
  created_at: Timestamp;
}

/** One user's approval or rejection of a blocked deployment (migration 0028). */
export interface DeploymentApprovalsTable {
  id: Id;
  root_namespace_id: number;
  deployment_id: number;
  user_id: number;
  /** The rule the user acted under; null once that rule is deleted. */
  approval_rule_id: number | null;
  status: ApprovalStatus;
  comment: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LabelsTable {
  id: Id;
  root_namespace_id: number;
  group_id: number | null;
  project_id: number | null;
  title: string;
  color: string;
  description: Generated<string>;
  created_at: Timestamp;
}

export interface LabelLinksTable {
  id: Id;
  root_namespace_id: number;
  label_id: number;
  target_type: 'Epic' | 'Issue' | 'MergeRequest';
  target_id: number;
}

export interface MilestonesTable {
  id: Id;
  root_namespace_id: number;
  group_id: number | null;
  project_id: number | null;
  iid: number;
  title: string;
  description: Generated<string>;
  state: Generated<'active' | 'closed'>;
  start_date: CalendarDay | null;
  due_date: CalendarDay | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface IssueAssigneesTable {
  root_namespace_id: number;
  issue_id: number;
  user_id: number;
}

/** A work item's parent (migration 0013, GitLab's work_item_parent_links): a task under an issue. */
export interface WorkItemParentLinksTable {
  id: Id;
  root_namespace_id: number;
  /** Unique: a work item has at most one parent. */
  work_item_id: number;
  work_item_parent_id: number;
  relative_position: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface IssueLinksTable {
  id: Id;
  root_namespace_id: number;
  source_id: number;
  target_id: number;
  /** `is_blocked_by` is stored as `blocks` with source and target swapped, as GitLab does. */
  link_type: 'relates_to' | 'blocks';
  created_at: Timestamp;
}

export interface RelatedEpicLinksTable {
  id: Id;
  root_namespace_id: number;
  source_id: number;
  target_id: number;
  link_type: 'relates_to' | 'blocks';
  created_at: Timestamp;
}

export interface TodosTable {
  id: Id;
  root_namespace_id: number;
  user_id: number;
  author_id: number;
  /** 'Namespace' and 'Project' for `member_access_requested`: the group or project to join. */
  target_type: 'Epic' | 'Issue' | 'MergeRequest' | 'Namespace' | 'Project';
  target_id: number;
  group_id: number | null;
  project_id: number | null;
  /** GitLab's to-do actions: 1 assigned, 2 mentioned, 4 marked, ... */
  action: number;
  state: Generated<'pending' | 'done'>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The note that raised it (a mention), if any (migration 0010). */
  note_id: number | null;
}

export interface SubscriptionsTable {
  id: Id;
  root_namespace_id: number;
  user_id: number;
  subscribable_type: 'Epic' | 'Issue' | 'MergeRequest' | 'Label';
  subscribable_id: number;
  subscribed: boolean;
  created_at: Timestamp;
}

export interface AwardEmojiTable {
  id: Id;
  root_namespace_id: number;
  user_id: number;
  name: string;
  awardable_type: 'Epic' | 'Issue' | 'MergeRequest' | 'Note';
  awardable_id: number;
  created_at: Timestamp;
}

export interface NotesTable {
  id: Id;
  root_namespace_id: number;
  author_id: number;
  noteable_type: 'Epic' | 'Issue' | 'MergeRequest' | 'Vulnerability';
  noteable_id: number;
  note: string;
  system: Generated<boolean>;
  /** GitLab's internal note: visible to Reporters and up only. */
  confidential: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 40 hex characters; a standalone comment is alone in its discussion (migration 0010). */
  discussion_id: Generated<string>;
  /** 'DiscussionNote' for the notes of a thread; null for a standalone comment or a system note. */
  type: 'DiscussionNote' | null;
  resolved_at: Timestamp | null;
  resolved_by_id: number | null;
  last_edited_at: Timestamp | null;
  updated_by_id: number | null;
  /** What a system note records (GitLab's system_note_metadata.action): 'title', 'label', … */
  system_note_action: string | null;
  description_version_id: number | null;
}

/** Every saved description of an epic or issue (migration 0010), for 'Compare with previous version'. */
export interface DescriptionVersionsTable {
  id: Id;
  root_namespace_id: number;
  issuable_type: 'Epic' | 'Issue' | 'MergeRequest';
  issuable_id: number;
  description: string;
  created_at: Generated<Date>;
}

/** Markdown uploads of a project or a group; the bytes are in the file store (migration 0026). */
export interface UploadsTable {
  id: Id;
  root_namespace_id: number;
  uploaded_by_id: number;
  model_type: 'Namespace' | 'Project';
  model_id: number;
  secret: string;
  filename: string;
  mime_type: string;
  size: number;
  created_at: Timestamp;
}

/** One row: bumped in the same transaction as any change to shown data (migration 0003). */
export interface DataVersionTable {
  id: Generated<boolean>;
  /** bigint: read as a string, compared for equality only. */
  version: string;
}

/**
 * Counts and weights below an epic, in one of four visibility tiers (migration 0007); written only
 * by triggers.
 */
export interface EpicRollupsTable {
  epic_id: number;
  tier: number;
  root_namespace_id: number;
  opened_epics: number;
  closed_epics: number;
  opened_issues: number;
  closed_issues: number;
  opened_issue_weight: number;
  closed_issue_weight: number;
  issues_on_track: number;
  issues_needing_attention: number;
  issues_at_risk: number;
}

/** A project's description template for new issues (migration 0009); the name is unique per project. */
export interface IssueTemplatesTable {
  id: Id;
  root_namespace_id: number;
  project_id: number;
  name: string;
  content: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A label's place in a project's prioritised labels (migration 0011); 0 comes first. */
export interface LabelPrioritiesTable {
  id: Id;
  root_namespace_id: number;
  project_id: number;
  label_id: number;
  priority: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What happened during an incident, and when (migration 0015, GitLab's table of the same name). */
export interface IncidentManagementTimelineEventsTable {
  id: Id;
  root_namespace_id: number;
  project_id: number;
  issue_id: number;
  /** Null once the author's account is gone. */
  author_id: number | null;
  updated_by_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  promoted_from_note_id: ColumnType<number | null, number | null | undefined, number | null>;
  occurred_at: Timestamp;
  note: string;
  /** GitLab's kind of event: 'comment' for those people write or promote. */
  action: Generated<string>;
  /** Events people write may be edited; the system's may only be deleted. */
  editable: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A project's tag of timeline events (migration 0015); names are unique per project, any case. */
export interface IncidentManagementTimelineEventTagsTable {
  id: Id;
  root_namespace_id: number;
  project_id: number;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Which timeline event carries which tag. */
export interface IncidentManagementTimelineEventTagLinksTable {
  id: Id;
  root_namespace_id: number;
  timeline_event_id: number;
  timeline_event_tag_id: number;
  created_at: Timestamp;
}

/** A Zoom link pinned to an issue (migration 0015): issue_status 1 added, 2 removed, as GitLab's. */
export interface ZoomMeetingsTable {
  id: Id;
  root_namespace_id: number;
  project_id: number;
  issue_id: number;
  url: string;
  issue_status: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A project's Status Page settings (migration 0016, GitLab's status_page_settings). */
export interface StatusPageSettingsTable {
  project_id: number;
  root_namespace_id: number;
  enabled: Generated<boolean>;
  status_page_url: string | null;
  aws_s3_bucket_name: Generated<string>;
  aws_region: Generated<string>;
  aws_access_key: Generated<string>;
  aws_secret_key: Generated<string>;
  /** An S3-compatible store's address; null for AWS. */
  s3_endpoint: string | null;
  /** Digest of the list file last written to the bucket. */
  list_digest: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the last publication failed; null when it succeeded. */
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  last_published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An issue published on its project's status page (migration 0016). */
export interface StatusPagePublishedIncidentsTable {
  id: Id;
  project_id: number;
  /** Null once the issue is deleted, until its file is taken off the bucket. */
  issue_id: number | null;
  issue_iid: number;
  /** Digest of the details file last written; null while none is. */
  published_digest: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** GitLab's LDAP group link: a directory group (`cn`) or an LDAP `filter`, exactly one. */
export interface LdapGroupLinksTable {
  id: Id;
  root_namespace_id: number;
  group_id: number;
  provider: string;
  cn: string | null;
  filter: string | null;
  group_access: number;
  created_at: Timestamp;
}

/** A direct membership LDAP sync granted (previous level null) or raised (from that level). */
export interface LdapGroupLinkMembershipsTable {
  root_namespace_id: number;
  group_id: number;
  user_id: number;
  previous_access_level: number | null;
}

type Json<T> = ColumnType<T, string, string>;
type MaybeTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A scanner that reported in a project (migration 0030). */
export interface VulnerabilityScannersTable {
  id: Id;
  root_namespace_id: number;
  project_id: number;
  external_id: string;
  name: string;
  vendor: string;
  report_type: ReportType;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A finding of a scanner report, triaged through its states (migration 0030). */
export interface VulnerabilitiesTable {
  id: Id;
  root_namespace_id: number;
  project_id: number;
  uuid: string;
  report_type: ReportType;
  scanner_id: number;
  title: string;
  description: string | null;
  solution: string | null;
  severity: Severity;
  /** 7 critical … 0 unknown: the report's default order. */
  severity_rank: ColumnType<number, never, never>;
  state: Generated<VulnerabilityState>;
  dismissal_reason: DismissalReason | null;
  primary_identifier_fingerprint: string;
  location_fingerprint: string;
  identifiers: Json<FindingIdentifier[]>;
  location: Json<FindingLocation>;
  links: Json<FindingLink[]>;
  /** The latest report of its scanner no longer found it. */
  resolved_on_default_branch: Generated<boolean>;
  author_id: number | null;
  detected_at: Timestamp;
  confirmed_at: MaybeTimestamp;
  confirmed_by_id: number | null;
  resolved_at: MaybeTimestamp;
  resolved_by_id: number | null;
  dismissed_at: MaybeTimestamp;
  dismissed_by_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One change of a vulnerability's state (migration 0030). */
export interface VulnerabilityStateTransitionsTable {
  id: Id;
  root_namespace_id: number;
  vulnerability_id: number;
  from_state: VulnerabilityState;
  to_state: VulnerabilityState;
  /** Null for an automatic change (a report found a resolved vulnerability again). */
  author_id: number | null;
  comment: string | null;
  dismissal_reason: DismissalReason | null;
  created_at: Timestamp;
}

/** An issue created from, or linked to, a vulnerability (migration 0030). */
export interface VulnerabilityIssueLinksTable {
  id: Id;
  root_namespace_id: number;
  vulnerability_id: number;
  issue_id: number;
  link_type: 'related' | 'created';
  author_id: number | null;
  created_at: Timestamp;
}

/** A security report uploaded to a project, and what it changed (migration 0030). */
export interface SecurityReportIngestionsTable {
  id: Id;
  root_namespace_id: number;
  project_id: number;
  report_type: ReportType;
  scanner_id: number | null;
  schema_version: string;
  findings_count: number;
  created_count: number;
  updated_count: number;
  no_longer_detected_count: number;
  skipped_count: number;
  uploaded_by_id: number | null;
  created_at: Timestamp;
}

/** A Geo site (migration 0031, GitLab's geo_nodes). */
export interface GeoNodesTable {
  id: Id;
  name: string;
  url: string;
  internal_url: string | null;
  primary: Generated<boolean>;
  enabled: Generated<boolean>;
  files_max_capacity: Generated<number>;
  repos_max_capacity: Generated<number>;
  verification_max_capacity: Generated<number>;
  container_repositories_max_capacity: Generated<number>;
  sync_object_storage: Generated<boolean>;
  selective_sync_type: 'namespaces' | null;
  minimum_reverification_interval: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GeoNodeNamespaceLinksTable {
  geo_node_id: number;
  namespace_id: number;
}

/** What a secondary site last reported (migration 0031). */
export interface GeoNodeStatusesTable {
  geo_node_id: number;
  status: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

/** A blob created or deleted on the primary (migration 0031, written by triggers). */
export interface GeoEventLogTable {
  /** bigserial, read as a number (database.ts parses int8). */
  id: Generated<number>;
  replicable_name: 'upload';
  event_name: 'created' | 'deleted';
  model_type: GeoBlobModelType;
  model_id: number;
  created_at: Timestamp;
}

export type GeoBlobModelType = 'Upload' | 'IssuableMetricImage';

/** The primary's checksum of a blob (migration 0031). */
export interface GeoUploadChecksumsTable {
  model_type: GeoBlobModelType;
  model_id: number;
  checksum: string | null;
  checksum_failure: string | null;
  checksummed_at: Timestamp;
}

export interface Database {
  gitlab_subscriptions: GitlabSubscriptionsTable;
  application_settings: ApplicationSettingsTable;
  hand_raise_leads: HandRaiseLeadsTable;
  sandbox_payment_methods: SandboxPaymentMethodsTable;
  sandbox_payment_intents: SandboxPaymentIntentsTable;
  payment_events: PaymentEventsTable;
  subscription_orders: SubscriptionOrdersTable;
  invoices: InvoicesTable;
  data_version: DataVersionTable;
  users: UsersTable;
  sessions: SessionsTable;
  user_statuses: UserStatusesTable;
  access_tokens: AccessTokensTable;
  namespaces: NamespacesTable;
  projects: ProjectsTable;
  members: MembersTable;
  member_invitations: MemberInvitationsTable;
  member_access_requests: MemberAccessRequestsTable;
  group_group_links: GroupGroupLinksTable;
  project_group_links: ProjectGroupLinksTable;
  member_authorizations: MemberAuthorizationsView;
  mailbox_messages: MailboxMessagesTable;
  epics: EpicsTable;
  issues: IssuesTable;
  epic_issues: EpicIssuesTable;
  work_item_parent_links: WorkItemParentLinksTable;
  epic_rollups: EpicRollupsTable;
  merge_requests: MergeRequestsTable;
  merge_request_assignees: MergeRequestAssigneesTable;
  merge_request_reviewers: MergeRequestReviewersTable;
  merge_request_approvals: MergeRequestApprovalsTable;
  merge_requests_closing_issues: MergeRequestsClosingIssuesTable;
  environments: EnvironmentsTable;
  deployments: DeploymentsTable;
  deployment_merge_requests: DeploymentMergeRequestsTable;
  protected_environments: ProtectedEnvironmentsTable;
  protected_environment_deploy_access_levels: ProtectedEnvironmentDeployAccessLevelsTable;
  protected_environment_approval_rules: ProtectedEnvironmentApprovalRulesTable;
  deployment_approvals: DeploymentApprovalsTable;
  value_streams: ValueStreamsTable;
  value_stream_stages: ValueStreamStagesTable;
  resource_label_events: ResourceLabelEventsTable;
  vsa_aggregations: VsaAggregationsTable;
  labels: LabelsTable;
  label_links: LabelLinksTable;
  milestones: MilestonesTable;
  issue_assignees: IssueAssigneesTable;
  issue_links: IssueLinksTable;
  related_epic_links: RelatedEpicLinksTable;
  todos: TodosTable;
  subscriptions: SubscriptionsTable;
  award_emoji: AwardEmojiTable;
  notes: NotesTable;
  description_versions: DescriptionVersionsTable;
  uploads: UploadsTable;
  issue_templates: IssueTemplatesTable;
  label_priorities: LabelPrioritiesTable;
  incident_management_timeline_events: IncidentManagementTimelineEventsTable;
  incident_management_timeline_event_tags: IncidentManagementTimelineEventTagsTable;
  incident_management_timeline_event_tag_links: IncidentManagementTimelineEventTagLinksTable;
  zoom_meetings: ZoomMeetingsTable;
  issuable_metric_images: IssuableMetricImagesTable;
  status_page_settings: StatusPageSettingsTable;
  status_page_published_incidents: StatusPagePublishedIncidentsTable;
  ldap_group_links: LdapGroupLinksTable;
  ldap_group_link_memberships: LdapGroupLinkMembershipsTable;
  vulnerability_scanners: VulnerabilityScannersTable;
  vulnerabilities: VulnerabilitiesTable;
  vulnerability_state_transitions: VulnerabilityStateTransitionsTable;
  vulnerability_issue_links: VulnerabilityIssueLinksTable;
  security_report_ingestions: SecurityReportIngestionsTable;
  geo_nodes: GeoNodesTable;
  geo_node_namespace_links: GeoNodeNamespaceLinksTable;
  geo_node_statuses: GeoNodeStatusesTable;
  geo_event_log: GeoEventLogTable;
  geo_upload_checksums: GeoUploadChecksumsTable;
}

export type UserRow = Selectable<UsersTable>;
export type GeoNodeRow = Selectable<GeoNodesTable>;
export type GeoEventRow = Selectable<GeoEventLogTable>;
export type VulnerabilityScannerRow = Selectable<VulnerabilityScannersTable>;
export type VulnerabilityRow = Selectable<VulnerabilitiesTable>;
export type VulnerabilityStateTransitionRow = Selectable<VulnerabilityStateTransitionsTable>;
export type VulnerabilityIssueLinkRow = Selectable<VulnerabilityIssueLinksTable>;
export type SecurityReportIngestionRow = Selectable<SecurityReportIngestionsTable>;
export type UserStatusRow = Selectable<UserStatusesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NamespaceRow = Selectable<NamespacesTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type EpicRow = Selectable<EpicsTable>;
export type NewEpic = Insertable<EpicsTable>;
export type EpicUpdate = Updateable<EpicsTable>;
export type IssueRow = Selectable<IssuesTable>;
export type NoteRow = Selectable<NotesTable>;
export type TimelineEventRow = Selectable<IncidentManagementTimelineEventsTable>;
export type ZoomMeetingRow = Selectable<ZoomMeetingsTable>;
export type TimelineEventTagRow = Selectable<IncidentManagementTimelineEventTagsTable>;
export type MetricImageRow = Selectable<IssuableMetricImagesTable>;
export type AwardEmojiRow = Selectable<AwardEmojiTable>;
export type IssueTemplateRow = Selectable<IssueTemplatesTable>;
export type MilestoneRow = Selectable<MilestonesTable>;
export type LabelRow = Selectable<LabelsTable>;
export type MergeRequestRow = Selectable<MergeRequestsTable>;
export type EnvironmentRow = Selectable<EnvironmentsTable>;
export type DeploymentRow = Selectable<DeploymentsTable>;
export type ProtectedEnvironmentRow = Selectable<ProtectedEnvironmentsTable>;
export type DeployAccessLevelRow = Selectable<ProtectedEnvironmentDeployAccessLevelsTable>;
export type ApprovalRuleRow = Selectable<ProtectedEnvironmentApprovalRulesTable>;
export type DeploymentApprovalRow = Selectable<DeploymentApprovalsTable>;
export type TodoRow = Selectable<TodosTable>;
export type NewTodo = Insertable<TodosTable>;
export type StatusPageSettingsRow = Selectable<StatusPageSettingsTable>;
export type LdapGroupLinkRow = Selectable<LdapGroupLinksTable>;
export type StatusPagePublishedIncidentRow = Selectable<StatusPagePublishedIncidentsTable>;

export type UploadRow = Selectable<UploadsTable>;
