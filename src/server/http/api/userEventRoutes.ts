import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { NotFoundError } from '../../services/errors.ts';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_TARGET_TYPES,
  type ActivityQuery,
  type ActivityRow,
  activityEventId,
  activityEventView,
  listUserActivityPage,
} from '../../services/userActivityService.ts';
import { findVisibleUser, findVisibleUserByUsername } from '../../services/userDirectoryService.ts';
import { offsetPage, optionalCalendarDate, optionalEnum, type Params } from './params.ts';
import { userBasicJson } from './presenters.ts';

const ACTIONS = Object.keys(ACTIVITY_ACTIONS) as (keyof typeof ACTIVITY_ACTIONS)[];
const TARGET_TYPES = Object.keys(ACTIVITY_TARGET_TYPES) as (keyof typeof ACTIVITY_TARGET_TYPES)[];

/**
 * GitLab's event filters (`action`, `target_type`, `before`, `after` as `YYYY-MM-DD` days, `sort`):
 * `before` keeps what happened before that day began, `after` what happened after it ended (UTC).
 */
export function activityQueryOf(query: Params): ActivityQuery {
  const before = optionalCalendarDate(query, 'before');
  const after = optionalCalendarDate(query, 'after');
  return {
    action: optionalEnum(query, 'action', ACTIONS),
    targetType: optionalEnum(query, 'target_type', TARGET_TYPES),
    before: before ? new Date(`${before}T00:00:00.000Z`) : undefined,
    after: after ? new Date(`${after}T23:59:59.999Z`) : undefined,
    direction: optionalEnum(query, 'sort', ['asc', 'desc'] as const) ?? 'desc',
  };
}

function isNote(row: ActivityRow): boolean {
  return row.kind === 'issue_note' || row.kind === 'epic_note';
}

/** GitLab's Event entity for one derived event (`note` for comments, as GitLab adds it). */
function eventJson(row: ActivityRow, author: UserRow, externalUrl: string) {
  const authorJson = userBasicJson(author, externalUrl);
  const noteableType = row.kind.startsWith('issue') ? 'Issue' : 'Epic';
  const note = isNote(row);
  return {
    id: activityEventId(row),
    project_id: row.project_id,
    action_name: activityEventView(row).action,
    target_id: note ? row.source_id : row.item_id,
    target_iid: note ? row.source_id : row.item_iid,
    target_type: note ? (row.note_type ?? 'Note') : noteableType,
    author_id: author.id,
    target_title: row.item_title,
    created_at: row.created_at.toISOString(),
    author: authorJson,
    imported: false,
    imported_from: 'none',
    author_username: author.username,
    ...(note
      ? {
          note: {
            id: row.source_id,
            type: row.note_type,
            body: row.note_body ?? '',
            attachment: null,
            author: authorJson,
            created_at: row.created_at.toISOString(),
            system: false,
            noteable_id: row.item_id,
            noteable_type: noteableType,
            noteable_iid: row.item_iid,
          },
        }
      : {}),
  };
}

/** GitLab's `:id` of the users API: an id, or (as GitLab also takes) a username. */
async function userOfParam(request: FastifyRequest, deps: ServerDeps): Promise<UserRow> {
  const { id } = request.params as { id: string };
  if (/^\d{1,10}$/.test(id)) return findVisibleUser(deps.db, request.access, Number(id));
  const user = await findVisibleUserByUsername(deps.db, request.access, id);
  if (!user) throw new NotFoundError('User');
  return user;
}

/** GitLab's headers for a list whose total is not counted: the page, its size and the next. */
function setPageHeaders(reply: FastifyReply, page: { page: number; perPage: number }, hasMore: boolean) {
  reply.headers({
    'x-page': String(page.page),
    'x-per-page': String(page.perPage),
    'x-next-page': hasMore ? String(page.page + 1) : '',
    'x-prev-page': page.page > 1 ? String(page.page - 1) : '',
  });
}

/**
 * GitLab's `GET /api/v4/users/:id/events` (readable by anyone, as GitLab's public contributions
 * are): the user's contribution events the caller may see, newest first unless `sort=asc`, offset
 * paged with `page`/`per_page`. Bad parameters are a 400; an unknown user a 404.
 */
export function registerUserEventRoutes(app: FastifyInstance, deps: ServerDeps): void {
  app.get('/api/v4/users/:id/events', async (request, reply) => {
    const query = request.query as Params;
    const page = offsetPage(query);
    const activity = activityQueryOf(query);
    const user = await userOfParam(request, deps);
    const { rows, hasMore } = await listUserActivityPage(deps.db, request.access, user, activity, {
      offset: page.offset,
      limit: page.perPage,
    });
    setPageHeaders(reply, page, hasMore);
    return rows.map((row) => eventJson(row, user, deps.config.externalUrl));
  });
}
