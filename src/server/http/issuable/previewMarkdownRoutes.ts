import type { FastifyInstance } from 'fastify';
import { MAX_DESCRIPTION_LENGTH } from '../../../core/domain/epicRules.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  type MarkdownPreview,
  PREVIEW_TARGET_TYPES,
  type PreviewRequest,
  previewGroupMarkdown,
  previewProjectMarkdown,
} from '../../services/markdownPreviewService.ts';
import { optionalEnum, optionalInteger, optionalString, ParamError, type Params } from '../api/params.ts';
import {
  groupPathOf,
  groupScopedPatterns,
  projectPathOf,
  projectScopedPatterns,
} from '../groupScopedRoutes.ts';
import { issuableJsonErrorHandler } from './issuableErrors.ts';

/**
 * POST /groups/:path/-/preview_markdown and /:project/-/preview_markdown — the markdown editor's
 * Preview tab (GitLab's routes).
 * Body (JSON or form): `text` (required, at most the description limit); `target_type` and
 * `target_id` may also come in the query, as GitLab's editor puts them there.
 * 200 { body: "<sanitised html>", references: { users: [usernames], commands: "<html>" } }: the
 * body without the quick actions, and what they would do on the target ('' without any)
 * Signed-in readers of the group or project only: 401 signed out, 404 unreadable group, project or
 * target (an epic's or issue's iid),
 * 400 missing or malformed parameters, 422 bad CSRF token; failures are `{ errors: [...] }`.
 */
export function registerPreviewMarkdownRoutes(app: FastifyInstance, { db }: ServerDeps): void {
  for (const path of groupScopedPatterns('preview_markdown')) {
    app.post(path, { errorHandler: issuableJsonErrorHandler() }, async (request) => {
      const rendered = await previewGroupMarkdown(
        db,
        request.access,
        groupPathOf(request.params),
        previewRequest(request.query, request.body),
      );
      return previewJson(rendered);
    });
  }
  for (const path of projectScopedPatterns('preview_markdown')) {
    app.post(path, { errorHandler: issuableJsonErrorHandler() }, async (request) => {
      const rendered = await previewProjectMarkdown(
        db,
        request.access,
        projectPathOf(request.params),
        previewRequest(request.query, request.body),
      );
      return previewJson(rendered);
    });
  }
}

function previewRequest(query: unknown, body: unknown): PreviewRequest {
  const fields: Params = { ...(query as Params), ...((body ?? {}) as Params) };
  const text = optionalString(fields, 'text', MAX_DESCRIPTION_LENGTH);
  if (text === undefined) throw new ParamError('text is missing');
  return {
    text,
    targetType: optionalEnum(fields, 'target_type', PREVIEW_TARGET_TYPES),
    targetId: optionalInteger(fields, 'target_id', 1),
  };
}

/** GitLab's preview answer: `commands` is the rendered explanations of the text's quick actions. */
const previewJson = (preview: MarkdownPreview) => ({
  body: preview.html,
  references: { users: preview.users, commands: preview.commandsHtml },
});
