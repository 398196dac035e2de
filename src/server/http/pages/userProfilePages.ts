import type { FastifyInstance } from 'fastify';
import type { ActivityPageView } from '../../../core/domain/userActivity.ts';
import type { PageMountInput } from '../../../core/pages/pageMount.ts';
import type { UserRow } from '../../db/schema.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import type { AccessContext } from '../../services/access.ts';
import { NotFoundError } from '../../services/errors.ts';
import { activityEventView, listUserActivityPage } from '../../services/userActivityService.ts';
import { findVisibleUserByUsername } from '../../services/userDirectoryService.ts';
import { userMembershipsVisibleTo } from '../../services/userMembershipsService.ts';
import { readUserStatus } from '../../services/userStatusService.ts';
import { offsetPage, type Params } from '../api/params.ts';

/** Events a page of the profile's Activity shows, as GitLab's profile loads them. */
const ACTIVITY_PAGE_SIZE = 20;

/** The profile page's mount: who the user is, and the groups and projects the viewer may see them in. */
export async function userProfileMount(
  deps: Pick<ServerDeps, 'db' | 'now'>,
  access: AccessContext,
  user: UserRow,
): Promise<Extract<PageMountInput, { page: 'user' }>> {
  const status = await readUserStatus(deps.db, user.id, deps.now());
  return {
    page: 'user',
    username: user.username,
    name: user.name,
    statusEmoji: status?.emoji ?? '',
    statusMessage: status?.message ?? '',
    statusBusy: status?.availability === 'busy',
    bio: user.bio,
    createdAt: user.created_at.toISOString(),
    signedIn: access.actor.user !== null,
    memberships: JSON.stringify(await userMembershipsVisibleTo(deps.db, access, user)),
  };
}

/**
 * `GET /users/:username/activity.json?page=`: one page of the profile's Activity (GitLab's profile
 * loads `/users/:username/activity` likewise), for anyone who may see the profile; only the events
 * the reader may see, over the same service as `GET /api/v4/users/:id/events`.
 */
export function registerUserActivityJson(app: FastifyInstance, { db }: Pick<ServerDeps, 'db'>): void {
  app.get('/users/:username/activity.json', async (request): Promise<ActivityPageView> => {
    const { username } = request.params as { username: string };
    const query = request.query as Params;
    const page = offsetPage({ page: query.page, per_page: ACTIVITY_PAGE_SIZE });
    const user = await findVisibleUserByUsername(db, request.access, username);
    if (!user) throw new NotFoundError('User');
    const { rows, hasMore } = await listUserActivityPage(
      db,
      request.access,
      user,
      { direction: 'desc' },
      { offset: page.offset, limit: page.perPage },
    );
    return { events: rows.map(activityEventView), nextPage: hasMore ? page.page + 1 : null };
  });
}
