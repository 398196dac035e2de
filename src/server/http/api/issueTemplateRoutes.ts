import type { FastifyInstance } from 'fastify';
import {
  TEMPLATE_CONTENT_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
} from '../../../core/domain/issueTemplates.ts';
import type { IssueTemplateRow } from '../../db/schema.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  createTemplate,
  deleteTemplate,
  findTemplate,
  listTemplates,
  updateTemplate,
} from '../../services/issues/issueTemplateService.ts';
import { requireSignedIn } from '../../services/links/linkViews.ts';
import { findReadableProject } from '../../services/projectService.ts';
import { setPaginationHeaders } from './pagination.ts';
import { bodyParams, offsetPage, optionalString, ParamError, type Params } from './params.ts';

const TEMPLATES = '/api/v4/projects/:id/templates/issues';
const TEMPLATE = `${TEMPLATES}/:name`;

// A name may arrive with a few characters to trim; more than that is not a name.
const NAME_PARAM_MAX = TEMPLATE_NAME_MAX_LENGTH * 4;

const templateJson = (template: IssueTemplateRow) => ({ name: template.name, content: template.content });

function draftOf(body: Params) {
  return {
    name: optionalString(body, 'name', NAME_PARAM_MAX),
    content: optionalString(body, 'content', TEMPLATE_CONTENT_MAX_LENGTH),
  };
}

/**
 * GitLab's project templates API for issue description templates:
 * `GET /api/v4/projects/:id/templates/issues` → 200 `[{ key, name }]` by name, offset-paginated;
 * `GET …/templates/issues/:name` → 200 `{ name, content }`, 404 `Template Not Found` for an unknown name.
 * Both for whoever may read the project's issues (404 `Project Not Found` otherwise).
 *
 * GitLab writes templates as repository files; Plantrack has no repository, so it adds writes on the
 * same resource, for Maintainers and up (401 anonymous, 403 below Maintainer):
 * `POST …/templates/issues` `{ name, content }` → 201 `{ name, content }`;
 * `PUT …/templates/issues/:name` `{ name?, content? }` → 200 (400 when neither is given);
 * `DELETE …/templates/issues/:name` → 204. A name is 1–100 characters without '/', unique in the
 * project; content at most the description limit. Bad input → 400 `{ message: { field: [...] } }`,
 * nothing changed.
 */
export function registerIssueTemplateRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  app.get(TEMPLATES, async (request, reply) => {
    const { id } = request.params as { id: string };
    const page = offsetPage(request.query as Params);
    const located = await findReadableProject(db, request.access, id);
    const templates = await listTemplates(db, request.access, located);
    setPaginationHeaders(request, reply, config.externalUrl, page, templates.length);
    return templates
      .slice(page.offset, page.offset + page.perPage)
      .map((template) => ({ key: template.name, name: template.name }));
  });

  app.get(TEMPLATE, async (request) => {
    const { id, name } = request.params as { id: string; name: string };
    const located = await findReadableProject(db, request.access, id);
    return templateJson(await findTemplate(db, request.access, located, name));
  });

  app.post(TEMPLATES, async (request, reply) => {
    const { id } = request.params as { id: string };
    requireSignedIn(request.access);
    const draft = draftOf(bodyParams(request));
    if (draft.name === undefined) throw new ParamError('name is missing');
    const located = await findReadableProject(db, request.access, id);
    const created = await createTemplate(db, request.access, located, draft);
    return reply.code(201).send(templateJson(created));
  });

  app.put(TEMPLATE, async (request) => {
    const { id, name } = request.params as { id: string; name: string };
    requireSignedIn(request.access);
    const draft = draftOf(bodyParams(request));
    if (draft.name === undefined && draft.content === undefined) {
      throw new ParamError('name, content are missing, at least one parameter must be provided');
    }
    const located = await findReadableProject(db, request.access, id);
    return templateJson(await updateTemplate(db, request.access, located, name, draft));
  });

  app.delete(TEMPLATE, async (request, reply) => {
    const { id, name } = request.params as { id: string; name: string };
    requireSignedIn(request.access);
    const located = await findReadableProject(db, request.access, id);
    await deleteTemplate(db, request.access, located, name);
    return reply.code(204).send();
  });
}
