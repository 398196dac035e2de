import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calendarDateOf } from '../../core/time/formatting.ts';
import { cappedPerPage } from '../input/inputLimits.ts';
import type { ServerDeps } from '../serverDeps.ts';
import { suggestAwardedEmoji, suggestUsers } from '../services/autocompleteService.ts';
import { findReadableGroup } from '../services/groupService.ts';
import {
  listGroupLabels,
  listGroupMilestones,
  listProjectMilestones,
} from '../services/milestoneLabelService.ts';
import { findReadableProject } from '../services/projectService.ts';
import { optionalBoolean, optionalEnum, optionalInteger, optionalString, type Params } from './api/params.ts';
import { labelJson, milestoneJson, userBasicJson } from './api/presenters.ts';
import { projectPathOf, projectScopedPatterns } from './groupScopedRoutes.ts';

const SUGGESTIONS = 20;

/**
 * The JSON endpoints the filter bar's and sidebars' suggestions call, at GitLab's paths: labels and
 * milestones of a group, milestones of a project, users, and the emoji the current user awards.
 */
export function registerAutocompleteRoutes(app: FastifyInstance, { db, config, now }: ServerDeps): void {
  app.get('/-/autocomplete/users.json', async (request) => {
    const query = request.query as Params;
    const search = optionalString(query, 'search', 255) ?? '';
    // Suggestions are a short list: a larger per_page is clamped, like GitLab's page caps.
    const limit = Math.min(optionalInteger(query, 'per_page', 1) ?? SUGGESTIONS, SUGGESTIONS);
    const groupId = optionalInteger(query, 'group_id', 1);
    const users = await suggestUsers(db, request.access, { search, limit, groupId });
    return users.map((user) => userBasicJson(user, config.externalUrl));
  });

  // The milestones an issue of the project may take: its own and its groups' (the sidebar's picker).
  for (const path of projectScopedPatterns('milestones.json')) {
    app.get(path, async (request) => {
      const query = request.query as Params;
      const located = await findReadableProject(db, request.access, projectPathOf(request.params));
      const { rows, ownerPaths } = await listProjectMilestones(
        db,
        request.access,
        located,
        {
          state: optionalEnum(query, 'state', ['active', 'closed'] as const),
          search: optionalString(query, 'search_title', 255) ?? optionalString(query, 'search', 255),
        },
        { offset: 0, limit: cappedPerPage(optionalInteger(query, 'per_page', 1), 100) },
      );
      const today = calendarDateOf(now());
      return rows.map((milestone) =>
        milestoneJson(
          milestone,
          ownerPaths.get(milestone.id) ?? located.project.full_path,
          today,
          config.externalUrl,
        ),
      );
    });
  }

  app.get('/-/autocomplete/award_emojis', async (request) => {
    return (await suggestAwardedEmoji(db, request.actor, SUGGESTIONS)).map((name) => ({ name }));
  });
}

/** `/groups/<path>/-/labels.json` and `/-/milestones.json`; shares the `/groups/*` route with the pages. */
export const GROUP_JSON_PATH = /^(.+)\/-\/(labels|milestones)\.json$/;

export function groupJsonEndpoint({ db, config, now }: ServerDeps) {
  return async (request: FastifyRequest, groupPath: string, kind: 'labels' | 'milestones') => {
    const query = request.query as Params;
    const group = await findReadableGroup(db, request.access, groupPath);
    const page = { offset: 0, limit: cappedPerPage(optionalInteger(query, 'per_page', 1), 100) };
    if (kind === 'labels') {
      const { rows } = await listGroupLabels(
        db,
        request.access,
        group,
        {
          search: optionalString(query, 'search', 255),
          includeAncestors: optionalBoolean(query, 'include_ancestor_groups') ?? true,
          includeDescendants: optionalBoolean(query, 'include_descendant_groups') ?? false,
          onlyGroupLabels: optionalBoolean(query, 'only_group_labels') ?? true,
        },
        page,
      );
      return rows.map((label) => ({ ...labelJson(label), title: label.title }));
    }
    const { rows, ownerPaths } = await listGroupMilestones(
      db,
      request.access,
      group,
      {
        state: optionalEnum(query, 'state', ['active', 'closed'] as const),
        search: optionalString(query, 'search_title', 255) ?? optionalString(query, 'search', 255),
        includeAncestors: true,
        includeDescendants: optionalBoolean(query, 'include_descendants') ?? true,
      },
      page,
    );
    const today = calendarDateOf(now());
    return rows.map((milestone) =>
      milestoneJson(milestone, ownerPaths.get(milestone.id) ?? group.full_path, today, config.externalUrl),
    );
  };
}
