/**
 * Deployments, protected environments and deployment approvals as GitLab rules them
 * (app/models/deployment.rb's state machine, EE ProtectedEnvironments::Authorizable,
 * Deployments::ApprovalService). A CI system reports deployments; nothing here runs a job, so where
 * GitLab would enqueue or drop a deployment's job the deployment's own status moves instead.
 */

/** GitLab's deployment statuses as its API lists and filters them. */
export const DEPLOYMENT_STATUSES = [
  'created',
  'running',
  'success',
  'failed',
  'canceled',
  'blocked',
] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

/** The statuses a CI system reports when it creates or updates a deployment through the API. */
export const REPORTED_STATUSES = ['running', 'success', 'failed', 'canceled'] as const;
export type ReportedStatus = (typeof REPORTED_STATUSES)[number];

/** A deployment in one of these is over: `finished_at` is set when it gets there. */
export const FINISHED_STATUSES: readonly DeploymentStatus[] = ['success', 'failed', 'canceled'];

export const isFinished = (status: DeploymentStatus): boolean => FINISHED_STATUSES.includes(status);

/** The state machine's event that reaches each reported status (Deployment#update_status!). */
const EVENT_OF: Readonly<Record<ReportedStatus, string>> = {
  running: 'run',
  success: 'succeed',
  failed: 'drop',
  canceled: 'cancel',
};

/**
 * GitLab's transitions: `run` from created or blocked; `succeed`, `drop` and `cancel` from any
 * status but their own; `block` from created; `unblock` from blocked.
 */
export function canTransition(from: DeploymentStatus, to: DeploymentStatus): boolean {
  switch (to) {
    case 'running':
      return from === 'created' || from === 'blocked';
    case 'success':
    case 'failed':
    case 'canceled':
      return from !== to;
    case 'blocked':
      return from === 'created';
    case 'created':
      return from === 'blocked';
  }
}

/** Why a reported status is refused: the error Rails' state machine puts on `status`. */
export const transitionRefusal = (to: ReportedStatus): string => `cannot transition via "${EVENT_OF[to]}"`;

/**
 * Whether a CI system may move a deployment to the status it reports: GitLab's transitions, except
 * that a blocked deployment waits for its approvals. It neither runs nor succeeds until they are
 * given (approval moves it to running); it may still fail or be canceled. GitLab needs no such
 * guard because its blocked deployments belong to CI jobs its API refuses to update.
 */
export function mayReport(from: DeploymentStatus, to: ReportedStatus): boolean {
  if (from === 'blocked' && (to === 'running' || to === 'success')) return false;
  return canTransition(from, to);
}

/**
 * The status a new deployment starts in: what the CI reported, unless the environment is protected
 * with approval rules, where it waits `blocked` whatever was reported.
 */
export const initialStatus = (reported: ReportedStatus, needsApproval: boolean): DeploymentStatus =>
  needsApproval ? 'blocked' : reported;

/** Why a deployment may not be deleted (Ci::Deployments::DestroyService), in its order. */
export const DESTROY_RUNNING_MESSAGE = 'Cannot destroy running deployment';
export const DESTROY_LAST_MESSAGE = 'Deployment currently deployed to environment';

export function destroyRefusal(
  status: DeploymentStatus,
  isEnvironmentsLastDeployment: boolean,
): string | null {
  if (status === 'running') return DESTROY_RUNNING_MESSAGE;
  if (isEnvironmentsLastDeployment) return DESTROY_LAST_MESSAGE;
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Protected environments: who may deploy, who may approve.

/** Deploy and approval access levels the API takes: Developers + Maintainers, Maintainers, admins. */
export const PROTECTED_ENVIRONMENT_ACCESS_LEVELS = [30, 40, 60] as const;
export type ProtectedEnvironmentAccessLevel = (typeof PROTECTED_ENVIRONMENT_ACCESS_LEVELS)[number];

const ACCESS_LEVEL_DESCRIPTIONS: Readonly<Record<ProtectedEnvironmentAccessLevel, string>> = {
  30: 'Developers + Maintainers',
  40: 'Maintainers',
  60: 'Instance admins',
};

/** `group_inheritance_type`: 0 direct members of the group only (the default), 1 inherited ones too. */
export const GROUP_INHERITANCE_TYPES = [0, 1] as const;
export type GroupInheritanceType = (typeof GROUP_INHERITANCE_TYPES)[number];

/** Most approvals one rule may require; fewer than one is no rule. */
export const MAX_REQUIRED_APPROVALS = 5;

/** One entry of deploy_access_levels or approval_rules: exactly one of a user, a group or a role. */
export interface AccessEntry {
  readonly userId: number | null;
  readonly groupId: number | null;
  readonly accessLevel: number | null;
  readonly groupInheritanceType: GroupInheritanceType;
}

export interface ApprovalRuleEntry extends AccessEntry {
  readonly id: number;
  readonly requiredApprovals: number;
}

/**
 * What the entry is called (Authorizable#humanize): the user's or group's name, or the role's
 * description. GitLab's `access_level_description`, and what `represented_as` names.
 */
export function describeAccessEntry(
  entry: AccessEntry,
  names: { readonly user?: string | undefined; readonly group?: string | undefined },
): string {
  if (entry.userId !== null) return names.user ?? '';
  if (entry.groupId !== null) return names.group ?? '';
  const level = entry.accessLevel as ProtectedEnvironmentAccessLevel;
  return ACCESS_LEVEL_DESCRIPTIONS[level] ?? '';
}

/** Who is asking, as an access entry is checked against them. */
export interface AccessSubject {
  readonly userId: number;
  readonly isAdmin: boolean;
  /** Highest access level held on the project (through its groups, shares or itself). */
  readonly projectAccessLevel: number;
  /** The groups the user is a direct member of, among those the entries name and their ancestors. */
  readonly directGroupIds: ReadonlySet<number>;
  /** Each named group's ancestry, from the top-level group down to it (its traversal ids). */
  readonly groupAncestry: ReadonlyMap<number, readonly number[]>;
}

/**
 * Whether the entry lets the subject in (Authorizable#check_access): administrators always; a user
 * entry its user; a group entry the group's direct members, or with inheritance type 1 its
 * ancestors' members too; a role entry whoever holds that level or more on the project.
 */
export function entryGrants(entry: AccessEntry, subject: AccessSubject): boolean {
  if (subject.isAdmin) return true;
  if (entry.userId !== null) return entry.userId === subject.userId;
  if (entry.groupId !== null) {
    const groups = entry.groupInheritanceType === 1 ? (subject.groupAncestry.get(entry.groupId) ?? []) : [];
    return subject.directGroupIds.has(entry.groupId) || groups.some((id) => subject.directGroupIds.has(id));
  }
  return entry.accessLevel !== null && subject.projectAccessLevel >= entry.accessLevel;
}

/** Whether any deploy access level lets the subject deploy to a protected environment. */
export const mayDeployTo = (deployAccess: readonly AccessEntry[], subject: AccessSubject): boolean =>
  deployAccess.some((entry) => entryGrants(entry, subject));

/**
 * The approval rule the subject acts under: among the rules that let them in, the one named by
 * `representedAs` when given (its user, group or role description), else the first.
 */
export function approvalRuleFor<Rule extends ApprovalRuleEntry>(
  rules: readonly Rule[],
  subject: AccessSubject,
  nameOf: (rule: Rule) => string,
  representedAs?: string | undefined,
): Rule | null {
  const granted = rules.filter((rule) => entryGrants(rule, subject));
  if (representedAs === undefined) return granted[0] ?? null;
  return granted.find((rule) => nameOf(rule) === representedAs) ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Approvals.

export const APPROVAL_STATUSES = ['approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Deployments::ApprovalService's refusals, in the order it checks them. */
export const APPROVAL_MESSAGES = {
  unrecognizedStatus: 'Unrecognized status',
  notProtected: 'This environment is not protected',
  noPermission: 'You do not have permission to approve or reject this deployment',
  notWaiting: 'This deployment job is not waiting for approvals',
  sameUser: 'The same user can not approve',
} as const;
export type ApprovalMessage = (typeof APPROVAL_MESSAGES)[keyof typeof APPROVAL_MESSAGES];

export interface ApprovalRequest {
  readonly status: string;
  /** The deployment's environment has a protected environment with approval rules. */
  readonly environmentProtected: boolean;
  /** The actor may update deployments here (Developers and up) and a rule lets them approve. */
  readonly mayApprove: boolean;
  readonly deploymentStatus: DeploymentStatus;
  /** The actor created the deployment. */
  readonly isDeployer: boolean;
}

export const isApprovalStatus = (status: string): status is ApprovalStatus =>
  (APPROVAL_STATUSES as readonly string[]).includes(status);

/** Why the approval is refused, or null when it may be given: the first failed check. */
export function approvalRefusal(request: ApprovalRequest): ApprovalMessage | null {
  if (!isApprovalStatus(request.status)) return APPROVAL_MESSAGES.unrecognizedStatus;
  if (!request.environmentProtected) return APPROVAL_MESSAGES.notProtected;
  if (!request.mayApprove) return APPROVAL_MESSAGES.noPermission;
  if (request.deploymentStatus !== 'blocked') return APPROVAL_MESSAGES.notWaiting;
  // A deployer may reject their own deployment, never approve it.
  if (request.isDeployer && request.status === 'approved') return APPROVAL_MESSAGES.sameUser;
  return null;
}

/** One user's approval or rejection, and the rule they gave it under. */
export interface ApprovalEntry {
  readonly userId: number;
  readonly status: ApprovalStatus;
  readonly ruleId: number | null;
}

/** Approvals still missing for one rule: what it requires less the approvals given under it. */
export function pendingForRule(rule: ApprovalRuleEntry, approvals: readonly ApprovalEntry[]): number {
  const approved = approvals.filter((a) => a.status === 'approved' && a.ruleId === rule.id).length;
  return Math.max(0, rule.requiredApprovals - approved);
}

/**
 * GitLab's pending_approval_count: the approvals missing over every rule while the deployment is
 * blocked, and 0 once it is not.
 */
export function pendingApprovalCount(
  status: DeploymentStatus,
  rules: readonly ApprovalRuleEntry[],
  approvals: readonly ApprovalEntry[],
): number {
  if (status !== 'blocked') return 0;
  return rules.reduce((sum, rule) => sum + pendingForRule(rule, approvals), 0);
}

/**
 * Where a blocked deployment goes once an approval is recorded: a rejection fails it (GitLab drops
 * its job); the last missing approval unblocks it and, as GitLab enqueues its job, it runs; else it
 * keeps waiting.
 */
export function statusAfterApproval(latest: ApprovalStatus, pendingAfter: number): DeploymentStatus {
  if (latest === 'rejected') return 'failed';
  return pendingAfter <= 0 ? 'running' : 'blocked';
}

/**
 * A user's approval once they act again (one per user and deployment): the same status leaves it as
 * it was, comment included (GitLab returns the existing approval); a different status replaces the
 * status and the comment.
 */
export function approvalChange(
  existing: { readonly status: ApprovalStatus } | undefined,
  requested: ApprovalStatus,
): 'insert' | 'update' | 'unchanged' {
  if (!existing) return 'insert';
  return existing.status === requested ? 'unchanged' : 'update';
}

// ---------------------------------------------------------------------------------------------------
// Listing (GitLab's DeploymentsFinder).

/** The orders the deployments API takes; `id` by default, ascending by default. */
export const DEPLOYMENT_ORDERS = ['id', 'iid', 'created_at', 'updated_at', 'ref', 'finished_at'] as const;
export type DeploymentOrder = (typeof DEPLOYMENT_ORDERS)[number];

export interface DeploymentListShape {
  readonly orderBy: DeploymentOrder;
  readonly status?: DeploymentStatus | undefined;
  /** `updated_after` or `updated_before` is given. */
  readonly byUpdatedAt: boolean;
  /** `finished_after` or `finished_before` is given. */
  readonly byFinishedAt: boolean;
}

/**
 * Why a list's parameters do not go together (DeploymentsFinder's InefficientQueryError, which the
 * API answers 400), or null: a finished_at filter needs finished_at ordering and the success status,
 * and excludes an updated_at filter.
 */
export function deploymentListRefusal(shape: DeploymentListShape): string | null {
  if (shape.byUpdatedAt && shape.byFinishedAt) {
    return 'Both `updated_at` filter and `finished_at` filter can not be specified';
  }
  if (shape.byFinishedAt !== (shape.orderBy === 'finished_at')) {
    return '`finished_at` filter and `finished_at` sorting must be paired';
  }
  if (shape.byFinishedAt && shape.status !== 'success') {
    return '`finished_at` filter must be combined with `success` status filter.';
  }
  return null;
}

/**
 * The order a list is read in: an updated_at filter reads by updated_at whatever was asked (GitLab
 * enforces it, the only efficient plan), else the order asked for.
 */
export const effectiveDeploymentOrder = (shape: DeploymentListShape): DeploymentOrder =>
  shape.byUpdatedAt ? 'updated_at' : shape.orderBy;
