import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { UnauthorizedError } from '../../services/errors.ts';
import {
  createGroupLabel,
  deleteGroupLabel,
  findGroupLabelOrFail,
  updateGroupLabel,
} from '../../services/groupLabelService.ts';
import { findReadableGroup } from '../../services/groupService.ts';
import { listGroupLabels, listGroupMilestones } from '../../services/milestoneLabelService.ts';
import {
  findGroupMilestone,
  requireMilestoneAdmin,
  updateGroupMilestone,
} from '../../services/milestoneService.ts';
import { presentLabel, presentLabels } from './labelJson.ts';
import { setPaginationHeaders } from './pagination.ts';
import {
  bodyParams,
  offsetPage,
  optionalBoolean,
  optionalCalendarDate,
  optionalEnum,
  optionalIdList,
  optionalString,
  optionalTime,
  ParamError,
  type Params,
} from './params.ts';
import { milestoneJson } from './presenters.ts';

export function registerMilestoneAndLabelRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  app.get('/api/v4/groups/:id/milestones', async (request, reply) => {
    const { id } = request.params as { id: string };
    const query = request.query as Params;
    const group = await findReadableGroup(db, request.access, id);
    const page = offsetPage(query);
    const includeAncestors =
      optionalBoolean(query, 'include_ancestors') ??
      optionalBoolean(query, 'include_parent_milestones') ??
      false;
    // GitLab ignores iids when ancestors are included.
    const iids = includeAncestors ? undefined : optionalIdList(query, 'iids');
    const startDate = optionalCalendarDate(query, 'start_date');
    const endDate = optionalCalendarDate(query, 'end_date');
    if ((startDate === undefined) !== (endDate === undefined)) {
      throw new ParamError('start_date, end_date are missing, both parameters must be provided together');
    }
    const searchTitle = optionalString(query, 'search_title', 255);
    const { rows, total, ownerPaths } = await listGroupMilestones(
      db,
      request.access,
      group,
      {
        state: optionalEnum(query, 'state', ['active', 'closed'] as const),
        title: optionalString(query, 'title', 255),
        search: optionalString(query, 'search', 255),
        iids,
        includeAncestors,
        containingDate: optionalCalendarDate(query, 'containing_date'),
        titleTerms: searchTitle?.split(/[+\s]+/).filter((term) => term.length > 0),
        updatedAfter: optionalTime(query, 'updated_after'),
        updatedBefore: optionalTime(query, 'updated_before'),
        dueFromStartUntil: startDate && endDate ? { start: startDate, end: endDate } : undefined,
        includeDescendants: optionalBoolean(query, 'include_descendants') ?? false,
      },
      { offset: page.offset, limit: page.perPage },
    );
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    const today = calendarDateOf(now());
    return rows.map((milestone) =>
      milestoneJson(milestone, ownerPaths.get(milestone.id) ?? group.full_path, today, config.externalUrl),
    );
  });

  app.get('/api/v4/groups/:id/milestones/:milestone_id', async (request) => {
    const { id, milestone_id } = request.params as { id: string; milestone_id: string };
    const group = await findReadableGroup(db, request.access, id);
    const milestone = await findGroupMilestone(db, group, parseId(milestone_id, 'milestone_id'));
    return milestoneJson(milestone, group.full_path, calendarDateOf(now()), config.externalUrl);
  });

  app.put('/api/v4/groups/:id/milestones/:milestone_id', async (request) => {
    const { id, milestone_id } = request.params as { id: string; milestone_id: string };
    if (!request.actor.user) throw new UnauthorizedError();
    const body = { ...(request.query as Params), ...((request.body ?? {}) as Params) };
    const group = await findReadableGroup(db, request.access, id);
    await requireMilestoneAdmin(request.access, { kind: 'group', group });
    const milestone = await findGroupMilestone(db, group, parseId(milestone_id, 'milestone_id'));
    const changes = {
      title: optionalString(body, 'title', 1024),
      description: optionalString(body, 'description'),
      startDate: body.start_date === null ? null : optionalString(body, 'start_date', 32),
      dueDate: body.due_date === null ? null : optionalString(body, 'due_date', 32),
      stateEvent: optionalEnum(body, 'state_event', ['close', 'activate'] as const),
    };
    if (Object.values(changes).every((value) => value === undefined)) {
      throw new ParamError(
        'title, description, due_date, start_date, state_event are missing, at least one parameter must be provided',
      );
    }
    const updated = await updateGroupMilestone(db, request.access, group, milestone, changes);
    return milestoneJson(updated, group.full_path, calendarDateOf(now()), config.externalUrl);
  });

  app.get('/api/v4/groups/:id/labels', async (request, reply) => {
    const { id } = request.params as { id: string };
    const query = request.query as Params;
    const group = await findReadableGroup(db, request.access, id);
    const page = offsetPage(query);
    const { rows, total } = await listGroupLabels(
      db,
      request.access,
      group,
      {
        search: optionalString(query, 'search', 255),
        includeAncestors: optionalBoolean(query, 'include_ancestor_groups') ?? true,
        includeDescendants: optionalBoolean(query, 'include_descendant_groups') ?? false,
        onlyGroupLabels: optionalBoolean(query, 'only_group_labels') ?? true,
      },
      { offset: page.offset, limit: page.perPage },
    );
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    return presentLabels(db, request.access, { kind: 'group', group }, rows, {
      withCounts: optionalBoolean(query, 'with_counts') ?? false,
    });
  });

  // GitLab's group label management (`@gitbeaker/rest`'s GroupLabels): `:label_id` is the label's
  // id or its title. Reporters and up; 409 for a title the group has already.
  const labelOf = async (request: FastifyRequest) => {
    const { id, label_id } = request.params as { id: string; label_id: string };
    const group = await findReadableGroup(db, request.access, id);
    return { group, label: await findGroupLabelOrFail(db, group, label_id) };
  };

  app.get('/api/v4/groups/:id/labels/:label_id', async (request) => {
    const { group, label } = await labelOf(request);
    return presentLabel(db, request.access, { kind: 'group', group }, label);
  });

  app.post('/api/v4/groups/:id/labels', async (request, reply) => {
    const { id } = request.params as { id: string };
    const body = bodyParams(request);
    const title = optionalString(body, 'name', MAX_LABEL_FIELD);
    const color = optionalString(body, 'color', MAX_LABEL_FIELD);
    if (title === undefined) throw new ParamError('name is missing');
    if (color === undefined) throw new ParamError('color is missing');
    const group = await findReadableGroup(db, request.access, id);
    const label = await createGroupLabel(db, request.access, group, {
      title,
      color,
      description: optionalString(body, 'description', MAX_LABEL_FIELD * 8),
    });
    return reply.code(201).send(await presentLabel(db, request.access, { kind: 'group', group }, label));
  });

  app.put('/api/v4/groups/:id/labels/:label_id', async (request) => {
    const body = bodyParams(request);
    const fields = {
      title: optionalString(body, 'new_name', MAX_LABEL_FIELD),
      color: optionalString(body, 'color', MAX_LABEL_FIELD),
      description: optionalString(body, 'description', MAX_LABEL_FIELD * 8),
    };
    if (Object.values(fields).every((value) => value === undefined)) {
      throw new ParamError(
        'new_name, color, description are missing, at least one parameter must be provided',
      );
    }
    const { group, label } = await labelOf(request);
    const updated = await updateGroupLabel(db, request.access, group, label, fields);
    return presentLabel(db, request.access, { kind: 'group', group }, updated);
  });

  app.delete('/api/v4/groups/:id/labels/:label_id', async (request, reply) => {
    const { group, label } = await labelOf(request);
    await deleteGroupLabel(db, request.access, group, label);
    return reply.code(204).send();
  });
}

/** Longer than any valid value: past it the input is refused before validation names the field. */
const MAX_LABEL_FIELD = 1024;

function parseId(value: string, name: string): number {
  if (!/^\d{1,15}$/.test(value)) throw new ParamError(`${name} is invalid`);
  return Number(value);
}
