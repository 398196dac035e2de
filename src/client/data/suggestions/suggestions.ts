/**
 * The filter bar's suggestion fetches (spec, "Epic search for the token"): GitLab's JSON
 * endpoints for users, labels, milestones and award emoji, and the GraphQL epic search. Each takes an
 * AbortSignal so a newer keystroke cancels the request it replaces; an aborted fetch rejects with
 * the signal's reason, which callers ignore. Answers are checked here, at the edge.
 */

import { DIGITS_ONLY, matchesSearch } from '../../../core/domain/searchTokens.ts';
import {
  AWARD_EMOJIS_AUTOCOMPLETE_PATH,
  GRAPHQL_PATH,
  groupLabelsJsonPath,
  groupMilestonesJsonPath,
  projectMilestonesJsonPath,
  USERS_AUTOCOMPLETE_PATH,
} from '../../../core/domain/webPaths.ts';
import { jsonWriteHeaders } from '../csrf.ts';
import { getJsonArray, isObject, str } from '../restJson.ts';

export interface UserSuggestion {
  readonly id: number;
  readonly username: string;
  readonly name: string;
  readonly avatarUrl: string | null;
}

export interface LabelSuggestion {
  readonly id: number;
  readonly title: string;
  /** `#rrggbb` background and text colours. */
  readonly color: string;
  readonly textColor: string;
  readonly description: string | null;
}

export interface MilestoneSuggestion {
  readonly id: number;
  readonly title: string;
}

export interface EmojiSuggestion {
  readonly name: string;
}

export interface EpicSuggestion {
  readonly id: string;
  readonly iid: string;
  readonly title: string;
  readonly groupFullPath: string;
}

/** The epic search's state argument (GraphQL `EpicState`). */
export type EpicSuggestionState = 'all' | 'opened' | 'closed';

const int = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

/** Users for the Author token, members of the group (and its ancestors) first. */
export async function fetchUserSuggestions(
  { search, groupId }: { readonly search: string; readonly groupId: string | number | null },
  signal: AbortSignal,
): Promise<UserSuggestion[]> {
  const params = new URLSearchParams({ search, active: 'true' });
  if (groupId !== null && String(groupId) !== '') params.set('group_id', String(groupId));
  const rows = await getJsonArray(`${USERS_AUTOCOMPLETE_PATH}?${params}`, signal);
  return rows.flatMap((row) => {
    const username = str(row.username);
    if (!username) return [];
    return [{ id: int(row.id), username, name: str(row.name) ?? username, avatarUrl: str(row.avatar_url) }];
  });
}

/** The group's labels and its ancestors' (GitLab's roadmap labels endpoint), matching the search. */
export async function fetchLabelSuggestions(
  { fullPath, search }: { readonly fullPath: string; readonly search: string },
  signal: AbortSignal,
): Promise<LabelSuggestion[]> {
  const params = new URLSearchParams({ only_group_labels: 'true', include_ancestor_groups: 'true', search });
  const rows = await getJsonArray(`${groupLabelsJsonPath(fullPath)}?${params}`, signal);
  return rows.flatMap((row) => {
    const title = str(row.title) ?? str(row.name);
    if (!title) return [];
    return [
      {
        id: int(row.id),
        title,
        color: str(row.color) ?? '#dcdcde',
        textColor: str(row.text_color) ?? '#333238',
        description: str(row.description),
      },
    ];
  });
}

/** The group's milestones, filtered here by title as GitLab's roadmap does (spec). */
export async function fetchMilestoneSuggestions(
  { fullPath, search }: { readonly fullPath: string; readonly search: string },
  signal: AbortSignal,
): Promise<MilestoneSuggestion[]> {
  const rows = await getJsonArray(groupMilestonesJsonPath(fullPath), signal);
  return rows.flatMap((row) => {
    const title = str(row.title);
    return title && matchesSearch(title, search) ? [{ id: int(row.id), title }] : [];
  });
}

/**
 * The active milestones every issue of the group may take: the group's and its ancestors' (not its
 * subgroups', which issues elsewhere in the group may not take), for the group list's bulk edit.
 */
export async function fetchGroupIssueMilestones(
  { fullPath }: { readonly fullPath: string },
  signal: AbortSignal,
): Promise<MilestoneSuggestion[]> {
  const params = new URLSearchParams({ state: 'active', include_descendants: 'false', per_page: '100' });
  const rows = await getJsonArray(`${groupMilestonesJsonPath(fullPath)}?${params}`, signal);
  return rows.flatMap((row) => {
    const title = str(row.title);
    return title ? [{ id: int(row.id), title }] : [];
  });
}

/** The active milestones an issue of the project may take (its own and its groups'), by title. */
export async function fetchProjectMilestoneSuggestions(
  { projectPath, search }: { readonly projectPath: string; readonly search: string },
  signal: AbortSignal,
): Promise<MilestoneSuggestion[]> {
  const params = new URLSearchParams({ state: 'active', per_page: '100' });
  if (search) params.set('search_title', search);
  const rows = await getJsonArray(`${projectMilestonesJsonPath(projectPath)}?${params}`, signal);
  return rows.flatMap((row) => {
    const title = str(row.title);
    return title ? [{ id: int(row.id), title }] : [];
  });
}

/** The emoji the current user awards, filtered here by name (spec). */
export async function fetchEmojiSuggestions(
  { search }: { readonly search: string },
  signal: AbortSignal,
): Promise<EmojiSuggestion[]> {
  const rows = await getJsonArray(AWARD_EMOJIS_AUTOCOMPLETE_PATH, signal);
  return rows.flatMap((row) => {
    const name = str(row.name);
    return name && matchesSearch(name, search) ? [{ name }] : [];
  });
}

const EPIC_SEARCH = `query filteredSearchEpics($fullPath: ID!, $search: String, $iidStartsWith: String, $state: EpicState) {
  group(fullPath: $fullPath) {
    epics(search: $search, iidStartsWith: $iidStartsWith, state: $state, includeAncestorGroups: true, includeDescendantGroups: false, first: 20) {
      nodes { id iid title group { fullPath } }
    }
  }
}`;

/**
 * Epics of the group and its ancestors for the Epic token: all-digit text (after an optional `&`)
 * matches the iid's leading digits, other text the title.
 */
export async function fetchEpicSuggestions(
  {
    fullPath,
    search,
    state = 'all',
  }: { readonly fullPath: string; readonly search: string; readonly state?: EpicSuggestionState },
  signal: AbortSignal,
): Promise<EpicSuggestion[]> {
  const text = search.trim().replace(/^&/, '');
  const byIid = DIGITS_ONLY.test(text);
  const response = await fetch(GRAPHQL_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: jsonWriteHeaders(),
    body: JSON.stringify({
      query: EPIC_SEARCH,
      variables: { fullPath, state, ...(byIid ? { iidStartsWith: text } : text ? { search: text } : {}) },
    }),
    signal,
  });
  if (!response.ok) throw new Error(`epic search answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isObject(body) || (Array.isArray(body.errors) && body.errors.length > 0)) {
    throw new Error('epic search answered errors');
  }
  const group = isObject(body.data) && isObject(body.data.group) ? body.data.group : null;
  const epics = group && isObject(group.epics) ? group.epics : null;
  const nodes = epics && Array.isArray(epics.nodes) ? epics.nodes.filter(isObject) : [];
  return nodes.flatMap((node) => {
    const id = str(node.id);
    const iid = str(node.iid) ?? (typeof node.iid === 'number' ? String(node.iid) : null);
    const groupFullPath = isObject(node.group) ? str(node.group.fullPath) : null;
    if (!id || !iid || !groupFullPath) return [];
    return [{ id, iid, title: str(node.title) ?? '', groupFullPath }];
  });
}
