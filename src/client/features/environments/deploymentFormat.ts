/**
 * How the environments pages word and colour deployments, environments and approvals (GitLab's
 * status badges), who may act on an approval, and where the list stands in the URL.
 */
import type {
  ApprovalRuleView,
  DeploymentStatus,
  DeploymentView,
  EnvironmentScope,
  EnvironmentState,
} from '../../data/index.ts';
import type { BadgeVariant, IconName } from '../../ui/index.ts';

export interface StatusLook {
  readonly text: string;
  readonly variant: BadgeVariant;
  readonly icon: IconName;
}

/** GitLab's deployment status badges: its words, its colours. */
export const DEPLOYMENT_STATUS: Readonly<Record<DeploymentStatus, StatusLook>> = {
  created: { text: 'Created', variant: 'info', icon: 'stateOpen' },
  running: { text: 'Running', variant: 'info', icon: 'clock' },
  success: { text: 'Success', variant: 'success', icon: 'check' },
  failed: { text: 'Failed', variant: 'danger', icon: 'close' },
  canceled: { text: 'Canceled', variant: 'neutral', icon: 'blocked' },
  blocked: { text: 'Waiting for approval', variant: 'warning', icon: 'warning' },
};

export const ENVIRONMENT_STATE: Readonly<Record<EnvironmentState, StatusLook>> = {
  available: { text: 'Available', variant: 'success', icon: 'stateOpen' },
  stopping: { text: 'Stopping', variant: 'warning', icon: 'clock' },
  stopped: { text: 'Stopped', variant: 'neutral', icon: 'stop' },
};

/** A commit's short id, as GitLab shows it: its first eight characters. */
export const shortSha = (sha: string): string => sha.slice(0, 8);

/** How many approvals were given under the rule (rejections do not count). */
export const approvalsGiven = (rule: ApprovalRuleView): number =>
  rule.approvals.filter((approval) => approval.status === 'approved').length;

/** `Maintainers: 1 of 2 approvals`. */
export function ruleSummary(rule: ApprovalRuleView): string {
  const noun = rule.requiredApprovals === 1 ? 'approval' : 'approvals';
  return `${rule.description}: ${approvalsGiven(rule)} of ${rule.requiredApprovals} ${noun}`;
}

/** `Waiting for 1 more approval`; '' once none is missing. */
export function pendingText(count: number): string {
  if (count <= 0) return '';
  return `Waiting for ${count} more ${count === 1 ? 'approval' : 'approvals'}`;
}

/**
 * What the viewer may do about a deployment's approval: `approver` approves or rejects; `deployer`
 * (who triggered it) may only reject, as GitLab refuses the same user's approval; `acted` already
 * did; `none` may not (not blocked, not named by a rule, or signed out).
 */
export type ApprovalRole = 'approver' | 'deployer' | 'acted' | 'none';

export function approvalRoleOf(
  deployment: Pick<DeploymentView, 'status' | 'user' | 'approvals'>,
  viewerId: number | null,
  canApprove: boolean,
): ApprovalRole {
  if (deployment.status !== 'blocked' || !canApprove || viewerId === null) return 'none';
  if (deployment.approvals.some((approval) => approval.user.id === viewerId)) return 'acted';
  return deployment.user?.id === viewerId ? 'deployer' : 'approver';
}

/** The environments list's view in the URL: `?scope=stopped&page=2`, Active and page 1 by default. */
export interface ListView {
  readonly scope: EnvironmentScope;
  readonly page: number;
}

/** A page number of a query string: a whole number from 1, else 1. */
export function pageOf(search: string): number {
  const raw = new URLSearchParams(search).get('page') ?? '';
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(page, 1);
}

export function listViewOf(search: string): ListView {
  const scope = new URLSearchParams(search).get('scope') === 'stopped' ? 'stopped' : 'active';
  return { scope, page: pageOf(search) };
}

/** The query string of a view: its defaults left out (`''` for Active's first page). */
export function listViewSearch(view: ListView): string {
  const query = new URLSearchParams();
  if (view.scope !== 'active') query.set('scope', view.scope);
  if (view.page > 1) query.set('page', String(view.page));
  return query.toString();
}

/** The query string of another page of a paged view without a scope (an environment's deployments). */
export const pageSearch = (page: number): string => (page > 1 ? `page=${page}` : '');
