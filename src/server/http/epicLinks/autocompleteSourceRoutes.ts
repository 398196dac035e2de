import type { FastifyInstance, FastifyRequest } from 'fastify';
import { issuableReference } from '../../../core/domain/references.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { findReadableGroupAtPath } from '../../services/groupService.ts';
import {
  type SuggestionQuery,
  suggestEpics,
  suggestIssues,
} from '../../services/links/autocompleteSourceService.ts';
import { optionalBoolean, optionalString, type Params } from '../api/params.ts';
import { groupPathOf, groupScopedPatterns } from '../groupScopedRoutes.ts';
import { linkJsonErrorHandler } from './linkJsonErrors.ts';

/**
 * The reference input's suggestions, at GitLab's paths:
 *
 * GET /groups/:path/-/autocomplete_sources/epics?search=…   [{ iid, title, reference, confidential, state }]
 * GET /groups/:path/-/autocomplete_sources/issues?search=…  the same for issues
 *
 * Only what the viewer may read; `confidential_only=true` (an addition of ours, used under a
 * confidential parent) keeps confidential items only. Epic references are relative to the group
 * (`&5`, or `sub/group&5`), issue references full (`group/project#12`).
 */
export function registerAutocompleteSourceRoutes(app: FastifyInstance, { db }: ServerDeps): void {
  const options = { errorHandler: linkJsonErrorHandler };
  const queryOf = (request: FastifyRequest): SuggestionQuery => {
    const query = request.query as Params;
    return {
      search: optionalString(query, 'search', 255) ?? '',
      confidentialOnly: optionalBoolean(query, 'confidential_only') ?? false,
    };
  };

  for (const path of groupScopedPatterns('autocomplete_sources/epics')) {
    app.get(path, options, async (request) => {
      const group = await findReadableGroupAtPath(db, request.access, groupPathOf(request.params));
      const found = await suggestEpics(db, request.access, group, queryOf(request));
      return found.map(({ epic, groupPath }) => ({
        id: epic.id,
        iid: epic.iid,
        title: epic.title,
        reference: issuableReference('epic', epic.iid, groupPath, groupPath !== group.full_path),
        confidential: epic.confidential,
        state: epic.state,
      }));
    });
  }
  for (const path of groupScopedPatterns('autocomplete_sources/issues')) {
    app.get(path, options, async (request) => {
      const group = await findReadableGroupAtPath(db, request.access, groupPathOf(request.params));
      const found = await suggestIssues(db, request.access, group, queryOf(request));
      return found.map(({ issue, project }) => ({
        id: issue.id,
        iid: issue.iid,
        title: issue.title,
        reference: issuableReference('issue', issue.iid, project.full_path, true),
        confidential: issue.confidential,
        state: issue.state,
      }));
    });
  }
}
