import { createHash } from 'node:crypto';
import {
  type AutoStopSetting,
  type EnvironmentState,
  type EnvironmentTier,
  environmentErrors,
  environmentFolder,
  environmentSlug,
  guessEnvironmentTier,
} from '../../../core/domain/environments.ts';
import { instantBefore } from '../../../core/time/instants.ts';
import type { Executor } from '../../db/executor.ts';
import type { OffsetLimit, PageWithTotal } from '../../db/pagination.ts';
import { findLastSuccessfulDeployment } from '../../db/repositories/deploymentRepository.ts';
import {
  deleteEnvironment,
  type EnvironmentChanges,
  findEnvironment,
  insertEnvironment,
  listEnvironments,
  type NewEnvironment,
  stopStaleEnvironments as stopStaleRows,
  updateEnvironment as updateEnvironmentRow,
} from '../../db/repositories/environmentRepository.ts';
import type { DeploymentRow, EnvironmentRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, ValidationError } from '../errors.ts';
import type { ProjectInNamespace } from '../issueService.ts';
import {
  BadRequestError,
  projectWhereActorMay,
  RecordNotFoundError,
  requireDeployer,
} from './deploymentAccess.ts';

/**
 * Environments (GitLab's lib/api/environments.rb over Environments::* services): listed and read by
 * Reporters and up (anyone on a public project), made, edited, stopped and deleted by Developers and
 * up; a protected environment only by its deployers. Every route needs a signed-in caller.
 */

export interface EnvironmentInProject extends ProjectInNamespace {
  readonly environment: EnvironmentRow;
}

/** The shortest `search` GitLab accepts (API::Environments::MIN_SEARCH_LENGTH). */
export const MIN_ENVIRONMENT_SEARCH = 3;
export const STOP_STALE_MESSAGE = 'Successfully requested stop for all stale environments';

export interface EnvironmentListParams {
  readonly name?: string | undefined;
  readonly search?: string | undefined;
  readonly state?: EnvironmentState | undefined;
}

export async function listEnvironmentsAt(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
  params: EnvironmentListParams,
  page: OffsetLimit,
): Promise<PageWithTotal<EnvironmentRow> & { readonly place: ProjectInNamespace }> {
  const place = await projectWhereActorMay(db, access, idOrPath, 'read_environment');
  if (params.search !== undefined && params.search.length < MIN_ENVIRONMENT_SEARCH) {
    throw new BadRequestError(`Search query is less than ${MIN_ENVIRONMENT_SEARCH} characters`);
  }
  const found = await listEnvironments(
    db,
    {
      projectId: place.project.id,
      name: params.name,
      search: params.search,
      states: params.state === undefined ? undefined : [params.state],
    },
    page,
  );
  return { ...found, place };
}

/** The project's environment by id for a caller who may read environments there; 404 otherwise. */
export async function findEnvironmentAt(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
  environmentId: number,
): Promise<EnvironmentInProject> {
  const place = await projectWhereActorMay(db, access, idOrPath, 'read_environment');
  const environment = await findEnvironment(db, place.project.id, environmentId);
  if (!environment) throw new RecordNotFoundError();
  return { ...place, environment };
}

/** The environment's current deployment (its last successful one), what `GET` shows with it. */
export function lastDeploymentOf(
  db: Executor,
  environment: EnvironmentRow,
): Promise<DeploymentRow | undefined> {
  return findLastSuccessfulDeployment(db, environment.id);
}

/** What may be set on an environment besides its name (never its slug, always generated). */
export interface EnvironmentFields {
  readonly description?: string | null | undefined;
  readonly externalUrl?: string | null | undefined;
  readonly tier?: EnvironmentTier | undefined;
  readonly autoStopSetting?: AutoStopSetting | undefined;
  /** No cluster agents here: any namespace or Flux path is refused, as GitLab does without one. */
  readonly kubernetesNamespace?: string | null | undefined;
  readonly fluxResourcePath?: string | null | undefined;
}

const blankToNull = (value: string | null | undefined): string | null | undefined =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value;

function validate(name: string | undefined, fields: EnvironmentFields): void {
  const errors = environmentErrors({
    name,
    description: fields.description,
    externalUrl: blankToNull(fields.externalUrl),
  });
  if (blankToNull(fields.kubernetesNamespace))
    errors.kubernetes_namespace = ['cannot be set without a cluster agent'];
  if (blankToNull(fields.fluxResourcePath)) {
    errors.flux_resource_path = ['cannot be set without a kubernetes namespace'];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A new environment of the project: its slug from the name, its folder, and its tier as given or
 * guessed from the name. The caller validated the fields; a taken name or slug fails the insert (a
 * 400 naming the field).
 */
export function newEnvironmentRow(
  place: ProjectInNamespace,
  name: string,
  fields: EnvironmentFields,
  now: Date,
): NewEnvironment {
  return {
    root_namespace_id: place.project.root_namespace_id,
    project_id: place.project.id,
    name,
    slug: environmentSlug(name, sha256(name)),
    environment_type: environmentFolder(name),
    description: blankToNull(fields.description) ?? null,
    external_url: blankToNull(fields.externalUrl) ?? null,
    tier: fields.tier ?? guessEnvironmentTier(name),
    ...(fields.autoStopSetting ? { auto_stop_setting: fields.autoStopSetting } : {}),
    created_at: now,
    updated_at: now,
  };
}

/** Checks a name as a new environment's would be checked: a ValidationError on `name` otherwise. */
export function validateEnvironmentName(name: string): void {
  validate(name, {});
}

/** `POST /projects/:id/environments`: Developers and up; 201 with the environment. */
export async function createEnvironment(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
  name: string,
  fields: EnvironmentFields,
): Promise<EnvironmentInProject> {
  const place = await projectWhereActorMay(db, access, idOrPath, 'admin_environment');
  validate(name, fields);
  const environment = await insertEnvironment(db, newEnvironmentRow(place, name, fields, access.now()));
  return { ...place, environment };
}

/** `PUT …/environments/:environment_id`: what is given changes; nothing given changes nothing. */
export async function updateEnvironment(
  db: Executor,
  access: AccessContext,
  located: EnvironmentInProject,
  fields: EnvironmentFields,
): Promise<EnvironmentRow> {
  await requireDeployer(db, access, located, located.environment.name, 'admin_environment');
  validate(undefined, fields);
  const changes: EnvironmentChanges = {};
  if (fields.description !== undefined) changes.description = blankToNull(fields.description) ?? null;
  if (fields.externalUrl !== undefined) changes.external_url = blankToNull(fields.externalUrl) ?? null;
  if (fields.tier !== undefined) changes.tier = fields.tier;
  if (fields.autoStopSetting !== undefined) changes.auto_stop_setting = fields.autoStopSetting;
  if (Object.keys(changes).length === 0) return located.environment;
  const updated = await updateEnvironmentRow(db, located.environment.id, {
    ...changes,
    updated_at: access.now(),
  });
  if (!updated) throw new RecordNotFoundError();
  return updated;
}

/**
 * `DELETE …/environments/:environment_id`: only a stopped environment, by its deployers (GitLab's
 * destroy_environment, refused while it is not stopped); its deployments go with it.
 */
export async function destroyEnvironment(
  db: Executor,
  access: AccessContext,
  located: EnvironmentInProject,
): Promise<void> {
  await requireDeployer(db, access, located, located.environment.name, 'admin_environment');
  if (located.environment.state !== 'stopped') throw new ForbiddenError();
  await deleteEnvironment(db, located.environment.id);
}

/**
 * `POST …/environments/:environment_id/stop` (Environment#stop_with_actions!): there are no stop
 * jobs here, so an available environment stops at once when its auto_stop_setting is `always`, and
 * stays as it is with `with_action`; `force` stops it from available or stopping regardless.
 */
export async function stopEnvironment(
  db: Executor,
  access: AccessContext,
  located: EnvironmentInProject,
  force: boolean,
): Promise<EnvironmentRow> {
  await requireDeployer(db, access, located, located.environment.name, 'admin_environment');
  const { environment } = located;
  const stops = force
    ? environment.state !== 'stopped'
    : environment.state === 'available' && environment.auto_stop_setting === 'always';
  if (!stops) return environment;
  const stopped = await updateEnvironmentRow(db, environment.id, {
    state: 'stopped',
    auto_stop_at: null,
    updated_at: access.now(),
  });
  if (!stopped) throw new RecordNotFoundError();
  return stopped;
}

/**
 * `POST …/environments/stop_stale`: stops every available environment neither updated nor deployed
 * to since `before`, but the protected ones. `before` must lie between ten years and a week ago
 * (`400 Bad request - Invalid Date` otherwise).
 */
export async function stopStaleEnvironments(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
  before: Date,
): Promise<string> {
  const place = await projectWhereActorMay(db, access, idOrPath, 'admin_environment');
  const now = access.now();
  if (before < instantBefore(now, { years: 10 }) || before > instantBefore(now, { weeks: 1 })) {
    throw new BadRequestError('Invalid Date');
  }
  await stopStaleRows(db, place.project.id, before, now);
  return STOP_STALE_MESSAGE;
}
