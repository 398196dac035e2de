import type { FastifyInstance } from 'fastify';
import { MAX_DESCRIPTION_LENGTH } from '../../../core/domain/epicRules.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { withEpicFeatureFlags } from '../../services/epicFeatureFlags.ts';
import type { EpicChanges } from '../../services/epics/epicChanges.ts';
import { createEpic, deleteEpic, updateEpic } from '../../services/epics/epicCommands.ts';
import {
  type EpicListFilter,
  type EpicSort,
  findReadableEpic,
  listEpicsPage,
} from '../../services/epics/epicQueries.ts';
import { UnauthorizedError } from '../../services/errors.ts';
import { findReadableGroup } from '../../services/groupService.ts';
import { isSubscribedToEpic } from '../../services/subscriptionService.ts';
import { presentEpics } from './epicJson.ts';
import { setPaginationHeaders } from './pagination.ts';
import {
  bodyParams,
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

const ORDER_BY = ['created_at', 'updated_at', 'title', 'start_date', 'end_date', 'due_date'] as const;

/** GitLab's list parameters as the service's one epic-list filter, and the order asked for. */
function listParams(query: Params): { filter: EpicListFilter; sort: EpicSort } {
  const not = nested(query, 'not');
  const authorId = optionalInteger(query, 'author_id');
  const authorUsername = optionalString(query, 'author_username', 255);
  if (authorId !== undefined && authorUsername !== undefined) {
    throw new ParamError('author_id, author_username are mutually exclusive');
  }
  const orderBy = optionalEnum(query, 'order_by', ORDER_BY) ?? 'created_at';
  const column = orderBy === 'end_date' ? 'due_date' : orderBy;
  return {
    filter: {
      state: optionalEnum(query, 'state', ['opened', 'closed', 'all'] as const),
      search: optionalString(query, 'search', 255),
      authorId,
      authorUsername,
      notAuthorUsername: optionalString(not, 'author_username', 255),
      labelNames: optionalList(query, 'labels'),
      notLabelNames: optionalList(not, 'labels'),
      confidential: optionalBoolean(query, 'confidential'),
      iids: optionalIdList(query, 'iids'),
      createdAfter: optionalTime(query, 'created_after'),
      createdBefore: optionalTime(query, 'created_before'),
      updatedAfter: optionalTime(query, 'updated_after'),
      updatedBefore: optionalTime(query, 'updated_before'),
      includeAncestorGroups: optionalBoolean(query, 'include_ancestor_groups') ?? false,
      includeDescendantGroups: optionalBoolean(query, 'include_descendant_groups') ?? true,
      myReactionEmoji: optionalString(query, 'my_reaction_emoji', 255),
      notMyReactionEmoji: optionalString(not, 'my_reaction_emoji', 255),
    },
    sort: { column, direction: optionalEnum(query, 'sort', ['asc', 'desc'] as const) ?? 'desc' },
  };
}

/** The writable epic attributes of GitLab's create and update endpoints. */
function epicChanges(body: Params): EpicChanges & { attributeCount: number } {
  const startDateFixed = body.start_date_fixed ?? body.start_date;
  const dueDateFixed = body.due_date_fixed ?? body.end_date;
  const dateValue = (value: unknown, name: string) => {
    if (value === undefined || value === null || typeof value === 'string') return value;
    throw new ParamError(`${name} is invalid`);
  };
  const changes: EpicChanges = {
    title: optionalString(body, 'title', 255 * 4),
    description: optionalString(body, 'description', MAX_DESCRIPTION_LENGTH),
    color: optionalString(body, 'color', 16),
    confidential: optionalBoolean(body, 'confidential'),
    startDateFixed: dateValue(startDateFixed, 'start_date_fixed'),
    dueDateFixed: dateValue(dueDateFixed, 'due_date_fixed'),
    startDateIsFixed:
      optionalBoolean(body, 'start_date_is_fixed') ?? (body.start_date !== undefined ? true : undefined),
    dueDateIsFixed:
      optionalBoolean(body, 'due_date_is_fixed') ?? (body.end_date !== undefined ? true : undefined),
    labels: optionalList(body, 'labels'),
    addLabels: optionalList(body, 'add_labels'),
    removeLabels: optionalList(body, 'remove_labels'),
    stateEvent: optionalEnum(body, 'state_event', ['close', 'reopen'] as const),
    parentId: body.parent_id === null ? null : optionalInteger(body, 'parent_id', 1),
  };
  const attributeCount = Object.values(changes).filter((value) => value !== undefined).length;
  return { ...changes, attributeCount };
}

export function registerEpicRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  const prefixes = ['/api/v4/groups/:id/epics', '/api/v4/groups/:id/-/epics'];

  for (const prefix of prefixes) {
    app.get(prefix, async (request, reply) => {
      const { id } = request.params as { id: string };
      const query = request.query as Params;
      const group = await findReadableGroup(db, request.access, id);
      const page = offsetPage(query);
      const { filter, sort } = listParams(query);
      const { rows, total } = await listEpicsPage(db, request.access, group, filter, sort, {
        offset: page.offset,
        limit: page.perPage,
      });
      setPaginationHeaders(request, reply, config.externalUrl, page, total);
      return presentEpics(db, rows, {
        access: request.access,
        externalUrl: config.externalUrl,
        fromGroup: group,
        withLabelsDetails: optionalBoolean(query, 'with_labels_details') ?? false,
      });
    });

    app.get(`${prefix}/:epic_iid`, async (request) => {
      const { id, epic_iid } = request.params as { id: string; epic_iid: string };
      const group = await findReadableGroup(db, request.access, id);
      const { epic } = await findReadableEpic(db, request.access, { group, iid: parseIid(epic_iid) });
      const [json] = await presentEpics(db, [epic], {
        access: request.access,
        externalUrl: config.externalUrl,
        fromGroup: group,
        withLabelsDetails: optionalBoolean(request.query as Params, 'with_labels_details') ?? false,
        subscribed: await isSubscribedToEpic(db, request.actor, epic),
      });
      return json;
    });

    app.post(prefix, async (request, reply) => {
      const { id } = request.params as { id: string };
      requireUser(request.actor.user);
      const body = bodyParams(request);
      const group = await findReadableGroup(db, request.access, id);
      if (body.title === undefined || body.title === null) throw new ParamError('title is missing');
      const changes = epicChanges(body);
      const createdAt = optionalTime(body, 'created_at');
      const canBackdate =
        createdAt !== undefined && (await request.access.canInNamespace('admin_group', group));
      const allowed = { ...changes, createdAt: canBackdate ? createdAt : undefined };
      const epic = await createEpic(
        db,
        request.access,
        group,
        withEpicFeatureFlags(allowed, config.featureFlags),
      );
      const [json] = await presentEpics(db, [epic], {
        access: request.access,
        externalUrl: config.externalUrl,
        fromGroup: group,
        withLabelsDetails: false,
      });
      return reply.code(201).send(json);
    });

    app.put(`${prefix}/:epic_iid`, async (request) => {
      const { id, epic_iid } = request.params as { id: string; epic_iid: string };
      requireUser(request.actor.user);
      const group = await findReadableGroup(db, request.access, id);
      const { epic } = await findReadableEpic(db, request.access, { group, iid: parseIid(epic_iid) });
      const body = bodyParams(request);
      const { attributeCount, ...changes } = epicChanges(body);
      if (attributeCount === 0) {
        throw new ParamError(
          'title, description, confidential, start_date_fixed, start_date_is_fixed, due_date_fixed, due_date_is_fixed, labels, add_labels, remove_labels, state_event, color, parent_id are missing, at least one parameter must be provided',
        );
      }
      // Optional optimistic locking, as GitLab's issuable update endpoints take it: a stale one is a 409.
      const lockVersion = optionalInteger(body, 'lock_version', 0);
      // After the count, as GitLab drops a colour its flag does not allow once the parameters are checked.
      const allowed = withEpicFeatureFlags({ ...changes, lockVersion }, config.featureFlags);
      const updated = await updateEpic(db, request.access, group, epic, allowed);
      const [json] = await presentEpics(db, [updated], {
        access: request.access,
        externalUrl: config.externalUrl,
        fromGroup: group,
        withLabelsDetails: false,
      });
      return json;
    });

    app.delete(`${prefix}/:epic_iid`, async (request, reply) => {
      const { id, epic_iid } = request.params as { id: string; epic_iid: string };
      requireUser(request.actor.user);
      const group = await findReadableGroup(db, request.access, id);
      const { epic } = await findReadableEpic(db, request.access, { group, iid: parseIid(epic_iid) });
      await deleteEpic(db, request.access, group, epic);
      return reply.code(204).send();
    });
  }
}

function parseIid(value: string): number {
  if (!/^\d+$/.test(value)) throw new ParamError('epic_iid is invalid');
  return Number(value);
}

function requireUser(user: unknown): void {
  if (!user) throw new UnauthorizedError();
}
