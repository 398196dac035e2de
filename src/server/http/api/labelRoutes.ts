import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { UnauthorizedError } from '../../services/errors.ts';
import { findReadableGroup } from '../../services/groupService.ts';
import {
  createLabel,
  deleteLabel,
  findAvailableLabelOrFail,
  findOwnLabelOrFail,
  type LabelOwner,
  MAX_LABEL_PRIORITY,
  removeLabelPriority,
  setLabelPriorities,
  updateLabel,
} from '../../services/labelAdminService.ts';
import { listProjectLabelsPage, setLabelSubscription } from '../../services/labelViewService.ts';
import { findReadableProject } from '../../services/projectService.ts';
import { projectPathOf, projectScopedPatterns } from '../groupScopedRoutes.ts';
import { issuableJsonErrorHandler } from '../issuable/issuableErrors.ts';
import { presentLabel, presentLabels } from './labelJson.ts';
import { setPaginationHeaders } from './pagination.ts';
import {
  bodyParams,
  offsetPage,
  optionalBoolean,
  optionalIdList,
  optionalInteger,
  optionalString,
  ParamError,
  type Params,
} from './params.ts';

/** Longer than any valid value: past it the input is refused before validation names the field. */
const MAX_LABEL_FIELD = 1024;

/** `priority`: a whole number from 0, or null (or '') to take the priority away. */
function priorityParam(body: Params): number | null | undefined {
  if (!Object.hasOwn(body, 'priority')) return undefined;
  if (body.priority === null || body.priority === '') return null;
  return optionalInteger(body, 'priority', 0, MAX_LABEL_PRIORITY) ?? null;
}

/**
 * GitLab's project labels API (`@gitbeaker/rest`'s ProjectLabels) and label subscriptions:
 *
 * GET    /projects/:id/labels                  search, include_ancestor_groups (true), with_counts
 * GET    /projects/:id/labels/:label_id        the project's label or a group's it uses, by id or title
 * POST   /projects/:id/labels                  name, color (required), description, priority; 201
 * PUT    /projects/:id/labels/:label_id        new_name, color, description, priority (null removes)
 * DELETE /projects/:id/labels/:label_id        204
 * POST   /projects/:id/labels/:label_id/subscribe | unsubscribe, and the same under /groups/:id:
 *        201 with the label, 304 when the caller's choice was already so.
 *
 * Only the project's own labels are changed here (a group's label is managed in its group: 404);
 * Reporters and up manage them (401 signed out, 403 others); a title the project or its groups
 * have is 409 on create. The labels page's `POST /:project/-/labels/set_priorities` orders them and
 * its `DELETE /:project/-/labels/:label_id/remove_priority` takes one out of the order.
 */
export function registerLabelRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  const projectOwner = async (request: FastifyRequest): Promise<Extract<LabelOwner, { kind: 'project' }>> => {
    const { id } = request.params as { id: string };
    const { project, namespace } = await findReadableProject(db, request.access, id);
    return { kind: 'project', project, namespace };
  };
  const groupOwner = async (request: FastifyRequest): Promise<LabelOwner> => {
    const { id } = request.params as { id: string };
    return { kind: 'group', group: await findReadableGroup(db, request.access, id) };
  };
  const labelKey = (request: FastifyRequest) => (request.params as { label_id: string }).label_id;

  app.get('/api/v4/projects/:id/labels', async (request, reply) => {
    const query = request.query as Params;
    const owner = await projectOwner(request);
    const page = offsetPage(query);
    const { rows, total } = await listProjectLabelsPage(
      db,
      owner,
      {
        search: optionalString(query, 'search', 255),
        includeAncestors: optionalBoolean(query, 'include_ancestor_groups') ?? true,
      },
      { offset: page.offset, limit: page.perPage },
    );
    setPaginationHeaders(request, reply, config.externalUrl, page, total);
    return presentLabels(db, request.access, owner, rows, {
      withCounts: optionalBoolean(query, 'with_counts') ?? false,
    });
  });

  app.get('/api/v4/projects/:id/labels/:label_id', async (request) => {
    const owner = await projectOwner(request);
    const label = await findAvailableLabelOrFail(db, owner, labelKey(request));
    return presentLabel(db, request.access, owner, label);
  });

  app.post('/api/v4/projects/:id/labels', async (request, reply) => {
    const body = bodyParams(request);
    const title = optionalString(body, 'name', MAX_LABEL_FIELD);
    const color = optionalString(body, 'color', MAX_LABEL_FIELD);
    if (title === undefined) throw new ParamError('name is missing');
    if (color === undefined) throw new ParamError('color is missing');
    const priority = priorityParam(body);
    const owner = await projectOwner(request);
    const label = await createLabel(
      db,
      request.access,
      owner,
      { title, color, description: optionalString(body, 'description', MAX_LABEL_FIELD * 8) },
      priority,
    );
    return reply.code(201).send(await presentLabel(db, request.access, owner, label));
  });

  app.put('/api/v4/projects/:id/labels/:label_id', async (request) => {
    const body = bodyParams(request);
    const fields = {
      title: optionalString(body, 'new_name', MAX_LABEL_FIELD),
      color: optionalString(body, 'color', MAX_LABEL_FIELD),
      description: optionalString(body, 'description', MAX_LABEL_FIELD * 8),
    };
    const priority = priorityParam(body);
    if (Object.values(fields).every((value) => value === undefined) && priority === undefined) {
      throw new ParamError(
        'new_name, color, description, priority are missing, at least one parameter must be provided',
      );
    }
    const owner = await projectOwner(request);
    const label = await findOwnLabelOrFail(db, owner, labelKey(request));
    const updated = await updateLabel(db, request.access, owner, label, fields, priority);
    return presentLabel(db, request.access, owner, updated);
  });

  app.delete('/api/v4/projects/:id/labels/:label_id', async (request, reply) => {
    const owner = await projectOwner(request);
    const label = await findOwnLabelOrFail(db, owner, labelKey(request));
    await deleteLabel(db, request.access, owner, label);
    return reply.code(204).send();
  });

  const subscription =
    (ownerOf: (request: FastifyRequest) => Promise<LabelOwner>, subscribed: boolean) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.actor.user) throw new UnauthorizedError();
      const owner = await ownerOf(request);
      const label = await findAvailableLabelOrFail(db, owner, labelKey(request));
      if (!(await setLabelSubscription(db, request.access, label, subscribed))) return reply.code(304).send();
      return reply.code(201).send(await presentLabel(db, request.access, owner, label));
    };
  app.post('/api/v4/projects/:id/labels/:label_id/subscribe', subscription(projectOwner, true));
  app.post('/api/v4/projects/:id/labels/:label_id/unsubscribe', subscription(projectOwner, false));
  app.post('/api/v4/groups/:id/labels/:label_id/subscribe', subscription(groupOwner, true));
  app.post('/api/v4/groups/:id/labels/:label_id/unsubscribe', subscription(groupOwner, false));

  // The labels page's drag and star: `label_ids[]` in order take priorities 0, 1, 2 … (GitLab's
  // set_priorities); answers `{ message: 'success' }`, or `{ errors }` as the page's other writes.
  for (const path of projectScopedPatterns('labels/set_priorities')) {
    app.post(path, { errorHandler: issuableJsonErrorHandler() }, async (request) => {
      if (!request.actor.user) throw new UnauthorizedError();
      const labelIds = optionalIdList(bodyParams(request), 'label_ids');
      if (labelIds === undefined) throw new ParamError('label_ids is missing');
      if (labelIds.length > MAX_PRIORITISED_PER_REQUEST) {
        throw new ParamError(`label_ids are too many (maximum is ${MAX_PRIORITISED_PER_REQUEST})`);
      }
      const { project, namespace } = await findReadableProject(
        db,
        request.access,
        projectPathOf(request.params),
      );
      await setLabelPriorities(db, request.access, { kind: 'project', project, namespace }, labelIds);
      return { message: 'success' };
    });
  }

  // The star of a prioritized label: DELETE /:project/-/labels/:id/remove_priority (GitLab's path),
  // for the project's labels and its groups' alike (the API's PUT changes only the project's own).
  for (const path of projectScopedPatterns('labels/:label_id/remove_priority')) {
    app.delete(path, { errorHandler: issuableJsonErrorHandler() }, async (request) => {
      if (!request.actor.user) throw new UnauthorizedError();
      const { project, namespace } = await findReadableProject(
        db,
        request.access,
        projectPathOf(request.params),
      );
      const owner = { kind: 'project', project, namespace } as const;
      const label = await findAvailableLabelOrFail(db, owner, labelKey(request));
      await removeLabelPriority(db, request.access, owner, label);
      return { message: 'success' };
    });
  }
}

/** More than any project prioritises; a longer list is refused before any work. */
const MAX_PRIORITISED_PER_REQUEST = 1_000;
