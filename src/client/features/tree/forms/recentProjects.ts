/**
 * The create-issue form's 'Recently used' projects (spec, "Local storage: … frequent-projects",
 * "Frequent items: max 20, list count 5"): per user under GitLab's key `<username>/frequent-projects`,
 * most recently used first, at most 20 kept; the form shows at most 5, those inside the parent
 * epic's group. Entries keep GitLab's frequent-items fields (id, name, namespace, webUrl, avatarUrl,
 * frequency, lastAccessedOn) plus the project's full path.
 */

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

/** `project` used at `now` (ms): first in the list, its frequency counted, the list cut to 20. */
export function recordRecentProject(
  recent: readonly RecentProject[],
  project: ProjectOption,
  now: number,
): RecentProject[] {
  const previous = recent.find((entry) => entry.id === project.id);
  const entry: RecentProject = {
    id: project.id,
    name: project.name,
    namespace: project.nameWithNamespace,
    webUrl: project.webUrl,
    avatarUrl: project.avatarUrl,
    fullPath: project.fullPath,
    frequency: (previous?.frequency ?? 0) + 1,
    lastAccessedOn: now,
  };
  return [entry, ...recent.filter((other) => other.id !== project.id)].slice(0, RECENT_PROJECTS_MAX);
}

/** The projects to show: inside `groupFullPath` (or a subgroup), most recent first, at most 5. */
export function recentProjectsIn(
  recent: readonly RecentProject[],
  groupFullPath: string,
  max: number = RECENT_PROJECTS_SHOWN,
): RecentProject[] {
  const prefix = `${groupFullPath}/`;
  return recent
    .filter((entry) => entry.fullPath.startsWith(prefix))
    .sort((a, b) => b.lastAccessedOn - a.lastAccessedOn)
    .slice(0, max);
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

/** The full path of a web URL's project (`http://host/acme/web` → `acme/web`). */
function pathOfUrl(webUrl: string): string {
  try {
    return new URL(webUrl, 'http://localhost').pathname.replace(/^\/+|\/+$/g, '');
  } catch {
    return '';
  }
}

/** Reads the stored text; entries that are not projects are dropped, and so is text that is not a list. */
export function parseRecentProjects(raw: string | null): RecentProject[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): RecentProject[] => {
    if (typeof item !== 'object' || item === null) return [];
    const entry = item as Record<string, unknown>;
    if (typeof entry.id !== 'number' || typeof entry.name !== 'string') return [];
    const webUrl = typeof entry.webUrl === 'string' ? entry.webUrl : '';
    const fullPath = typeof entry.fullPath === 'string' ? entry.fullPath : pathOfUrl(webUrl);
    if (!fullPath) return [];
    return [
      {
        id: entry.id,
        name: entry.name,
        namespace: typeof entry.namespace === 'string' ? entry.namespace : entry.name,
        webUrl,
        avatarUrl: typeof entry.avatarUrl === 'string' ? entry.avatarUrl : null,
        fullPath,
        frequency: typeof entry.frequency === 'number' ? entry.frequency : 1,
        lastAccessedOn: typeof entry.lastAccessedOn === 'number' ? entry.lastAccessedOn : 0,
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

export const writeRecentProjects = (
  storage: ListStorage | null,
  username: string,
  recent: readonly RecentProject[],
): void =>
  writeStoredEntry(
    storage,
    recentProjectsKey(username),
    JSON.stringify(recent),
    'the recently used projects',
  );
