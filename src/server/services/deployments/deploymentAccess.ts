import {
  type AccessEntry,
  type AccessSubject,
  type GroupInheritanceType,
  mayDeployTo,
} from '../../../core/domain/deployments.ts';
import type { Action } from '../../../core/domain/permissions.ts';
import type { Executor } from '../../db/executor.ts';
import { findNamespacesByIds } from '../../db/repositories/namespaceRepository.ts';
import {
  findApprovalRules,
  findDeployAccessLevels,
  findDirectGroupMemberships,
  findProtectedEnvironment,
} from '../../db/repositories/protectedEnvironmentRepository.ts';
import type { ApprovalRuleRow, DeployAccessLevelRow, ProtectedEnvironmentRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, ServiceError, UnauthorizedError } from '../errors.ts';
import type { ProjectInNamespace } from '../issueService.ts';
import { findReadableProject } from '../projectService.ts';

/**
 * What every environment, deployment and protected-environment operation starts from: the project
 * the caller may see, the caller's right on it, and an environment's protection.
 */

/**
 * A record the project does not have (GitLab's ActiveRecord::RecordNotFound, which its API answers
 * `{"message": "404 Not found"}`): an environment, a deployment, a protected environment.
 */
export class RecordNotFoundError extends ServiceError {
  constructor() {
    super('not_found', 'Not found');
  }
}

/**
 * GitLab's `400 Bad request - <reason>` (its `bad_request!`): a request whose parameters are each
 * fine but not together, or a date out of range.
 */
export class BadRequestError extends ServiceError {
  constructor(reason: string) {
    super('invalid', `400 Bad request - ${reason}`);
  }
}

/** A refusal GitLab answers 422 with its message or validation messages (render_api_error!(…, 422)). */
export class UnprocessableError extends ServiceError {
  constructor(readonly messages: string | readonly string[]) {
    super('invalid', Array.isArray(messages) ? messages.join(', ') : String(messages));
  }
}

/**
 * The project at `idOrPath` for a signed-in caller (401 otherwise, as GitLab's `authenticate!`)
 * who may see it (404) and may do `action` there (403).
 */
export async function projectWhereActorMay(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
  action: Action,
): Promise<ProjectInNamespace> {
  if (!access.actor.user) throw new UnauthorizedError();
  const place = await findReadableProject(db, access, idOrPath);
  await requireInProject(access, place, action);
  return place;
}

export async function requireInProject(
  access: AccessContext,
  place: ProjectInNamespace,
  action: Action,
): Promise<void> {
  if (!(await access.canInProject(action, place.project, place.namespace))) throw new ForbiddenError();
}

/** A protected environment with who may deploy to it and whose approvals it waits for. */
export interface Protection {
  readonly environment: ProtectedEnvironmentRow;
  readonly deployAccess: readonly DeployAccessLevelRow[];
  readonly approvalRules: readonly ApprovalRuleRow[];
}

/** The protection of the project's environment of that name, or null when it is not protected. */
export async function findProtection(
  db: Executor,
  projectId: number,
  name: string,
): Promise<Protection | null> {
  const environment = await findProtectedEnvironment(db, projectId, name);
  if (!environment) return null;
  const [deployAccess, approvalRules] = await Promise.all([
    findDeployAccessLevels(db, [environment.id]),
    findApprovalRules(db, [environment.id]),
  ]);
  return { environment, deployAccess, approvalRules };
}

/** A stored deploy access level or approval rule as core checks it. */
export const accessEntryOf = (row: DeployAccessLevelRow | ApprovalRuleRow): AccessEntry => ({
  userId: row.user_id,
  groupId: row.group_id,
  accessLevel: row.access_level,
  groupInheritanceType: (row.group_inheritance_type === 1 ? 1 : 0) as GroupInheritanceType,
});

/**
 * The signed-in actor as protected-environment entries see them: their level on the project, and
 * their direct memberships among the groups the entries name and those groups' ancestors (two
 * statements, whatever the number of entries). Null for a visitor.
 */
export async function accessSubjectOf(
  db: Executor,
  access: AccessContext,
  place: ProjectInNamespace,
  entries: readonly AccessEntry[],
): Promise<AccessSubject | null> {
  const user = access.actor.user;
  if (!user) return null;
  const groupIds = [...new Set(entries.flatMap((entry) => (entry.groupId === null ? [] : [entry.groupId])))];
  const groups = await findNamespacesByIds(db, groupIds);
  const groupAncestry = new Map(groups.map((group) => [group.id, group.traversal_ids]));
  const related = [...new Set(groups.flatMap((group) => group.traversal_ids))];
  return {
    userId: user.id,
    isAdmin: user.is_admin,
    projectAccessLevel: await access.accessLevelInProject(place.project, place.namespace),
    directGroupIds: new Set(await findDirectGroupMemberships(db, user.id, related)),
    groupAncestry,
  };
}

/** Whether the actor may deploy to (and stop, edit or delete) the environment of that name. */
export async function mayDeployToEnvironment(
  db: Executor,
  access: AccessContext,
  place: ProjectInNamespace,
  protection: Protection | null,
): Promise<boolean> {
  if (!protection) return true;
  const entries = protection.deployAccess.map(accessEntryOf);
  const subject = await accessSubjectOf(db, access, place, entries);
  return subject !== null && mayDeployTo(entries, subject);
}

/**
 * The actor may do `action` in the project and, when the environment is protected, is one of its
 * deployers (GitLab EE's policies prevent the rest): a ForbiddenError otherwise.
 */
export async function requireDeployer(
  db: Executor,
  access: AccessContext,
  place: ProjectInNamespace,
  environmentName: string,
  action: Action,
): Promise<Protection | null> {
  await requireInProject(access, place, action);
  const protection = await findProtection(db, place.project.id, environmentName);
  if (!(await mayDeployToEnvironment(db, access, place, protection))) throw new ForbiddenError();
  return protection;
}
