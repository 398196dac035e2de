import { mayDeployTo } from '../../../core/domain/deployments.ts';
import { instantAfter, instantBefore } from '../../../core/time/instants.ts';
import type { Executor } from '../../db/executor.ts';
import {
  findStoppedReviewApps,
  scheduleEnvironmentsDeletion,
} from '../../db/repositories/environmentRepository.ts';
import {
  findDeployAccessLevels,
  findProtectedEnvironmentsByNames,
} from '../../db/repositories/protectedEnvironmentRepository.ts';
import type { EnvironmentRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import type { ProjectInNamespace } from '../issueService.ts';
import { accessEntryOf, accessSubjectOf, projectWhereActorMay } from './deploymentAccess.ts';

/**
 * `DELETE /projects/:id/environments/review_apps` (Environments::ScheduleToDeleteReviewAppsService):
 * schedules the deletion, a week later, of stopped review apps (environments in the `review` folder)
 * created before `before`, at most `limit` of them; a dry run (the default) only says which.
 */

export const REVIEW_APPS_NO_PERMISSION = 'You do not have permission to destroy environments in this project';
export const REVIEW_APPS_NONE_FOUND =
  'No environments found for scheduled deletion. Either your query did not match any environments ' +
  '(default parameters match environments that are 30 days or older), or you have insufficient ' +
  'permissions to delete matching environments.';

export interface ReviewAppsParams {
  /** Only those created before this; 30 days ago when not given. */
  readonly before?: Date | undefined;
  /** At most this many, 1 to 1000; 100 when not given. */
  readonly limit?: number | undefined;
  /** Only say which would be scheduled; true unless told otherwise. */
  readonly dryRun?: boolean | undefined;
}

export const DEFAULT_REVIEW_APPS_LIMIT = 100;
export const MAX_REVIEW_APPS_LIMIT = 1000;

/** GitLab's answer: 200 with what was (or would be) scheduled; 400 or 401 with why nothing was. */
export interface ReviewAppsResult {
  readonly status: 200 | 400 | 401;
  readonly message?: string | undefined;
  readonly scheduled: readonly EnvironmentRow[];
  readonly unprocessable: readonly EnvironmentRow[];
}

export async function scheduleReviewAppsDeletion(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
  params: ReviewAppsParams,
): Promise<ReviewAppsResult> {
  const place = await projectWhereActorMay(db, access, idOrPath, 'read_environment');
  if (!(await access.canInProject('admin_environment', place.project, place.namespace))) {
    return { status: 401, message: REVIEW_APPS_NO_PERMISSION, scheduled: [], unprocessable: [] };
  }
  const now = access.now();
  const before = params.before ?? instantBefore(now, { days: 30 });
  const limit = params.limit ?? DEFAULT_REVIEW_APPS_LIMIT;
  const candidates = await findStoppedReviewApps(db, place.project.id, before, limit);
  const deletable = await deletableByActor(db, access, place, candidates);
  const failed = candidates.filter((environment) => !deletable.has(environment.id));
  if (deletable.size === 0 || failed.length > 0) {
    return { status: 400, message: REVIEW_APPS_NONE_FOUND, scheduled: [], unprocessable: failed };
  }
  if (params.dryRun === false) {
    await scheduleEnvironmentsDeletion(db, [...deletable], instantAfter(now, { weeks: 1 }));
  }
  return { status: 200, scheduled: candidates, unprocessable: [] };
}

/** The ids among these the actor may delete: all but the protected ones they cannot deploy to. */
async function deletableByActor(
  db: Executor,
  access: AccessContext,
  place: ProjectInNamespace,
  environments: readonly EnvironmentRow[],
): Promise<Set<number>> {
  const protectedRows = await findProtectedEnvironmentsByNames(
    db,
    place.project.id,
    environments.map((environment) => environment.name),
  );
  const levels = await findDeployAccessLevels(
    db,
    protectedRows.map((row) => row.id),
  );
  const subject = await accessSubjectOf(db, access, place, levels.map(accessEntryOf));
  const protectedNames = new Map(
    protectedRows.map((row) => [
      row.name,
      levels.filter((level) => level.protected_environment_id === row.id).map(accessEntryOf),
    ]),
  );
  const ids = new Set<number>();
  for (const environment of environments) {
    const entries = protectedNames.get(environment.name);
    if (!entries || (subject !== null && mayDeployTo(entries, subject))) ids.add(environment.id);
  }
  return ids;
}
