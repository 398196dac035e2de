/**
 * Environments and deployments as the environments pages show them, mapped from GitLab's REST
 * entities (environmentMappers.ts). Statuses, tiers and states are core's (domain/deployments,
 * domain/environments).
 */
import type { ApprovalStatus, DeploymentStatus } from '../../../core/domain/deployments.ts';
import type { EnvironmentState, EnvironmentTier } from '../../../core/domain/environments.ts';
import type { Instant } from '../dates.ts';
import type { OffsetPageInfo } from '../restJson.ts';

export type { ApprovalStatus, DeploymentStatus, EnvironmentState, EnvironmentTier, OffsetPageInfo };

export interface DeploymentPerson {
  readonly id: number;
  readonly name: string;
  readonly username: string;
}

/** One person's approval or rejection of a deployment. */
export interface DeploymentApprovalView {
  readonly user: DeploymentPerson;
  readonly status: ApprovalStatus;
  readonly createdAt: Instant | null;
  readonly comment: string | null;
}

/** An approval rule of the deployment's environment, with the approvals given under it. */
export interface ApprovalRuleView {
  /** Whose approvals it wants: 'Maintainers', a user's or a group's name. */
  readonly description: string;
  readonly requiredApprovals: number;
  readonly approvals: readonly DeploymentApprovalView[];
}

export interface DeploymentView {
  readonly id: number;
  readonly iid: number;
  readonly ref: string;
  readonly sha: string;
  readonly status: DeploymentStatus;
  readonly createdAt: Instant | null;
  /**
   * When it succeeded, failed or was canceled; null while it is not finished. GitLab's REST entity has
   * no finished_at: a deployment's last change is the status change that finished it.
   */
  readonly finishedAt: Instant | null;
  /** Who reported it. */
  readonly user: DeploymentPerson | null;
  /** Approvals still missing over every rule (0 once it is not blocked). */
  readonly pendingApprovalCount: number;
  /** Every approval and rejection, oldest first. */
  readonly approvals: readonly DeploymentApprovalView[];
  /** The environment's approval rules, when they were read with it (a single deployment's answer). */
  readonly rules: readonly ApprovalRuleView[] | null;
}

export interface EnvironmentView {
  readonly id: number;
  readonly name: string;
  readonly tier: EnvironmentTier;
  readonly state: EnvironmentState;
  readonly externalUrl: string | null;
  readonly description: string | null;
}

/** An environment of the list: its newest deployment, and whether the viewer may stop it. */
export interface EnvironmentListItem extends EnvironmentView {
  readonly webPath: string;
  readonly canStop: boolean;
  readonly latestDeployment: DeploymentView | null;
}

export type EnvironmentScope = 'active' | 'stopped';

export interface EnvironmentListPage {
  readonly environments: readonly EnvironmentListItem[];
  /** How many each scope holds. */
  readonly counts: Readonly<Record<EnvironmentScope, number>>;
  readonly page: OffsetPageInfo;
}

export interface DeploymentsPage {
  readonly deployments: readonly DeploymentView[];
  readonly page: OffsetPageInfo;
}

/** A merge request a deployment shipped, as `!iid` links to it. */
export interface ShippedMergeRequest {
  readonly iid: number;
  readonly title: string;
  readonly webPath: string;
}
