/**
 * GitLab's rules for a new group or project: its path, and the visibility it may take. A child is
 * never more visible than its group, and non-administrators may not choose a level the instance
 * restricts (`restricted_visibility_levels`); the form starts at the instance's default, within both.
 */
import { VISIBILITIES, VISIBILITY_LEVEL, type Visibility } from './visibility.ts';

/** GitLab's namespace path: letters, digits, '_', '-', '.'; not starting with '-', not ending in '.'. */
const PATH = /^[a-zA-Z0-9_.][a-zA-Z0-9_.-]*[a-zA-Z0-9_-]$|^[a-zA-Z0-9_]$/;

/** Top-level paths the app's own routes take (a group or a user there would never be reached). */
const RESERVED_TOP_LEVEL = new Set([
  '-',
  'admin',
  'api',
  'assets',
  'dashboard',
  'explore',
  'groups',
  'help',
  'illustrations',
  'oauth',
  'profile',
  'projects',
  'public',
  'search',
  'uploads',
  'users',
  'favicon.ico',
  'robots.txt',
]);

export const NAMESPACE_TEXTS = {
  pathFormat:
    "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.",
  taken: 'has already been taken',
  blank: "can't be blank",
  tooLong: (max: number) => `is too long (maximum is ${max} characters)`,
  /** GitLab's words for a level the instance restricts. */
  restricted: (level: Visibility) => `${level} has been restricted by your GitLab administrator`,
  /** A child more visible than its group. */
  aboveParent: (level: Visibility, parent: Visibility) => `${level} is not allowed in a ${parent} group.`,
  newGroup: 'New group',
  newSubgroup: 'New subgroup',
  newProject: 'New project',
  createGroup: 'Create group',
  createProject: 'Create project',
} as const;

/** The path's problems (empty when fine); `topLevel` also refuses the app's own route names. */
export function pathProblems(path: string, topLevel: boolean): string[] {
  if (!path) return [NAMESPACE_TEXTS.blank];
  if (path.length > 255) return [NAMESPACE_TEXTS.tooLong(255)];
  if (!PATH.test(path) || /\.(git|atom)$/i.test(path)) return [NAMESPACE_TEXTS.pathFormat];
  if (topLevel && RESERVED_TOP_LEVEL.has(path.toLowerCase())) return [NAMESPACE_TEXTS.taken];
  return [];
}

/** The name's problems. */
export function nameProblems(name: string): string[] {
  if (!name.trim()) return [NAMESPACE_TEXTS.blank];
  if (name.length > 255) return [NAMESPACE_TEXTS.tooLong(255)];
  return [];
}

/** A path suggested from a name, as GitLab's form fills it in: lower case, spaces to dashes. */
export function pathFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 255);
}

/** What decides the levels a new group or project may take. */
export interface VisibilityContext {
  /** The group it goes into; null for a top-level group. */
  readonly parent: Visibility | null;
  readonly restricted: readonly Visibility[];
  readonly isAdmin: boolean;
}

/** Why `level` may not be chosen here, or null when it may. */
export function visibilityProblem(level: Visibility, context: VisibilityContext): string | null {
  if (context.parent !== null && VISIBILITY_LEVEL[level] > VISIBILITY_LEVEL[context.parent]) {
    return NAMESPACE_TEXTS.aboveParent(level, context.parent);
  }
  if (!context.isAdmin && context.restricted.includes(level)) return NAMESPACE_TEXTS.restricted(level);
  return null;
}

/** The levels the form offers as choosable, least visible first. */
export const allowedVisibilities = (context: VisibilityContext): Visibility[] =>
  VISIBILITIES.filter((level) => visibilityProblem(level, context) === null);

/**
 * The level the form starts at: the instance's default when allowed here, else the most visible
 * allowed level below it, else the least visible allowed one; null when none is allowed.
 */
export function startingVisibility(preferred: Visibility, context: VisibilityContext): Visibility | null {
  const allowed = allowedVisibilities(context);
  const atOrBelow = allowed.filter((level) => VISIBILITY_LEVEL[level] <= VISIBILITY_LEVEL[preferred]);
  return atOrBelow.at(-1) ?? allowed[0] ?? null;
}

/** What a creation form shows of visibility: each level and why it is not choosable, and the start. */
export interface VisibilityChoicesJson {
  readonly levels: readonly { readonly level: Visibility; readonly problem: string | null }[];
  readonly start: Visibility | null;
}

export function visibilityChoices(preferred: Visibility, context: VisibilityContext): VisibilityChoicesJson {
  return {
    levels: VISIBILITIES.map((level) => ({ level, problem: visibilityProblem(level, context) })),
    start: startingVisibility(preferred, context),
  };
}

/** A group the new-project form offers. */
export interface ProjectTargetJson {
  readonly id: number;
  readonly fullPath: string;
  readonly fullName: string;
  readonly visibility: VisibilityChoicesJson;
}
