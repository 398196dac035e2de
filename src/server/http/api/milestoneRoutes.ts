/**
 * GitLab's milestone writes and the routes around them (doc/api/milestones.md and
 * group_milestones.md): a project's milestones (list, one, create, edit, delete, issues) and a
 * group's create, delete and issues; the group's list, one and edit live in milestoneLabelRoutes.
 * Reporters and up (admin_milestone) write: 401 without a user, 403 without the right, checked
 * before the milestone is looked up as GitLab does; a group or project the caller cannot see is a 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import type { MilestoneRow } from '../../db/schema.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { findReadableGroup } from '../../services/groupService.ts';
import { listIssuesAt } from '../../services/issueListService.ts';
import {
  createMilestone,
  deleteMilestone,
  findGroupMilestone,
  findProjectMilestone,
  listProjectMilestonesOf,
  type MilestoneChanges,
  type MilestoneOwner,
  requireMilestoneAdmin,
  updateMilestone,
} from '../../services/milestoneService.ts';
import { findReadableProject } from '../../services/projectService.ts';
import { presentIssues } from './issueJson.ts';
import { setPaginationHeaders } from './pagination.ts';
import {
  bodyParams,
  offsetPage,
  optionalBoolean,
  optionalEnum,
  optionalIdList,
  optionalString,
  optionalTime,
  ParamError,
  type Params,
} from './params.ts';
import { milestoneJson } from './presenters.ts';

/** Longer than any valid title or date: past it the input is refused before validation names the field. */
const MAX_TITLE_PARAM = 1024;
const MAX_DATE_PARAM = 32;

function parseMilestoneId(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) throw new ParamError('milestone_id is invalid');
  return Number(value);
}

/** The fields of a create or an edit; a date sent as null or '' clears it. */
function changesOf(body: Params): MilestoneChanges {
  const date = (name: string) => (body[name] === null ? null : optionalString(body, name, MAX_DATE_PARAM));
  return {
    title: optionalString(body, 'title', MAX_TITLE_PARAM),
    description: optionalString(body, 'description'),
    startDate: date('start_date'),
    dueDate: date('due_date'),
  };
}

export function registerMilestoneRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  const ownerPathOf = (owner: MilestoneOwner) =>
    owner.kind === 'group' ? owner.group.full_path : owner.project.full_path;
  const present = (milestone: MilestoneRow, ownerPath: string) =>
    milestoneJson(milestone, ownerPath, calendarDateOf(now()), config.externalUrl);

  const projectOwner = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    return { kind: 'project' as const, ...(await findReadableProject(db, request.access, id)) };
  };
  const groupOwner = async (request: FastifyRequest): Promise<MilestoneOwner> => {
    const { id } = request.params as { id: string };
    return { kind: 'group', group: await findReadableGroup(db, request.access, id) };
  };
  const milestoneOf = (owner: MilestoneOwner, request: FastifyRequest) => {
    const id = parseMilestoneId((request.params as { milestone_id?: unknown }).milestone_id);
    return owner.kind === 'group'
      ? findGroupMilestone(db, owner.group, id)
      : findProjectMilestone(db, owner.project, id);
  };

  app.get('/api/v4/projects/:id/milestones', async (request, reply) => {
    const query = request.query as Params;
    const owner = await projectOwner(request);
    const page = offsetPage(query);
    const state = optionalEnum(query, 'state', ['active', 'closed', 'all'] as const);
    const { rows, total, ownerPaths } = await listProjectMilestonesOf(
      db,
      request.access,
      owner,
      {
        state: state === 'all' ? undefined : state,
        title: optionalString(query, 'title', 255),
        search: optionalString(query, 'search', 255),
        iids: optionalIdList(query, 'iids'),
        updatedAfter: optionalTime(query, 'updated_after'),
        updatedBefore: optionalTime(query, 'updated_before'),
        includeParents:
          optionalBoolean(query, 'include_ancestors') ??
          optionalBoolean(query, 'include_parent_milestones') ??
          false,
      },
      { offset: page.offset, limit: page.perPage },
    );
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    return rows.map((row) => present(row, ownerPaths.get(row.id) ?? owner.project.full_path));
  });

  app.get('/api/v4/projects/:id/milestones/:milestone_id', async (request) => {
    const owner = await projectOwner(request);
    return present(await milestoneOf(owner, request), ownerPathOf(owner));
  });

  for (const [scope, ownerOf] of [
    ['projects', projectOwner],
    ['groups', groupOwner],
  ] as const) {
    const one = `/api/v4/${scope}/:id/milestones/:milestone_id`;

    app.post(`/api/v4/${scope}/:id/milestones`, async (request, reply) => {
      const body = bodyParams(request);
      if (optionalString(body, 'title', MAX_TITLE_PARAM) === undefined)
        throw new ParamError('title is missing');
      const owner: MilestoneOwner = await ownerOf(request);
      await requireMilestoneAdmin(request.access, owner);
      const created = await createMilestone(db, request.access, owner, changesOf(body));
      return reply.code(201).send(present(created, ownerPathOf(owner)));
    });

    // The group's edit is registered with its reads (milestoneLabelRoutes); the project's is here.
    if (scope === 'projects') {
      app.put(one, async (request) => {
        const body = bodyParams(request);
        const owner: MilestoneOwner = await ownerOf(request);
        await requireMilestoneAdmin(request.access, owner);
        const changes = {
          ...changesOf(body),
          stateEvent: optionalEnum(body, 'state_event', ['close', 'activate'] as const),
        };
        if (Object.values(changes).every((value) => value === undefined)) {
          throw new ParamError(
            'title, description, start_date, due_date, state_event are missing, at least one parameter must be provided',
          );
        }
        const milestone = await milestoneOf(owner, request);
        return present(
          await updateMilestone(db, request.access, owner, milestone, changes),
          ownerPathOf(owner),
        );
      });
    }

    app.delete(one, async (request, reply: FastifyReply) => {
      const owner: MilestoneOwner = await ownerOf(request);
      await requireMilestoneAdmin(request.access, owner);
      await deleteMilestone(db, request.access, owner, await milestoneOf(owner, request));
      return reply.code(204).send();
    });

    // The milestone's issues that the caller may read, in its project or its group's projects.
    app.get(`${one}/issues`, async (request, reply) => {
      const query = request.query as Params;
      const owner: MilestoneOwner = await ownerOf(request);
      const milestone = await milestoneOf(owner, request);
      const page = offsetPage(query);
      const { rows, total } = await listIssuesAt(
        db,
        request.access,
        owner.kind === 'group'
          ? { kind: 'group', idOrPath: String(owner.group.id) }
          : { kind: 'project', idOrPath: String(owner.project.id) },
        { milestoneIds: [milestone.id] },
        { column: 'created_at', direction: 'desc' },
        { offset: page.offset, limit: page.perPage },
      );
      setPaginationHeaders(request, reply, config.externalUrl, page, total);
      return presentIssues(db, rows, {
        access: request.access,
        externalUrl: config.externalUrl,
        now: now(),
        withLabelsDetails: false,
      });
    });
  }
}
