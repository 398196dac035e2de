import { type AccessEntry, entryGrants, mayDeployTo } from '../../../core/domain/deployments.ts';
import type { EnvironmentState } from '../../../core/domain/environments.ts';
import type { Executor } from '../../db/executor.ts';
import type { OffsetLimit } from '../../db/pagination.ts';
import { findLatestDeployments } from '../../db/repositories/deploymentRepository.ts';
import {
  countEnvironmentsByState,
  findEnvironment,
  listEnvironments,
} from '../../db/repositories/environmentRepository.ts';
import {
  findDeployAccessLevels,
  findProtectedEnvironmentsByNames,
} from '../../db/repositories/protectedEnvironmentRepository.ts';
import type { DeploymentRow, EnvironmentRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import type { ProjectInNamespace } from '../issueService.ts';
import { accessEntryOf, accessSubjectOf, findProtection } from './deploymentAccess.ts';
import { type DeploymentPageFacts, deploymentPageFacts } from './deploymentQueries.ts';

/**
 * What the environments pages know up front or read as a page (GitLab's
 * Projects::EnvironmentsController): one page of a scope's environments with each one's newest
 * deployment and whether the viewer may stop it, the counts of the scopes, and whether the viewer
 * may approve deployments to an environment.
 */

/** GitLab's `scope`: Active holds the available and stopping environments; Stopped the rest. */
export const ENVIRONMENT_SCOPES = ['active', 'stopped'] as const;
export type EnvironmentScope = (typeof ENVIRONMENT_SCOPES)[number];

const SCOPE_STATES: Readonly<Record<EnvironmentScope, readonly EnvironmentState[]>> = {
  active: ['available', 'stopping'],
  stopped: ['stopped'],
};

export interface EnvironmentListEntry {
  readonly environment: EnvironmentRow;
  /** Its newest deployment, whatever the status; undefined before the first. */
  readonly latest: DeploymentRow | undefined;
  /** The viewer may stop it: it is not stopped, and they may manage (and deploy to) it. */
  readonly canStop: boolean;
}

export interface EnvironmentListPage {
  readonly entries: readonly EnvironmentListEntry[];
  /** How many the scope holds. */
  readonly total: number;
  readonly counts: Readonly<Record<EnvironmentState, number>>;
  /** What the newest deployments' entities show (users, approvals, rules). */
  readonly facts: DeploymentPageFacts;
}

/** Whether any access entry of the environment of that name lets the viewer in, by name. */
async function grantsByName(
  db: Executor,
  access: AccessContext,
  place: ProjectInNamespace,
  names: readonly string[],
): Promise<ReadonlyMap<string, boolean>> {
  const protectedRows = await findProtectedEnvironmentsByNames(db, place.project.id, [...names]);
  if (protectedRows.length === 0) return new Map();
  const levels = await findDeployAccessLevels(
    db,
    protectedRows.map((row) => row.id),
  );
  const entriesOf = (id: number): AccessEntry[] =>
    levels.filter((level) => level.protected_environment_id === id).map(accessEntryOf);
  const subject = await accessSubjectOf(db, access, place, levels.map(accessEntryOf));
  return new Map(
    protectedRows.map((row) => [row.name, subject !== null && mayDeployTo(entriesOf(row.id), subject)]),
  );
}

/**
 * One page of the scope's environments, by id, for a viewer who may read them (the caller checked):
 * a handful of statements whatever the page's size.
 */
export async function environmentListPage(
  db: Executor,
  access: AccessContext,
  place: ProjectInNamespace,
  scope: EnvironmentScope,
  page: OffsetLimit,
): Promise<EnvironmentListPage> {
  const [{ rows, total }, countByState, canAdmin] = await Promise.all([
    listEnvironments(db, { projectId: place.project.id, states: SCOPE_STATES[scope] }, page),
    countEnvironmentsByState(db, place.project.id),
    access.canInProject('admin_environment', place.project, place.namespace),
  ]);
  const latestRows = await findLatestDeployments(
    db,
    rows.map((environment) => environment.id),
  );
  const latest = new Map(latestRows.map((deployment) => [deployment.environment_id, deployment]));
  const deployers = canAdmin
    ? await grantsByName(
        db,
        access,
        place,
        rows.map((environment) => environment.name),
      )
    : new Map<string, boolean>();
  return {
    entries: rows.map((environment) => ({
      environment,
      latest: latest.get(environment.id),
      canStop: canAdmin && environment.state !== 'stopped' && deployers.get(environment.name) !== false,
    })),
    total,
    counts: {
      available: countByState.get('available') ?? 0,
      stopping: countByState.get('stopping') ?? 0,
      stopped: countByState.get('stopped') ?? 0,
    },
    facts: await deploymentPageFacts(db, place.project.id, latestRows),
  };
}

/**
 * Whether the viewer may approve or reject deployments to the environment of that name: they may
 * update deployments in the project (Developers and up) and one of its approval rules names them, as
 * the approval service checks. A deployer is still refused approving their own deployment.
 */
export async function mayApproveDeploymentsTo(
  db: Executor,
  access: AccessContext,
  place: ProjectInNamespace,
  environmentName: string,
): Promise<boolean> {
  if (!access.actor.user) return false;
  if (!(await access.canInProject('update_deployment', place.project, place.namespace))) return false;
  const protection = await findProtection(db, place.project.id, environmentName);
  const rules = (protection?.approvalRules ?? []).map(accessEntryOf);
  if (rules.length === 0) return false;
  const subject = await accessSubjectOf(db, access, place, rules);
  return subject !== null && rules.some((rule) => entryGrants(rule, subject));
}

/** The project's environment of that id, for a page whose viewer may read environments (checked). */
export function environmentOfProject(
  db: Executor,
  place: ProjectInNamespace,
  environmentId: number,
): Promise<EnvironmentRow | undefined> {
  return findEnvironment(db, place.project.id, environmentId);
}
