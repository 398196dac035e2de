import type { FastifyInstance } from 'fastify';
import { contrastTextColor } from '../../core/domain/colors.ts';
import { issuableReference } from '../../core/domain/references.ts';
import { calendarDateOf } from '../../core/time/formatting.ts';
import type { ServerDeps } from '../serverDeps.ts';
import type { AccessContext } from '../services/access.ts';
import {
  type AutocompleteScope,
  groupAutocompleteScope,
  projectAutocompleteScope,
  suggestCommands,
  suggestLabels,
  suggestMembers,
  suggestMilestones,
  suggestProjectIssues,
  suggestScopeEpics,
} from '../services/gfmAutocompleteService.ts';
import { optionalEnum, optionalInteger, optionalString, ParamError, type Params } from './api/params.ts';
import { linkJsonErrorHandler } from './epicLinks/linkJsonErrors.ts';
import {
  groupPathOf,
  groupScopedPatterns,
  projectPathOf,
  projectScopedPatterns,
} from './groupScopedRoutes.ts';

/**
 * GitLab's GFM autocomplete sources, what a markdown field's `@ # & % ~ /` suggestions read:
 *
 * GET /:project/-/autocomplete_sources/{members,issues,epics,milestones,labels,commands}?type=Issue|MergeRequest&type_id=<iid>
 * GET /groups/:group/-/autocomplete_sources/{members,milestones,labels,commands}?type=Epic&type_id=<iid>
 *
 * (the group's `epics` and `issues` are the reference input's, in epicLinks/). `search` narrows on
 * the server; `type` with `type_id` names the item (its participants lead `members`; `commands`
 * needs it). A bad parameter is a 400, an unreadable project, group or item a 404.
 */
export function registerGfmAutocompleteRoutes(app: FastifyInstance, { db, now }: ServerDeps): void {
  const options = { errorHandler: linkJsonErrorHandler };
  type Source = (access: AccessContext, scope: AutocompleteScope, search: string) => Promise<unknown>;

  const sources: Record<'members' | 'epics' | 'milestones' | 'labels' | 'commands', Source> = {
    members: async (access, scope, search) =>
      (await suggestMembers(db, access, scope, search)).map((user) => ({
        type: 'User',
        id: user.id,
        username: user.username,
        name: user.name,
        avatar_url: null,
        availability: null,
      })),
    epics: async (access, scope, search) => {
      const home = scope.kind === 'project' ? scope.located.namespace.full_path : scope.group.full_path;
      return (await suggestScopeEpics(db, access, scope, search)).map(({ epic, groupPath }) => ({
        id: epic.id,
        iid: epic.iid,
        title: epic.title,
        reference: issuableReference('epic', epic.iid, groupPath, groupPath !== home),
        confidential: epic.confidential,
        state: epic.state,
      }));
    },
    milestones: async (access, scope, search) => {
      const today = calendarDateOf(now());
      return (await suggestMilestones(db, access, scope, search)).map((milestone) => ({
        id: milestone.id,
        iid: milestone.iid,
        title: milestone.title,
        due_date: milestone.due_date,
        expired: milestone.due_date !== null && milestone.due_date < today,
      }));
    },
    labels: async (access, scope, search) =>
      (await suggestLabels(db, access, scope, search)).map((label) => ({
        id: label.id,
        title: label.title,
        color: label.color,
        text_color: contrastTextColor(label.color),
        type: 'GroupLabel',
      })),
    commands: async (access, scope) => {
      if (scope.target === null) throw new ParamError('type is missing');
      return (await suggestCommands(db, access, scope)).map((command) => ({
        name: command.name,
        aliases: command.aliases,
        description: command.description,
        params: command.params === '' ? [] : [command.params],
        warning: '',
        icon: '',
      }));
    },
  };

  const projectSources = ['members', 'issues', 'epics', 'milestones', 'labels', 'commands'] as const;
  for (const source of projectSources) {
    for (const path of projectScopedPatterns(`autocomplete_sources/${source}`)) {
      app.get(path, options, async (request) => {
        const query = request.query as Params;
        const item = itemOf(query, ['Issue', 'MergeRequest'] as const);
        const search = searchOf(query);
        const scope = await projectAutocompleteScope(db, request.access, projectPathOf(request.params), item);
        if (source !== 'issues') return sources[source](request.access, scope, search);
        if (scope.kind !== 'project') throw new Error('A project path gave a group scope');
        return (await suggestProjectIssues(db, request.access, scope.located, search)).map((issue) => ({
          id: issue.id,
          iid: issue.iid,
          title: issue.title,
          reference: issuableReference('issue', issue.iid, scope.located.project.full_path, false),
          confidential: issue.confidential,
          state: issue.state,
        }));
      });
    }
  }
  for (const source of ['members', 'milestones', 'labels', 'commands'] as const) {
    for (const path of groupScopedPatterns(`autocomplete_sources/${source}`)) {
      app.get(path, options, async (request) => {
        const query = request.query as Params;
        const item = itemOf(query, ['Epic'] as const);
        const search = searchOf(query);
        const scope = await groupAutocompleteScope(
          db,
          request.access,
          groupPathOf(request.params),
          item?.iid ?? null,
        );
        return sources[source](request.access, scope, search);
      });
    }
  }
}

const searchOf = (query: Params) => (optionalString(query, 'search', 255) ?? '').trim();

/** `type` and `type_id` come together: the item's kind (one a path of this kind holds) and its iid. */
function itemOf<Type extends string>(
  query: Params,
  types: readonly Type[],
): { readonly type: Type; readonly iid: number } | null {
  const type = optionalEnum(query, 'type', types);
  const iid = optionalInteger(query, 'type_id', 1);
  if (type === undefined && iid !== undefined) throw new ParamError('type is missing');
  if (type !== undefined && iid === undefined) throw new ParamError('type_id is missing');
  return type === undefined || iid === undefined ? null : { type, iid };
}
