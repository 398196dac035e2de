import { type Executor, inTransaction } from '../../db/executor.ts';
import type { OffsetLimit, PageWithTotal } from '../../db/pagination.ts';
import { findNamespacesByIds } from '../../db/repositories/namespaceRepository.ts';
import {
  deleteAccessEntry,
  deleteProtectedEnvironment,
  findApprovalRules,
  findDeployAccessLevels,
  findProtectedEnvironment,
  insertAccessEntry,
  insertProtectedEnvironment,
  listProtectedEnvironments,
  touchProtectedEnvironment,
  updateAccessEntry,
} from '../../db/repositories/protectedEnvironmentRepository.ts';
import { findUsersByIds } from '../../db/repositories/userRepository.ts';
import type {
  ApprovalRuleRow,
  DeployAccessLevelRow,
  NamespaceRow,
  ProtectedEnvironmentRow,
  UserRow,
} from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { ConflictError } from '../errors.ts';
import type { ProjectInNamespace } from '../issueService.ts';
import { findReadableProject } from '../projectService.ts';
import { RecordNotFoundError, requireInProject } from './deploymentAccess.ts';
import {
  type AccessEntryInput,
  APPROVAL,
  DEPLOY,
  newEntry,
  planChanges,
  validateEntries,
} from './protectedEnvironmentEntries.ts';

/**
 * Protected environments (EE lib/api/protected_environments.rb over ProtectedEnvironments::*):
 * Maintainers and up name who may deploy to an environment (deploy access levels) and whose
 * approvals its deployments wait for (approval rules). Each entry is one user, one group (that holds
 * the project or has it shared with it) or one role.
 */

export const REQUIRED_APPROVAL_COUNT_DEPRECATED =
  "Parameter 'required_approval_count' is deprecated and shouldn't be used. See https://gitlab.com/groups/gitlab-org/-/epics/9662";

export const alreadyProtectedMessage = (name: string) => `Environment '${name}' is already protected`;

export interface ProtectionInput {
  readonly deployAccessLevels?: readonly AccessEntryInput[] | undefined;
  readonly approvalRules?: readonly AccessEntryInput[] | undefined;
}

/** A protected environment with its entries, and the people and groups they name. */
export interface ProtectedEnvironmentView {
  readonly environment: ProtectedEnvironmentRow;
  readonly deployAccessLevels: readonly DeployAccessLevelRow[];
  readonly approvalRules: readonly ApprovalRuleRow[];
  readonly users: ReadonlyMap<number, UserRow>;
  readonly groups: ReadonlyMap<number, NamespaceRow>;
}

/**
 * The project at `idOrPath` for a caller who may manage its protected environments: 404 when they
 * cannot see it, 403 otherwise (GitLab checks this before any parameter).
 */
export async function protectionPlace(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
): Promise<ProjectInNamespace> {
  const place = await findReadableProject(db, access, idOrPath);
  await requireInProject(access, place, 'admin_protected_environment');
  return place;
}

async function existingProtection(
  db: Executor,
  place: ProjectInNamespace,
  name: string,
): Promise<ProtectedEnvironmentRow> {
  const environment = await findProtectedEnvironment(db, place.project.id, name);
  if (!environment) throw new RecordNotFoundError();
  return environment;
}

/** The views of these protected environments: their entries, users and groups in one read each. */
export async function protectedEnvironmentViews(
  db: Executor,
  environments: readonly ProtectedEnvironmentRow[],
): Promise<ProtectedEnvironmentView[]> {
  const ids = environments.map((environment) => environment.id);
  const [levels, rules] = await Promise.all([findDeployAccessLevels(db, ids), findApprovalRules(db, ids)]);
  const entries = [...levels, ...rules];
  const [users, groups] = await Promise.all([
    findUsersByIds(db, [
      ...new Set(entries.flatMap((entry) => (entry.user_id === null ? [] : [entry.user_id]))),
    ]),
    findNamespacesByIds(db, [
      ...new Set(entries.flatMap((entry) => (entry.group_id === null ? [] : [entry.group_id]))),
    ]),
  ]);
  const userMap = new Map(users.map((user) => [user.id, user]));
  const groupMap = new Map(groups.map((group) => [group.id, group]));
  return environments.map((environment) => ({
    environment,
    deployAccessLevels: levels.filter((level) => level.protected_environment_id === environment.id),
    approvalRules: rules.filter((rule) => rule.protected_environment_id === environment.id),
    users: userMap,
    groups: groupMap,
  }));
}

async function viewOf(db: Executor, environment: ProtectedEnvironmentRow): Promise<ProtectedEnvironmentView> {
  const [view] = await protectedEnvironmentViews(db, [environment]);
  if (!view) throw new Error(`protected environment ${environment.id} has no view`);
  return view;
}

export async function listProtectedEnvironmentsAt(
  db: Executor,
  place: ProjectInNamespace,
  page: OffsetLimit,
): Promise<PageWithTotal<ProtectedEnvironmentView>> {
  const { rows, total } = await listProtectedEnvironments(db, place.project.id, page);
  return { rows: await protectedEnvironmentViews(db, rows), total };
}

export async function findProtectedEnvironmentAt(
  db: Executor,
  place: ProjectInNamespace,
  name: string,
): Promise<ProtectedEnvironmentView> {
  return viewOf(db, await existingProtection(db, place, name));
}

/** `POST /projects/:id/protected_environments`: 201; 409 when the name is already protected. */
export async function protectEnvironment(
  db: Executor,
  access: AccessContext,
  place: ProjectInNamespace,
  name: string,
  input: ProtectionInput,
): Promise<ProtectedEnvironmentView> {
  if (await findProtectedEnvironment(db, place.project.id, name)) {
    throw new ConflictError(alreadyProtectedMessage(name));
  }
  const deploy = (input.deployAccessLevels ?? []).filter((entry) => !entry.destroy).map(newEntry);
  const approval = (input.approvalRules ?? []).filter((entry) => !entry.destroy).map(newEntry);
  await validateEntries(db, place, deploy, approval);
  const now = access.now();
  const environment = await inTransaction(db, async (trx) => {
    const created = await insertProtectedEnvironment(trx, {
      rootNamespaceId: place.project.root_namespace_id,
      projectId: place.project.id,
      name,
      now,
    });
    const owner = {
      rootNamespaceId: place.project.root_namespace_id,
      protectedEnvironmentId: created.id,
      now,
    };
    for (const entry of deploy) await insertAccessEntry(trx, DEPLOY, owner, entry);
    for (const entry of approval) await insertAccessEntry(trx, APPROVAL, owner, entry);
    return created;
  });
  return viewOf(db, environment);
}

/**
 * `PUT …/protected_environments/:name`: adds entries without an `id`, changes those with one, and
 * deletes those with `_destroy`; an `id` the environment does not have is a 404.
 */
export async function updateProtection(
  db: Executor,
  access: AccessContext,
  place: ProjectInNamespace,
  name: string,
  input: ProtectionInput,
): Promise<ProtectedEnvironmentView> {
  const environment = await existingProtection(db, place, name);
  const [levels, rules] = await Promise.all([
    findDeployAccessLevels(db, [environment.id]),
    findApprovalRules(db, [environment.id]),
  ]);
  const deploy = planChanges(levels, input.deployAccessLevels ?? []);
  const approval = planChanges(rules, input.approvalRules ?? []);
  await validateEntries(
    db,
    place,
    [...deploy.inserts, ...deploy.updates.map((update) => update.entry)],
    [...approval.inserts, ...approval.updates.map((update) => update.entry)],
  );
  const now = access.now();
  await inTransaction(db, async (trx) => {
    const owner = {
      rootNamespaceId: place.project.root_namespace_id,
      protectedEnvironmentId: environment.id,
      now,
    };
    for (const [table, plan] of [
      [DEPLOY, deploy],
      [APPROVAL, approval],
    ] as const) {
      for (const id of plan.deletes) await deleteAccessEntry(trx, table, id);
      for (const { id, entry } of plan.updates) await updateAccessEntry(trx, table, id, entry);
      for (const entry of plan.inserts) await insertAccessEntry(trx, table, owner, entry);
    }
    await touchProtectedEnvironment(trx, environment.id, now);
  });
  return viewOf(db, { ...environment, updated_at: now });
}

/** `DELETE …/protected_environments/:name`: unprotects it; 204. */
export async function unprotectEnvironment(
  db: Executor,
  place: ProjectInNamespace,
  name: string,
): Promise<void> {
  const environment = await existingProtection(db, place, name);
  await deleteProtectedEnvironment(db, environment.id);
}
