import {
  MAX_SEARCH_TERM_LENGTH,
  parseSearch,
  SCOPES_AT,
  type SearchPlace,
  type SearchScope,
  type SearchSuggestion,
} from '../../../core/domain/globalSearch.ts';
import { ACTIVE } from '../../../core/domain/userStates.ts';
import {
  epicWebPath,
  groupPath,
  issueWebPath,
  projectPath,
  userPath,
} from '../../../core/domain/webPaths.ts';
import type { Executor } from '../../db/executor.ts';
import type { OffsetLimit, PageWithTotal } from '../../db/pagination.ts';
import {
  type SearchMatch,
  searchEpics,
  searchGroups,
  searchIssues,
  searchMilestones,
  searchProjects,
  searchUsers,
} from '../../db/repositories/searchRepository.ts';
import type { EpicRow, IssueRow, MilestoneRow, NamespaceRow, UserRow } from '../../db/schema.ts';
import { type AccessContext, isAdministrator } from '../access.ts';
import { ValidationError } from '../errors.ts';
import { findReadableGroup, listReadableGroups } from '../groupService.ts';
import { issueReaderFor, type ProjectInNamespace, withNamespaces } from '../issueService.ts';
import { findReadableProject, listReadableProjects } from '../projectService.ts';
import { epicReaderFor } from '../viewerScope.ts';

/**
 * GitLab's search (`GET /search`, `/groups/:id/search`, `/projects/:id/search`, the top bar and the
 * results page): one scope at a time, each restricted by the same read rules as its lists — private
 * groups and projects only for their members, confidential issues and epics only where the viewer
 * may read them — pushed into the SQL so that neither rows nor counts leak.
 */

/** Where a search looks: the instance, a group (with subgroups) or a project, by id or full path. */
export type SearchPlaceRef =
  | { readonly kind: 'instance' }
  | { readonly kind: 'group'; readonly idOrPath: string }
  | { readonly kind: 'project'; readonly idOrPath: string };

/** One scope's page of results, its rows as the repositories read them. */
export type SearchResults =
  | { readonly scope: 'projects'; readonly page: PageWithTotal<ProjectInNamespace> }
  | { readonly scope: 'issues'; readonly page: PageWithTotal<IssueRow> }
  | { readonly scope: 'epics'; readonly page: PageWithTotal<EpicInGroup> }
  | { readonly scope: 'milestones'; readonly page: PageWithTotal<MilestoneOfOwner> }
  | { readonly scope: 'users'; readonly page: PageWithTotal<UserRow> }
  | { readonly scope: 'groups'; readonly page: PageWithTotal<NamespaceRow> };

export interface EpicInGroup {
  readonly epic: EpicRow;
  readonly group: NamespaceRow;
}

export interface MilestoneOfOwner {
  readonly milestone: MilestoneRow;
  /** The full path of its project or group. */
  readonly ownerPath: string;
}

/** The most projects or groups one search reads its visibility from (as the issue lists do). */
const MAX_PLACES = 100_000;
const ALL: OffsetLimit = { offset: 0, limit: MAX_PLACES };

/** A term past the limit is bad input; an empty one finds nothing (the adapters refuse it first). */
function matchOf(term: string): SearchMatch {
  if (term.length > MAX_SEARCH_TERM_LENGTH) {
    throw new ValidationError({ search: [`is too long (maximum is ${MAX_SEARCH_TERM_LENGTH} characters)`] });
  }
  const parsed = parseSearch(term);
  return { tsquery: parsed.tsquery, iid: parsed.reference?.iid ?? null };
}

/** The place resolved once per request, and what each scope needs of it read only when asked. */
class ResolvedPlace {
  private projects: Promise<ProjectInNamespace[]> | undefined;
  private groups: Promise<NamespaceRow[]> | undefined;

  constructor(
    private readonly db: Executor,
    private readonly access: AccessContext,
    readonly kind: SearchPlace,
    readonly group: NamespaceRow | null,
    readonly project: ProjectInNamespace | null,
  ) {}

  /** The projects the viewer may see here. */
  readableProjects(): Promise<ProjectInNamespace[]> {
    this.projects ??= (async () => {
      if (this.project) return [this.project];
      const filter = this.group ? { namespaceId: this.group.id, includeSubgroups: true } : {};
      const { rows } = await listReadableProjects(this.db, this.access, filter, ALL);
      return withNamespaces(this.db, rows);
    })();
    return this.projects;
  }

  /** The groups the viewer may see here: the group and its subgroups, or every group. */
  readableGroups(): Promise<NamespaceRow[]> {
    this.groups ??= (async () => {
      if (this.project) return [];
      const group = this.group;
      const { rows } = await listReadableGroups(
        this.db,
        this.access,
        group ? { descendantsOf: group } : {},
        ALL,
      );
      return group ? [group, ...rows] : rows;
    })();
    return this.groups;
  }
}

async function resolvePlace(
  db: Executor,
  access: AccessContext,
  place: SearchPlaceRef,
): Promise<ResolvedPlace> {
  switch (place.kind) {
    case 'instance':
      return new ResolvedPlace(db, access, 'instance', null, null);
    case 'group':
      return new ResolvedPlace(
        db,
        access,
        'group',
        await findReadableGroup(db, access, place.idOrPath),
        null,
      );
    case 'project':
      return new ResolvedPlace(
        db,
        access,
        'project',
        null,
        await findReadableProject(db, access, place.idOrPath),
      );
  }
}

async function searchScope(
  db: Executor,
  access: AccessContext,
  place: ResolvedPlace,
  scope: SearchScope,
  match: SearchMatch,
  term: string,
  page: OffsetLimit,
): Promise<SearchResults> {
  const within = { viewer: access.viewer, groupId: place.group?.id };
  switch (scope) {
    case 'projects': {
      const { rows, total } = await searchProjects(db, match, within, page);
      return { scope, page: { rows: await withNamespaces(db, rows), total } };
    }
    case 'groups':
      return { scope, page: await searchGroups(db, match, within, page) };
    case 'issues': {
      const reader = await issueReaderFor(access, await place.readableProjects());
      return { scope, page: await searchIssues(db, match, reader, page) };
    }
    case 'epics': {
      const visible = await epicReaderFor(access, await place.readableGroups());
      const { rows, total } = await searchEpics(db, match, visible, page);
      const groups = new Map((await place.readableGroups()).map((group) => [group.id, group]));
      const located = rows.flatMap((epic) => {
        const group = groups.get(epic.group_id);
        return group ? [{ epic, group }] : [];
      });
      return { scope, page: { rows: located, total } };
    }
    case 'milestones': {
      const [projects, groups] = await Promise.all([place.readableProjects(), place.readableGroups()]);
      const owners = {
        projectIds: projects.map(({ project }) => project.id),
        groupIds: groups.map((group) => group.id),
      };
      const { rows, total } = await searchMilestones(db, { ...match, iid: null }, owners, page);
      const projectPaths = new Map(projects.map(({ project }) => [project.id, project.full_path]));
      const groupPaths = new Map(groups.map((group) => [group.id, group.full_path]));
      const located = rows.map((milestone) => ({
        milestone,
        ownerPath:
          (milestone.project_id !== null ? projectPaths.get(milestone.project_id) : undefined) ??
          (milestone.group_id !== null ? groupPaths.get(milestone.group_id) : undefined) ??
          '',
      }));
      return { scope, page: { rows: located, total } };
    }
    case 'users': {
      const states = isAdministrator(access) ? undefined : [ACTIVE];
      const members = place.project
        ? {
            memberOfNamespaceIds: place.project.namespace.traversal_ids,
            memberOfProjectId: place.project.project.id,
          }
        : place.group
          ? { memberOfNamespaceIds: place.group.traversal_ids }
          : {};
      return {
        scope,
        page: await searchUsers(db, { ...match, iid: null }, term, { states, ...members }, page),
      };
    }
  }
}

/** Whether the place answers this scope (a project has no epics, projects or groups). */
export function scopeAnsweredAt(place: SearchPlaceRef['kind'], scope: SearchScope): boolean {
  return SCOPES_AT[place].includes(scope);
}

/**
 * One page of one scope's results at a place, best match first. An unknown or unreadable group or
 * project is a NotFoundError; a term past the length limit a ValidationError.
 */
export async function search(
  db: Executor,
  access: AccessContext,
  place: SearchPlaceRef,
  scope: SearchScope,
  term: string,
  page: OffsetLimit,
): Promise<SearchResults> {
  const match = withReference(matchOf(term), scope, term);
  const resolved = await resolvePlace(db, access, place);
  if (!scopeAnsweredAt(place.kind, scope))
    throw new ValidationError({ scope: ['does not have a valid value'] });
  return searchScope(db, access, resolved, scope, match, term, page);
}

/** An iid reference only matches the kind it names: `#12` an issue, `&3` an epic. */
function withReference(match: SearchMatch, scope: SearchScope, term: string): SearchMatch {
  const reference = parseSearch(term).reference;
  const kept =
    reference &&
    ((reference.kind === 'issue' && scope === 'issues') || (reference.kind === 'epic' && scope === 'epics'));
  return { ...match, iid: kept ? match.iid : null };
}

/** How many results each scope of the place holds (the results page's tab counts). */
export async function countSearchResults(
  db: Executor,
  access: AccessContext,
  place: SearchPlaceRef,
  term: string,
): Promise<Partial<Record<SearchScope, number>>> {
  matchOf(term);
  const resolved = await resolvePlace(db, access, place);
  const counts: Partial<Record<SearchScope, number>> = {};
  for (const scope of SCOPES_AT[place.kind]) {
    const results = await searchScope(
      db,
      access,
      resolved,
      scope,
      withReference(matchOf(term), scope, term),
      term,
      {
        offset: 0,
        limit: 0,
      },
    );
    counts[scope] = results.page.total;
  }
  return counts;
}

/** A few of each scope's best results, for the top bar's dropdown, each with its web path. */
export async function suggestSearchResults(
  db: Executor,
  access: AccessContext,
  place: SearchPlaceRef,
  term: string,
  perScope: number,
): Promise<SearchSuggestion[]> {
  matchOf(term);
  const resolved = await resolvePlace(db, access, place);
  const suggestions: SearchSuggestion[] = [];
  for (const scope of SCOPES_AT[place.kind]) {
    if (scope === 'milestones') continue;
    const match = withReference(matchOf(term), scope, term);
    const results = await searchScope(db, access, resolved, scope, match, term, {
      offset: 0,
      limit: perScope,
    });
    suggestions.push(...(await suggestionsOf(resolved, results)));
  }
  return suggestions;
}

async function suggestionsOf(place: ResolvedPlace, results: SearchResults): Promise<SearchSuggestion[]> {
  const { scope } = results;
  switch (results.scope) {
    case 'projects':
      return results.page.rows.map(({ project, namespace }) => ({
        scope,
        id: project.id,
        title: project.name,
        subtitle: `${namespace.full_name} / ${project.name}`,
        path: projectPath(project.full_path),
      }));
    case 'groups':
      return results.page.rows.map((group) => ({
        scope,
        id: group.id,
        title: group.name,
        subtitle: group.full_path,
        path: groupPath(group.full_path),
      }));
    case 'users':
      return results.page.rows.map((user) => ({
        scope,
        id: user.id,
        title: user.name,
        subtitle: `@${user.username}`,
        path: userPath(user.username),
      }));
    case 'epics':
      return results.page.rows.map(({ epic, group }) => ({
        scope,
        id: epic.id,
        title: epic.title,
        subtitle: `${group.full_path}&${epic.iid}`,
        path: epicWebPath(group.full_path, epic.iid),
      }));
    case 'issues': {
      const projects = new Map((await place.readableProjects()).map(({ project }) => [project.id, project]));
      return results.page.rows.flatMap((issue) => {
        const project = projects.get(issue.project_id);
        if (!project) return [];
        return [
          {
            scope,
            id: issue.id,
            title: issue.title,
            subtitle: `${project.full_path}#${issue.iid}`,
            path: issueWebPath(project.full_path, issue.iid),
          },
        ];
      });
    }
    case 'milestones':
      return [];
  }
}
