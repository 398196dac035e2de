import type { FastifyInstance } from 'fastify';
import { HEALTH_STATUS_CODE, type HealthStatus } from '../../../core/domain/healthStatus.ts';
import { DUE_DATE_FILTERS, dueDateCondition } from '../../../core/domain/issueDueDate.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { type IssueListPlace, listIssuesAt } from '../../services/issueListService.ts';
import type { IssueListParams, IssueSort } from '../../services/issueService.ts';
import { isSubscribedToIssue } from '../../services/subscriptionService.ts';
import { readableIssueOfApiPath } from './issueApiParams.ts';
import { presentIssues } from './issueJson.ts';
import { setPaginationHeaders } from './pagination.ts';
import {
  nested,
  offsetPage,
  optionalBoolean,
  optionalEnum,
  optionalIdList,
  optionalInteger,
  optionalList,
  optionalString,
  optionalTime,
  ParamError,
  type Params,
} from './params.ts';

/**
 * The orders GitLab offers that this schema can answer. `priority`, `label_priority`,
 * `milestone_due` and `popularity` need label priorities, milestone joins or vote counts per row
 * and are refused with a 400 rather than answered in another order.
 */
const ORDER_BY = ['created_at', 'updated_at', 'due_date', 'title', 'relative_position', 'weight'] as const;
const SCOPES = ['created_by_me', 'assigned_to_me', 'all', 'created-by-me', 'assigned-to-me'] as const;
type Scope = (typeof SCOPES)[number];
const ISSUE_TYPES = ['issue', 'incident', 'test_case', 'task'] as const;
const SEARCH_FIELDS = ['title', 'description'] as const;
const MAX_NAME_LENGTH = 255;

/** `None` or `Any`, as the service's filter spells them. */
type Presence = NonNullable<IssueListParams['labels']>;

/** GitLab's `None`/`Any` keywords (any case, and the deprecated `No Label`/`No Milestone`). */
function presence(value: string | undefined): Presence | undefined {
  const keyword = value?.toLowerCase();
  if (keyword === 'none' || keyword === 'no label' || keyword === 'no milestone') return 'none';
  if (keyword === 'any') return 'any';
  return undefined;
}

/** An id filter that also takes `None` and `Any` (assignee_id, weight, milestone_id). */
function idOrPresence(query: Params, name: string): number | Presence | undefined {
  const keyword = presence(optionalString(query, name, 32));
  return keyword ?? optionalInteger(query, name, 0);
}

function exclusive(query: Params, names: readonly [string, string], within?: string): void {
  if (names.every((name) => query[name] !== undefined && query[name] !== '')) {
    const spelt = within ? names.map((name) => `${within}[${name}]`) : names;
    throw new ParamError(`${spelt.join(', ')} are mutually exclusive`);
  }
}

function labelFilter(query: Params): Pick<IssueListParams, 'labelNames' | 'labels'> {
  const names = optionalList(query, 'labels');
  const keyword = names?.length === 1 ? presence(names[0]) : undefined;
  return keyword ? { labels: keyword } : { labelNames: names };
}

function milestoneFilter(query: Params): Pick<IssueListParams, 'milestone' | 'milestoneTitles'> {
  exclusive(query, ['milestone', 'milestone_id']);
  const title = optionalString(query, 'milestone', MAX_NAME_LENGTH);
  const byId = optionalEnum(query, 'milestone_id', ['None', 'Any', 'none', 'any'] as const);
  const keyword = presence(title) ?? presence(byId);
  if (keyword) return { milestone: keyword };
  return { milestoneTitles: title === undefined ? undefined : [title] };
}

function assigneeFilter(
  query: Params,
): Pick<IssueListParams, 'assignee' | 'assigneeId' | 'assigneeUsername'> {
  exclusive(query, ['assignee_id', 'assignee_username']);
  const usernames = optionalList(query, 'assignee_username');
  if (usernames && usernames.length > 1) {
    throw new ParamError(`assignee_username allows one value, but found ${usernames.length}`);
  }
  const id = idOrPresence(query, 'assignee_id');
  return {
    assignee: typeof id === 'string' ? id : undefined,
    assigneeId: typeof id === 'number' ? id : undefined,
    assigneeUsername: usernames?.[0],
  };
}

/** REST's snake-case health statuses. */
const HEALTH_STATUSES: ReadonlyMap<string, HealthStatus> = new Map([
  ['on_track', 'onTrack'],
  ['needs_attention', 'needsAttention'],
  ['at_risk', 'atRisk'],
]);

/** epic_id, health_status and my_reaction_emoji: each a value, `None` or `Any`. */
function relationFilter(query: Params): Pick<IssueListParams, 'epic' | 'healthStatus' | 'myReactionEmoji'> {
  const health = optionalString(query, 'health_status', 32);
  const status = health === undefined ? undefined : HEALTH_STATUSES.get(health);
  if (health !== undefined && !status && !presence(health)) {
    throw new ParamError('health_status does not have a valid value');
  }
  const emoji = optionalString(query, 'my_reaction_emoji', MAX_NAME_LENGTH);
  return {
    epic: idOrPresence(query, 'epic_id'),
    healthStatus: status ? HEALTH_STATUS_CODE[status] : presence(health),
    myReactionEmoji: emoji === undefined ? undefined : (presence(emoji) ?? { name: emoji }),
  };
}

/**
 * GitLab's `not[...]` parameters this server cannot answer (weight's negation has no documented
 * handling of issues without a weight; milestone_id's keywords need milestone timing; not[search]
 * and not[in] are not implemented): a 400 rather than a list that ignores them.
 */
const UNSUPPORTED_NEGATIONS = ['weight', 'milestone_id', 'search', 'in'] as const;

/**
 * GitLab's `not[...]` parameters that this schema can answer. No issue has an iteration here, so
 * not[iteration_id] and not[iteration_title] exclude nothing and are left alone.
 */
function negations(query: Params): IssueListParams['not'] {
  const not = nested(query, 'not');
  if (Object.keys(not).length === 0) return undefined;
  for (const name of UNSUPPORTED_NEGATIONS) {
    if (not[name] !== undefined || not[`${name}[]`] !== undefined) {
      throw new ParamError(`not[${name}] is not supported`);
    }
  }
  exclusive(not, ['author_id', 'author_username'], 'not');
  exclusive(not, ['assignee_id', 'assignee_username'], 'not');
  const usernames = optionalList(not, 'assignee_username');
  if (usernames && usernames.length > 1) {
    throw new ParamError(`not[assignee_username] allows one value, but found ${usernames.length}`);
  }
  return {
    labelNames: optionalList(not, 'labels'),
    milestoneTitle: optionalString(not, 'milestone', MAX_NAME_LENGTH),
    authorId: optionalInteger(not, 'author_id', 0),
    authorUsername: optionalString(not, 'author_username', MAX_NAME_LENGTH),
    assigneeId: optionalInteger(not, 'assignee_id', 0),
    assigneeUsername: usernames?.[0],
    iids: optionalIdList(not, 'iids'),
    myReactionEmoji: optionalString(not, 'my_reaction_emoji', MAX_NAME_LENGTH),
  };
}

/**
 * iteration_id / iteration_title: no issue has an iteration here, so `None` keeps every issue and
 * anything else (an id, a title, `Any`, `Current`) none.
 */
function iterationFilter(query: Params): boolean {
  exclusive(query, ['iteration_id', 'iteration_title']);
  const id = optionalString(query, 'iteration_id', 32);
  if (id !== undefined && !presence(id) && id.toLowerCase() !== 'current')
    optionalInteger(query, 'iteration_id', 0);
  const title = optionalString(query, 'iteration_title', MAX_NAME_LENGTH);
  const value = id ?? title;
  return value !== undefined && presence(value) !== 'none';
}

function searchFields(query: Params): IssueListParams['searchIn'] {
  const fields = optionalList(query, 'in');
  if (fields === undefined || fields.length === 0) return undefined;
  if (!fields.every((field) => (SEARCH_FIELDS as readonly string[]).includes(field))) {
    throw new ParamError('in does not have a valid value');
  }
  return fields as (typeof SEARCH_FIELDS)[number][];
}

/**
 * GitLab's issue-list parameters (doc/api/issues.md) as the service's filter, order and scope;
 * `today` (the request's clock) anchors the `due_date` keywords.
 */
function listParams(query: Params, defaultScope: Scope, today: Date) {
  exclusive(query, ['author_id', 'author_username']);
  const scope = optionalEnum(query, 'scope', SCOPES) ?? defaultScope;
  const dueDate = optionalEnum(query, 'due_date', DUE_DATE_FILTERS);
  // No project is archived here, so non_archived is checked for its type and changes nothing.
  optionalBoolean(query, 'non_archived');
  const params: IssueListParams = {
    state: optionalEnum(query, 'state', ['opened', 'closed', 'all'] as const),
    search: optionalString(query, 'search', MAX_NAME_LENGTH),
    searchIn: searchFields(query),
    ...labelFilter(query),
    ...milestoneFilter(query),
    ...assigneeFilter(query),
    ...relationFilter(query),
    not: negations(query),
    matchesNothing: iterationFilter(query),
    iids: optionalIdList(query, 'iids'),
    authorId: optionalInteger(query, 'author_id', 0),
    authorUsername: optionalString(query, 'author_username', MAX_NAME_LENGTH),
    createdAfter: optionalTime(query, 'created_after'),
    createdBefore: optionalTime(query, 'created_before'),
    updatedAfter: optionalTime(query, 'updated_after'),
    updatedBefore: optionalTime(query, 'updated_before'),
    dueDate: dueDate === undefined ? undefined : dueDateCondition(dueDate, calendarDateOf(today)),
    confidential: optionalBoolean(query, 'confidential'),
    issueType: optionalEnum(query, 'issue_type', ISSUE_TYPES),
    weight: idOrPresence(query, 'weight'),
    viewerAuthored: scope === 'created_by_me' || scope === 'created-by-me',
    viewerAssigned: scope === 'assigned_to_me' || scope === 'assigned-to-me',
  };
  const sort: IssueSort = {
    column: optionalEnum(query, 'order_by', ORDER_BY) ?? 'created_at',
    direction: optionalEnum(query, 'sort', ['asc', 'desc'] as const) ?? 'desc',
  };
  return { params, sort };
}

/**
 * GitLab's REST issue reads: `GET /projects/:id/issues`, `GET /groups/:id/issues` (the group and
 * its subgroups) and `GET /issues` (the signed-in user's, `created_by_me` unless `scope` says
 * otherwise), offset-paged with GitLab's headers; and `GET /projects/:id/issues/:issue_iid`. Bad
 * parameters are a 400 before anything is read; a project or group the caller cannot see is a 404.
 */
export function registerIssueListRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  const routes: readonly [string, (params: Params) => IssueListPlace, Scope][] = [
    ['/api/v4/issues', () => ({ kind: 'viewer' }), 'created_by_me'],
    ['/api/v4/groups/:id/issues', (params) => ({ kind: 'group', idOrPath: String(params.id) }), 'all'],
    ['/api/v4/projects/:id/issues', (params) => ({ kind: 'project', idOrPath: String(params.id) }), 'all'],
  ];
  for (const [url, place, defaultScope] of routes) {
    app.get(url, async (request, reply) => {
      const query = request.query as Params;
      const page = offsetPage(query);
      const { params, sort } = listParams(query, defaultScope, now());
      const withLabelsDetails = optionalBoolean(query, 'with_labels_details') ?? false;
      const { rows, total } = await listIssuesAt(
        db,
        request.access,
        place(request.params as Params),
        params,
        sort,
        { offset: page.offset, limit: page.perPage },
      );
      setPaginationHeaders(request, reply, config.externalUrl, page, total);
      return presentIssues(db, rows, {
        access: request.access,
        externalUrl: config.externalUrl,
        now: now(),
        withLabelsDetails,
      });
    });
  }

  app.get('/api/v4/projects/:id/issues/:issue_iid', async (request) => {
    const { issue } = await readableIssueOfApiPath(db, request);
    const [json] = await presentIssues(db, [issue], {
      access: request.access,
      externalUrl: config.externalUrl,
      now: now(),
      withLabelsDetails: optionalBoolean(request.query as Params, 'with_labels_details') ?? false,
      subscribed: await isSubscribedToIssue(db, request.actor, issue),
    });
    return json;
  });
}
