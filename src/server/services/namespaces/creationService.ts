/**
 * Making groups and projects (GitLab's Groups::CreateService and Projects::CreateService): who may,
 * where the path may go, and which visibility the new one may take.
 */
import { AccessLevel } from '../../../core/domain/accessLevel.ts';
import {
  NAMESPACE_TEXTS,
  nameProblems,
  pathFromName,
  pathProblems,
  startingVisibility,
  type VisibilityContext,
  visibilityProblem,
} from '../../../core/domain/namespaceCreation.ts';
import { VISIBILITY_LEVEL, type Visibility } from '../../../core/domain/visibility.ts';
import { uniqueViolationField } from '../../db/dbErrors.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import { insertMember } from '../../db/repositories/memberRepository.ts';
import {
  findGroupsAtOrBelow,
  findNamespaceByFullPath,
  findNamespaceById,
  insertGroup,
} from '../../db/repositories/namespaceRepository.ts';
import { findProjectByFullPath, insertProject } from '../../db/repositories/projectRepository.ts';
import { findUserByUsername } from '../../db/repositories/userRepository.ts';
import type { NamespaceRow, ProjectRow } from '../../db/schema.ts';
import { type AccessContext, isAdministrator, visibilityOfLevel } from '../access.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors.ts';
import type { ApplicationSettingsStore } from '../settings/applicationSettingsService.ts';

export interface NewGroupInput {
  readonly name: string;
  /** Undefined: made from the name, as GitLab's API does. */
  readonly path?: string | undefined;
  readonly parentId: number | null;
  /** Undefined: the instance's default, within what is allowed here. */
  readonly visibility?: Visibility | undefined;
  readonly description?: string | undefined;
}

export interface NewProjectInput {
  readonly name: string;
  /** Undefined: made from the name, as GitLab's API does. */
  readonly path?: string | undefined;
  readonly namespaceId: number;
  readonly visibility?: Visibility | undefined;
  readonly description?: string | undefined;
}

const DESCRIPTION_MAX = 2000;

/** The levels a new child of `parent` may take, for this actor. */
export async function visibilityContextFor(
  access: AccessContext,
  settings: ApplicationSettingsStore,
  parent: Pick<NamespaceRow, 'visibility_level'> | null,
): Promise<VisibilityContext> {
  return {
    parent: parent ? visibilityOfLevel(parent.visibility_level) : null,
    restricted: (await settings.current()).restricted_visibility_levels,
    isAdmin: isAdministrator(access),
  };
}

/** A path the URL space already gives to a group, a project or (at the top) a user. */
async function pathTaken(db: Executor, fullPath: string, topLevel: boolean): Promise<boolean> {
  return Boolean(
    (await findNamespaceByFullPath(db, fullPath)) ||
      (await findProjectByFullPath(db, fullPath)) ||
      (topLevel && (await findUserByUsername(db, fullPath))),
  );
}

function chosenVisibility(
  requested: Visibility | undefined,
  preferred: Visibility,
  context: VisibilityContext,
  errors: Record<string, string[]>,
): Visibility | null {
  const level = requested ?? startingVisibility(preferred, context);
  if (level === null) {
    errors.visibility_level = [NAMESPACE_TEXTS.restricted(preferred)];
    return null;
  }
  const problem = visibilityProblem(level, context);
  if (problem) errors.visibility_level = [problem];
  return problem ? null : level;
}

function descriptionProblems(description: string, errors: Record<string, string[]>): void {
  if (description.length > DESCRIPTION_MAX) errors.description = [NAMESPACE_TEXTS.tooLong(DESCRIPTION_MAX)];
}

/** Turns a race lost to another request's same path into the form's own refusal. */
async function orPathTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationField(error)) throw new ValidationError({ path: [NAMESPACE_TEXTS.taken] });
    throw error;
  }
}

/**
 * A new group: top-level for any signed-in person, a subgroup for the parent's Maintainers and up.
 * Its maker becomes its Owner. Refusals come by field, in GitLab's words.
 */
export async function createGroup(
  db: Executor,
  access: AccessContext,
  settings: ApplicationSettingsStore,
  input: NewGroupInput,
): Promise<NamespaceRow> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  let parent: NamespaceRow | null = null;
  if (input.parentId !== null) {
    const found = await findNamespaceById(db, input.parentId);
    if (!found || !(await access.canInNamespace('read_group', found)))
      throw new NotFoundError('Parent group');
    if (!(await access.canInNamespace('create_subgroup', found))) throw new ForbiddenError();
    parent = found;
  }
  const errors: Record<string, string[]> = {};
  const name = input.name.trim();
  const path = (input.path ?? pathFromName(name)).trim();
  const description = input.description?.trim() ?? '';
  const nameIssues = nameProblems(name);
  if (nameIssues.length > 0) errors.name = nameIssues;
  const pathIssues = pathProblems(path, parent === null);
  if (pathIssues.length > 0) errors.path = pathIssues;
  else if (await pathTaken(db, parent ? `${parent.full_path}/${path}` : path, parent === null)) {
    errors.path = [NAMESPACE_TEXTS.taken];
  }
  descriptionProblems(description, errors);
  const context = await visibilityContextFor(access, settings, parent);
  const preferred = (await settings.current()).default_group_visibility;
  const visibility = chosenVisibility(input.visibility, preferred, context, errors);
  if (Object.keys(errors).length > 0 || visibility === null) throw new ValidationError(errors);
  return orPathTaken(() =>
    inTransaction(db, async (trx) => {
      const group = await insertGroup(trx, {
        parent,
        path,
        name,
        description,
        visibilityLevel: VISIBILITY_LEVEL[visibility],
        now: access.now(),
      });
      await insertMember(trx, {
        rootNamespaceId: group.root_namespace_id,
        userId: user.id,
        sourceType: 'Namespace',
        sourceId: group.id,
        accessLevel: AccessLevel.Owner,
        createdById: user.id,
      });
      return group;
    }),
  );
}

/**
 * A new project in a group, for its Developers and up. Its maker is made its Maintainer when the
 * group gives them less.
 */
export async function createProject(
  db: Executor,
  access: AccessContext,
  settings: ApplicationSettingsStore,
  input: NewProjectInput,
): Promise<{ project: ProjectRow; namespace: NamespaceRow }> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  const group = await findNamespaceById(db, input.namespaceId);
  if (!group || !(await access.canInNamespace('read_group', group))) throw new NotFoundError('Namespace');
  if (!(await access.canInNamespace('create_projects', group))) throw new ForbiddenError();
  const errors: Record<string, string[]> = {};
  const name = input.name.trim();
  const path = (input.path ?? pathFromName(name)).trim();
  const description = input.description?.trim() ?? '';
  const nameIssues = nameProblems(name);
  if (nameIssues.length > 0) errors.name = nameIssues;
  const pathIssues = pathProblems(path, false);
  if (pathIssues.length > 0) errors.path = pathIssues;
  else if (await pathTaken(db, `${group.full_path}/${path}`, false)) errors.path = [NAMESPACE_TEXTS.taken];
  descriptionProblems(description, errors);
  const context = await visibilityContextFor(access, settings, group);
  const preferred = (await settings.current()).default_project_visibility;
  const visibility = chosenVisibility(input.visibility, preferred, context, errors);
  if (Object.keys(errors).length > 0 || visibility === null) throw new ValidationError(errors);
  const inherited = await access.accessLevelInNamespace(group);
  const project = await orPathTaken(() =>
    inTransaction(db, async (trx) => {
      const created = await insertProject(trx, {
        group,
        path,
        name,
        description,
        visibilityLevel: VISIBILITY_LEVEL[visibility],
        now: access.now(),
      });
      if (inherited < AccessLevel.Maintainer) {
        await insertMember(trx, {
          rootNamespaceId: created.root_namespace_id,
          userId: user.id,
          sourceType: 'Project',
          sourceId: created.id,
          accessLevel: AccessLevel.Maintainer,
          createdById: user.id,
        });
      }
      return created;
    }),
  );
  return { project, namespace: group };
}

/** The most groups the new-project form lists. */
const PROJECT_TARGETS_MAX = 500;

/**
 * The groups the actor may create a project in, by full path: those they are a Developer or more
 * of, and the groups below them.
 */
export async function projectTargetsOf(db: Executor, access: AccessContext): Promise<NamespaceRow[]> {
  if (!access.actor.user) return [];
  const ids = (await access.ownMemberships())
    .filter(
      (membership) =>
        membership.source_type === 'Namespace' && membership.access_level >= AccessLevel.Developer,
    )
    .map((membership) => membership.source_id);
  const groups = await findGroupsAtOrBelow(db, ids, PROJECT_TARGETS_MAX);
  const allowed: NamespaceRow[] = [];
  for (const group of groups) if (await access.canInNamespace('create_projects', group)) allowed.push(group);
  return allowed;
}
