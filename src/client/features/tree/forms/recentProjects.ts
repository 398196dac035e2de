/**
 * The create-issue form's 'Recently used' projects (spec, "Local storage: … frequent-projects",
 * "Frequent items: max 20, list count 5"): per user under GitLab's key `<username>/frequent-projects`,
 * most recently used first, at most 20 kept; the form shows at most 5, those inside the parent
 * epic's group. Entries keep GitLab's frequent-items fields (id, name, namespace, webUrl, avatarUrl,
 * frequency, lastAccessedOn) plus the project's full path.
 */

import {
  parseUsageList,
  rankByUsage,
  recordUse,
  type UsageEntry,
} from '../../../../core/domain/recentUsage.ts';
import type { ProjectOption } from '../../../data/index.ts';
import {
  type ListStorage,
  readStoredEntry,
  browserStorage as sharedBrowserStorage,
  writeStoredEntry,
} from '../../../lib/index.ts';

export const RECENT_PROJECTS_MAX = 20;
export const RECENT_PROJECTS_SHOWN = 5;

export const recentProjectsKey = (username: string): string => `${username}/frequent-projects`;

export interface RecentProject {
  readonly id: number;
  readonly name: string;
  /** The name with its namespace ('Acme / Web'). */
  readonly namespace: string;
  readonly webUrl: string;
  readonly avatarUrl: string | null;
  readonly fullPath: string;
  readonly frequency: number;
  /** When it was last used, in ms since the epoch. */
  readonly lastAccessedOn: number;
}

/**
 * The stored list after `project` was used at `now` (ms), by the shared frequent-items rules:
 * counted once an hour, the lowest-ranked dropped past 20. Entries the home page keeps (groups and
 * projects visited, without these fields) stay in the list as they are.
 */
export function recordRecentProject<T extends UsageEntry>(
  list: readonly T[],
  project: ProjectOption,
  now: number,
): (T | RecentProject)[] {
  const used: Omit<RecentProject, 'frequency' | 'lastAccessedOn'> = {
    id: project.id,
    name: project.name,
    namespace: project.nameWithNamespace,
    webUrl: project.webUrl,
    avatarUrl: project.avatarUrl,
    fullPath: project.fullPath,
  };
  return recordUse<T | RecentProject>(list, used, now);
}

/** The projects to show: inside `groupFullPath` (or a subgroup), most used then most recent, at most 5. */
export function recentProjectsIn(
  recent: readonly RecentProject[],
  groupFullPath: string,
  max: number = RECENT_PROJECTS_SHOWN,
): RecentProject[] {
  const prefix = `${groupFullPath}/`;
  return rankByUsage(recent.filter((entry) => entry.fullPath.startsWith(prefix))).slice(0, max);
}

export function projectOfRecent(entry: RecentProject): ProjectOption {
  return {
    id: entry.id,
    name: entry.name,
    nameWithNamespace: entry.namespace,
    fullPath: entry.fullPath,
    namespaceFullPath: entry.fullPath.split('/').slice(0, -1).join('/'),
    webUrl: entry.webUrl,
    avatarUrl: entry.avatarUrl,
  };
}

/** The stored list's projects the form can offer (those with an id and a name); the rest is skipped. */
export function parseRecentProjects(raw: string | null): RecentProject[] {
  return parseUsageList(raw).flatMap((entry): RecentProject[] => {
    if (typeof entry.id !== 'number' || typeof entry.name !== 'string') return [];
    return [
      {
        id: entry.id,
        name: entry.name,
        namespace: typeof entry.namespace === 'string' ? entry.namespace : entry.name,
        webUrl: typeof entry.webUrl === 'string' ? entry.webUrl : '',
        avatarUrl: typeof entry.avatarUrl === 'string' ? entry.avatarUrl : null,
        fullPath: entry.fullPath,
        frequency: entry.frequency,
        lastAccessedOn: entry.lastAccessedOn,
      },
    ];
  });
}

/** Local storage for the recently used projects, or null where the browser has none. */
export const browserStorage = (): ListStorage | null => sharedBrowserStorage('Recently used projects');

export const readRecentProjects = (storage: ListStorage | null, username: string): RecentProject[] =>
  readStoredEntry(
    storage,
    recentProjectsKey(username),
    parseRecentProjects,
    [],
    'the recently used projects',
  );

/** The whole stored list, whoever wrote its entries (the home page keeps its visits in it too). */
export const readUsageList = (storage: ListStorage | null, username: string): UsageEntry[] =>
  readStoredEntry(storage, recentProjectsKey(username), parseUsageList, [], 'the recently used projects');

export const writeRecentProjects = (
  storage: ListStorage | null,
  username: string,
  recent: readonly UsageEntry[],
): void =>
  writeStoredEntry(
    storage,
    recentProjectsKey(username),
    JSON.stringify(recent),
    'the recently used projects',
  );
