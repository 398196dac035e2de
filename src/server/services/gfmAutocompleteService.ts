import type { Kysely } from 'kysely';
import { searchIssueSuggestions } from '../db/repositories/autocompleteRepository.ts';
import { searchUsers } from '../db/repositories/userRepository.ts';
import type {
  Database,
  EpicRow,
  IssueRow,
  LabelRow,
  MilestoneRow,
  NamespaceRow,
  UserRow,
} from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import type { NoteableTarget } from './discussions/noteable.ts';
import {
  type AvailableQuickAction,
  listAvailableQuickActions,
} from './discussions/quickActions/quickActionService.ts';
import { findReadableEpic } from './epics/epicQueries.ts';
import { findReadableGroup } from './groupService.ts';
import { findReadableIssue, type ProjectInNamespace } from './issueService.ts';
import { suggestEpics } from './links/autocompleteSourceService.ts';
import { rootView } from './links/linkViews.ts';
import { findReadableMergeRequest } from './mergeRequests/mergeRequestQueries.ts';
import { listGroupLabels, listGroupMilestones, listProjectMilestones } from './milestoneLabelService.ts';
import { epicParticipants, issueParticipants, mergeRequestParticipants } from './participantService.ts';
import { findReadableProject } from './projectService.ts';

/**
 * GitLab's GFM autocomplete sources (`autocomplete_sources/{members,issues,epics,milestones,labels,
 * commands}`): what a markdown field on an issue (a project's) or an epic (a group's) suggests
 * after `@ # & % ~ /`. Everything is filtered for the viewer: only readable items, searched on the
 * server and capped, so a confidential title never reaches someone who may not read it.
 */

/** How many rows one source answers: the list shows a handful and narrows as one types. */
export const GFM_SUGGESTION_LIMIT = 20;

/** Where the field is: a project or a group, and the item it is on when the client names one. */
export type AutocompleteScope =
  | { readonly kind: 'project'; readonly located: ProjectInNamespace; readonly target: NoteableTarget | null }
  | { readonly kind: 'group'; readonly group: NamespaceRow; readonly target: NoteableTarget | null };

/** The project at this path and, when named, its issue or merge request; unreadable is "not found". */
export async function projectAutocompleteScope(
  db: Kysely<Database>,
  access: AccessContext,
  projectPath: string,
  item: { readonly type: 'Issue' | 'MergeRequest'; readonly iid: number } | null,
): Promise<AutocompleteScope> {
  const located = await findReadableProject(db, access, projectPath);
  if (item === null) return { kind: 'project', located, target: null };
  if (item.type === 'MergeRequest') {
    const mergeRequest = await findReadableMergeRequest(db, access, located, item.iid);
    return { kind: 'project', located, target: { type: 'MergeRequest', located: mergeRequest } };
  }
  const issue = await findReadableIssue(db, access, located, item.iid);
  return { kind: 'project', located, target: { type: 'Issue', located: { ...located, issue } } };
}

/** The group at this path and, with an iid, its epic; either unreadable is "not found". */
export async function groupAutocompleteScope(
  db: Kysely<Database>,
  access: AccessContext,
  groupPath: string,
  epicIid: number | null,
): Promise<AutocompleteScope> {
  const group = await findReadableGroup(db, access, groupPath);
  if (epicIid === null) return { kind: 'group', group, target: null };
  const found = await findReadableEpic(db, access, { group, iid: epicIid });
  return { kind: 'group', group, target: { type: 'Epic', ...found } };
}

const namespaceOf = (scope: AutocompleteScope): NamespaceRow =>
  scope.kind === 'project' ? scope.located.namespace : scope.group;

const matchesUser = (user: UserRow, search: string) => {
  const wanted = search.toLowerCase();
  return user.username.toLowerCase().includes(wanted) || user.name.toLowerCase().includes(wanted);
};

/**
 * People to mention: the item's participants first (those who may still read it), then members of
 * the group and its ancestors, then other active users, by username; each once.
 */
export async function suggestMembers(
  db: Kysely<Database>,
  access: AccessContext,
  scope: AutocompleteScope,
  search: string,
): Promise<UserRow[]> {
  const { target } = scope;
  const participants =
    target === null
      ? []
      : target.type === 'Issue'
        ? await issueParticipants(db, access, target.located)
        : target.type === 'MergeRequest'
          ? await mergeRequestParticipants(db, access, target.located)
          : await epicParticipants(db, access, target.group, target.epic);
  const others = await searchUsers(db, search, GFM_SUGGESTION_LIMIT, namespaceOf(scope).traversal_ids);
  const seen = new Set<number>();
  return [...participants.filter((user) => user.state === 'active' && matchesUser(user, search)), ...others]
    .filter((user) => !seen.has(user.id) && seen.add(user.id))
    .slice(0, GFM_SUGGESTION_LIMIT);
}

/** Issues of the project the viewer may read, by title or iid, newest first. */
export async function suggestProjectIssues(
  db: Kysely<Database>,
  access: AccessContext,
  { project }: ProjectInNamespace,
  search: string,
): Promise<IssueRow[]> {
  const view = await rootView(db, access, project.root_namespace_id);
  if (!view.scope.projectIds.includes(project.id)) return [];
  return searchIssueSuggestions(
    db,
    {
      projectIds: [project.id],
      confidentialProjectIds: view.scope.confidentialProjectIds,
      viewerId: view.viewerId,
      seesHidden: view.seesHidden,
    },
    { search, confidentialOnly: false, limit: GFM_SUGGESTION_LIMIT },
  );
}

/** Epics of the scope's group (with its ancestors and subgroups) the viewer may read. */
export async function suggestScopeEpics(
  db: Kysely<Database>,
  access: AccessContext,
  scope: AutocompleteScope,
  search: string,
): Promise<{ epic: EpicRow; groupPath: string }[]> {
  const found = await suggestEpics(db, access, namespaceOf(scope), { search, confidentialOnly: false });
  return found.slice(0, GFM_SUGGESTION_LIMIT);
}

/** Active milestones an item of the scope may take: the project's and its groups', or the group's. */
export async function suggestMilestones(
  db: Kysely<Database>,
  access: AccessContext,
  scope: AutocompleteScope,
  search: string,
): Promise<MilestoneRow[]> {
  const page = { offset: 0, limit: GFM_SUGGESTION_LIMIT };
  const filter = { state: 'active' as const, search: search || undefined };
  const { rows } =
    scope.kind === 'project'
      ? await listProjectMilestones(db, access, scope.located, filter, page)
      : await listGroupMilestones(
          db,
          access,
          scope.group,
          { ...filter, includeAncestors: true, includeDescendants: false },
          page,
        );
  return rows;
}

/** Labels of the scope's group and its ancestors, by title. */
export async function suggestLabels(
  db: Kysely<Database>,
  access: AccessContext,
  scope: AutocompleteScope,
  search: string,
): Promise<LabelRow[]> {
  const { rows } = await listGroupLabels(
    db,
    access,
    namespaceOf(scope),
    { search: search || undefined, includeAncestors: true, includeDescendants: false, onlyGroupLabels: true },
    { offset: 0, limit: GFM_SUGGESTION_LIMIT },
  );
  return rows;
}

/** The quick actions the viewer may run on the scope's item (none without an item). */
export async function suggestCommands(
  db: Kysely<Database>,
  access: AccessContext,
  scope: AutocompleteScope,
): Promise<AvailableQuickAction[]> {
  return scope.target === null ? [] : listAvailableQuickActions(db, access, scope.target);
}
