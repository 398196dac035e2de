import type { FastifyInstance, FastifyRequest } from 'fastify';
import { issuableReference } from '../../../core/domain/references.ts';
import { epicWebPath } from '../../../core/domain/webPaths.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  addChildEpicById,
  createChildEpic,
  listChildEpics,
  moveChildEpic,
  type ParentEpic,
  removeChildEpic,
} from '../../services/links/epicLinkService.ts';
import { describeEpics, requireSignedIn, rootView } from '../../services/links/linkViews.ts';
import { pathId } from '../epicLinks/linkParams.ts';
import { moveParams, parentEpicOf } from './epicChildParams.ts';
import { presentEpics } from './epicJson.ts';
import { linkApiErrorHandler } from './linkApiErrors.ts';
import { bodyParams, optionalBoolean, ParamError } from './params.ts';

/**
 * GitLab's epic links REST API (`ee/lib/api/epic_links.rb`), under `/api/v4/groups/:id/epics/:epic_iid/epics` and
 * `/api/v4/groups/:id/-/epics/:epic_iid/epics`:
 *
 * GET    …/epics                   child epics the caller may read, in tree order (not paginated)
 * POST   …/epics/:child_epic_id    links an epic (global id) as a child, at the top → 201 the child
 * POST   …/epics   { title, confidential }   creates a child (confidential like the parent by
 *                                  default) → 201 LinkedEpic
 * PUT    …/epics/:child_epic_id   { move_before_id | move_after_id }  → the re-ordered children
 * DELETE …/epics/:child_epic_id    unlinks the child → 200 the child, parent_id null
 *
 * Writes need a signed-in admin of the parent (401 / 403); a hierarchy rule is a 409 with its message.
 */
export function registerEpicLinkRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  const options = { errorHandler: linkApiErrorHandler };
  const parentOf = (request: FastifyRequest) => parentEpicOf(db, request);
  const present = (request: FastifyRequest, parent: ParentEpic, epics: Parameters<typeof presentEpics>[1]) =>
    presentEpics(db, epics, {
      access: request.access,
      externalUrl: config.externalUrl,
      fromGroup: parent.group,
      withLabelsDetails: false,
    });
  const children = async (request: FastifyRequest, parent: ParentEpic) =>
    present(
      request,
      parent,
      (await listChildEpics(db, request.access, parent)).map((view) => view.epic),
    );

  for (const prefix of [
    '/api/v4/groups/:id/epics/:epic_iid/epics',
    '/api/v4/groups/:id/-/epics/:epic_iid/epics',
  ]) {
    app.get(prefix, options, async (request) => children(request, await parentOf(request)));

    app.post(`${prefix}/:child_epic_id`, options, async (request, reply) => {
      requireSignedIn(request.access);
      const parent = await parentOf(request);
      const { child_epic_id } = request.params as { child_epic_id: string };
      const child = await addChildEpicById(
        db,
        request.access,
        parent,
        pathId(child_epic_id, 'child_epic_id'),
      );
      const [json] = await present(request, parent, [child]);
      return reply.code(201).send(json);
    });

    app.post(prefix, options, async (request, reply) => {
      requireSignedIn(request.access);
      const body = bodyParams(request);
      if (body.title === undefined || body.title === null) throw new ParamError('title is missing');
      const parent = await parentOf(request);
      const created = await createChildEpic(db, request.access, parent, {
        title: typeof body.title === 'string' ? body.title : String(body.title),
        confidential: optionalBoolean(body, 'confidential'),
      });
      const [view] = await describeEpics(
        db,
        request.access,
        await rootView(db, request.access, created.root_namespace_id),
        [created],
      );
      const group = view?.group ?? parent.group;
      return reply.code(201).send({
        id: created.id,
        iid: created.iid,
        title: created.title,
        group_id: created.group_id,
        parent_id: created.parent_id,
        has_children: view?.hasChildren ?? false,
        has_issues: view?.hasIssues ?? false,
        reference: issuableReference('epic', created.iid, group.full_path, true),
        url: `${config.externalUrl}${epicWebPath(group.full_path, created.iid)}`,
        relation_url: `${config.externalUrl}${epicWebPath(parent.group.full_path, parent.epic.iid)}/links/${created.id}`,
      });
    });

    app.put(`${prefix}/:child_epic_id`, options, async (request) => {
      requireSignedIn(request.access);
      const parent = await parentOf(request);
      const { child_epic_id } = request.params as { child_epic_id: string };
      const move = moveParams(request);
      await moveChildEpic(db, request.access, parent, pathId(child_epic_id, 'child_epic_id'), move);
      return children(request, parent);
    });

    app.delete(`${prefix}/:child_epic_id`, options, async (request) => {
      requireSignedIn(request.access);
      const parent = await parentOf(request);
      const { child_epic_id } = request.params as { child_epic_id: string };
      const child = await removeChildEpic(db, request.access, parent, pathId(child_epic_id, 'child_epic_id'));
      const [json] = await present(request, parent, [child]);
      return json;
    });
  }
}
