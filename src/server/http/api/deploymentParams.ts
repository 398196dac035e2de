import {
  APPROVAL_STATUSES,
  DEPLOYMENT_ORDERS,
  DEPLOYMENT_STATUSES,
  GROUP_INHERITANCE_TYPES,
  PROTECTED_ENVIRONMENT_ACCESS_LEVELS,
  REPORTED_STATUSES,
} from '../../../core/domain/deployments.ts';
import {
  AUTO_STOP_SETTINGS,
  ENVIRONMENT_STATES,
  ENVIRONMENT_TIERS,
} from '../../../core/domain/environments.ts';
import { MAX_SQL_INTEGER } from '../../db/sqlInteger.ts';
import type { DeploymentReport } from '../../services/deployments/deploymentCommands.ts';
import type { DeploymentListParams } from '../../services/deployments/deploymentQueries.ts';
import type {
  EnvironmentFields,
  EnvironmentListParams,
} from '../../services/deployments/environmentService.ts';
import {
  type AccessEntryInput,
  MAX_ACCESS_ENTRIES,
} from '../../services/deployments/protectedEnvironmentEntries.ts';
import type { ProtectionInput } from '../../services/deployments/protectedEnvironmentService.ts';
import { MAX_REVIEW_APPS_LIMIT, type ReviewAppsParams } from '../../services/deployments/reviewAppService.ts';
import {
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalString,
  optionalTime,
  ParamError,
  type Params,
} from './params.ts';

/**
 * Grape's parameter checks of GitLab's environments, deployments and protected environments APIs: a
 * malformed or missing parameter is a 400 `{"error": …}` before anything is read or written.
 */

/** Longest text a name, ref or description parameter may carry before validation names it. */
const MAX_NAME = 1024;
const MAX_DESCRIPTION = 20_000;

const isSet = (params: Params, name: string) => params[name] !== undefined && params[name] !== null;

/** Grape's `requires`: every missing one named at once (`sha is missing, tag is missing`). */
function requireAll(params: Params, names: readonly string[]): void {
  const missing = names.filter((name) => !isSet(params, name));
  if (missing.length > 0) throw new ParamError(missing.map((name) => `${name} is missing`).join(', '));
}

/** An id from a path segment (`:environment_id`): a positive whole number, or a 400 naming it. */
export function pathId(request: { params: unknown }, name: string): number {
  const value = (request.params as Record<string, string | undefined>)[name] ?? '';
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > MAX_SQL_INTEGER) {
    throw new ParamError(`${name} is invalid`);
  }
  return Number(value);
}

/** A `values:` integer (limit 1..1000): Grape says the value is not valid, not the type. */
function integerInRange(params: Params, name: string, min: number, max: number): number | undefined {
  const value = optionalInteger(params, name);
  if (value !== undefined && (value < min || value > max))
    throw new ParamError(`${name} does not have a valid value`);
  return value;
}

function optionalIntegerValue<T extends number>(
  params: Params,
  name: string,
  values: readonly T[],
): T | undefined {
  const value = optionalInteger(params, name);
  if (value !== undefined && !(values as readonly number[]).includes(value)) {
    throw new ParamError(`${name} does not have a valid value`);
  }
  return value as T | undefined;
}

/** `GET …/environments`: name or search (not both), states. */
export function environmentListParams(query: Params): EnvironmentListParams {
  if (isSet(query, 'name') && isSet(query, 'search'))
    throw new ParamError('name, search cannot be used together');
  return {
    name: optionalString(query, 'name', MAX_NAME),
    search: optionalString(query, 'search', MAX_NAME),
    state: optionalEnum(query, 'states', ENVIRONMENT_STATES),
  };
}

/** A nullable text parameter: `null` (or absent) as given, else its text. */
function nullableString(params: Params, name: string, max: number): string | null | undefined {
  if (params[name] === null) return null;
  return optionalString(params, name, max);
}

/** The fields `POST` and `PUT …/environments` take besides the name. */
export function environmentFieldParams(body: Params): EnvironmentFields {
  if (isSet(body, 'slug')) throw new ParamError('slug is automatically generated and cannot be changed');
  if (isSet(body, 'cluster_agent_id')) {
    optionalInteger(body, 'cluster_agent_id');
    throw new ParamError('cluster_agent_id does not have a valid value');
  }
  return {
    description: nullableString(body, 'description', MAX_DESCRIPTION),
    externalUrl: nullableString(body, 'external_url', MAX_NAME),
    tier: optionalEnum(body, 'tier', ENVIRONMENT_TIERS),
    autoStopSetting: optionalEnum(body, 'auto_stop_setting', AUTO_STOP_SETTINGS),
    kubernetesNamespace: nullableString(body, 'kubernetes_namespace', MAX_NAME),
    fluxResourcePath: nullableString(body, 'flux_resource_path', MAX_NAME),
  };
}

/** `POST …/environments`: the name is required. */
export function newEnvironmentParams(body: Params): { name: string; fields: EnvironmentFields } {
  requireAll(body, ['name']);
  const name = optionalString(body, 'name', MAX_NAME) ?? '';
  return { name, fields: environmentFieldParams(body) };
}

/** `DELETE …/environments/review_apps`: before (default 30 days ago), limit 1–1000, dry_run. */
export function reviewAppsParams(params: Params): ReviewAppsParams {
  return {
    before: optionalTime(params, 'before'),
    limit: integerInRange(params, 'limit', 1, MAX_REVIEW_APPS_LIMIT),
    dryRun: optionalBoolean(params, 'dry_run'),
  };
}

/** `POST …/environments/stop_stale`: before is required. */
export function stopStaleBefore(params: Params): Date {
  requireAll(params, ['before']);
  const before = optionalTime(params, 'before');
  if (!before) throw new ParamError('before is invalid');
  return before;
}

/** `GET …/deployments`: order_by (id), sort (asc), the time filters, environment, status. */
export function deploymentListParams(query: Params): DeploymentListParams {
  const updatedAfter = optionalTime(query, 'updated_after');
  const updatedBefore = optionalTime(query, 'updated_before');
  const finishedAfter = optionalTime(query, 'finished_after');
  const finishedBefore = optionalTime(query, 'finished_before');
  return {
    orderBy: optionalEnum(query, 'order_by', DEPLOYMENT_ORDERS) ?? 'id',
    direction: optionalEnum(query, 'sort', ['asc', 'desc'] as const) ?? 'asc',
    status: optionalEnum(query, 'status', DEPLOYMENT_STATUSES),
    environment: optionalString(query, 'environment', MAX_NAME),
    updatedAfter,
    updatedBefore,
    finishedAfter,
    finishedBefore,
    byUpdatedAt: updatedAfter !== undefined || updatedBefore !== undefined,
    byFinishedAt: finishedAfter !== undefined || finishedBefore !== undefined,
  };
}

/** `POST …/deployments`: environment, sha, ref, tag and status, all required. */
export function deploymentReportParams(body: Params): DeploymentReport {
  requireAll(body, ['environment', 'sha', 'ref', 'tag', 'status']);
  const tag = optionalBoolean(body, 'tag');
  const status = optionalEnum(body, 'status', REPORTED_STATUSES);
  if (tag === undefined) throw new ParamError('tag is invalid');
  if (status === undefined) throw new ParamError('status does not have a valid value');
  return {
    environment: optionalString(body, 'environment', MAX_NAME) ?? '',
    sha: optionalString(body, 'sha', 64) ?? '',
    ref: optionalString(body, 'ref', 255) ?? '',
    tag,
    status,
  };
}

/** `PUT …/deployments/:deployment_id`: the status, required. */
export function deploymentStatusParam(body: Params) {
  requireAll(body, ['status']);
  const status = optionalEnum(body, 'status', REPORTED_STATUSES);
  if (status === undefined) throw new ParamError('status does not have a valid value');
  return status;
}

/** `POST …/deployments/:deployment_id/approval`: status (approved or rejected), comment, represented_as. */
export function approvalParams(body: Params) {
  requireAll(body, ['status']);
  const status = optionalEnum(body, 'status', APPROVAL_STATUSES);
  if (status === undefined) throw new ParamError('status does not have a valid value');
  return {
    status,
    comment: optionalString(body, 'comment', 255),
    representedAs: optionalString(body, 'represented_as', MAX_NAME),
  };
}

/** One element of deploy_access_levels or approval_rules, named as Grape names it (`x[0][user_id]`). */
function entryParams(value: unknown, list: string, index: number, isRule: boolean): AccessEntryInput {
  const at = `${list}[${index}]`;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ParamError(`${list} is invalid`);
  const entry = Object.fromEntries(
    Object.entries(value as Params).map(([key, item]) => [`${at}[${key}]`, item]),
  ) as Params;
  const name = (key: string) => `${at}[${key}]`;
  const kinds = ['access_level', 'user_id', 'group_id'].filter((key) => isSet(entry, name(key)));
  const id = optionalInteger(entry, name('id'), 1);
  if (isRule && kinds.length === 0 && id === undefined) {
    throw new ParamError(
      `${name('access_level')}, ${name('user_id')}, ${name('group_id')} are missing, at least one parameter must be provided`,
    );
  }
  if (kinds.length > 1) throw new ParamError(`${kinds.map(name).join(', ')} are mutually exclusive`);
  return {
    id,
    destroy: optionalBoolean(entry, name('_destroy')),
    accessLevel: optionalIntegerValue(entry, name('access_level'), PROTECTED_ENVIRONMENT_ACCESS_LEVELS),
    userId: optionalInteger(entry, name('user_id'), 0),
    groupId: optionalInteger(entry, name('group_id'), 0),
    groupInheritanceType: optionalIntegerValue(
      entry,
      name('group_inheritance_type'),
      GROUP_INHERITANCE_TYPES,
    ),
    requiredApprovals: isRule ? optionalInteger(entry, name('required_approvals'), -32768, 32767) : undefined,
  };
}

function entryList(body: Params, list: string, isRule: boolean): AccessEntryInput[] | undefined {
  const value = body[list];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new ParamError(`${list} is invalid`);
  if (value.length > MAX_ACCESS_ENTRIES) {
    throw new ParamError(`${list} has too many entries (maximum is ${MAX_ACCESS_ENTRIES})`);
  }
  return value.map((item, index) => entryParams(item, list, index, isRule));
}

/** The protected environment fields: deploy access levels and approval rules, as JSON arrays. */
export function protectionParams(
  body: Params,
  create: boolean,
): ProtectionInput & { requiredApprovalCount?: number } {
  if (create) requireAll(body, ['name', 'deploy_access_levels']);
  const requiredApprovalCount = optionalInteger(body, 'required_approval_count');
  return {
    deployAccessLevels: entryList(body, 'deploy_access_levels', false),
    approvalRules: entryList(body, 'approval_rules', true),
    ...(requiredApprovalCount === undefined ? {} : { requiredApprovalCount }),
  };
}

/** The protected environment's name, from a body (create) or a path segment. */
export function protectedEnvironmentName(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) throw new ParamError('name is missing');
  if (value.length > 255) throw new ParamError('name is too long (maximum is 255 characters)');
  return value;
}
