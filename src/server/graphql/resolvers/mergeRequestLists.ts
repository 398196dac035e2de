import { parseGlobalId } from '../../../core/domain/gid.ts';
import { NotFoundError } from '../../services/errors.ts';
import { projectsAt } from '../../services/issueListService.ts';
import { type ProjectInNamespace, withNamespaces } from '../../services/issueService.ts';
import {
  findReadableMergeRequest,
  findReadableMergeRequestByIdOrNull,
  listMergeRequestsConnection,
  type MergeRequestListParams,
} from '../../services/mergeRequests/mergeRequestQueries.ts';
import { findReadableProjectOrNull, listReadableProjects } from '../../services/projectService.ts';
import { type ConnectionArgs, keysetConnection, listConnection, PAGE_LIMITS } from '../connection.ts';
import type { GraphQLContext } from '../context.ts';
import type {
  CurrentUserResolvers,
  GroupResolvers,
  MergeRequestSort,
  ProjectResolvers,
  QueryResolvers,
} from '../generated/resolvers.ts';
import type { ProjectModel } from '../models.ts';
import { parseIid } from './argumentValues.ts';
import {
  type MergeRequestFilterArgs,
  mergeRequestParamsOf,
  mergeRequestSortOrder,
  noResultsPossible,
} from './mergeRequestArgs.ts';

/** The biggest group a group-wide list reads the projects of, as `Group.issues`. */
const MAX_LISTED_PROJECTS = 100_000;

type ListArgs = MergeRequestFilterArgs & ConnectionArgs & { readonly sort?: MergeRequestSort | null };

/** One keyset page of the merge requests the caller may read in these projects. */
async function mergeRequestConnection(
  context: GraphQLContext,
  projects: readonly ProjectInNamespace[],
  { sort: sortArg, first, after, last, before, ...filters }: ListArgs,
  scope?: MergeRequestListParams['scope'],
) {
  if (noResultsPossible(filters)) return listConnection([]);
  // The list's places are read already: the merge requests' fields find them without a statement.
  for (const { project, namespace } of projects) {
    context.loaders.project.prime(project.id, project);
    context.loaders.namespace.prime(namespace.id, namespace);
  }
  const sort = mergeRequestSortOrder(sortArg);
  const page = await listMergeRequestsConnection(
    context.db,
    context.access,
    projects,
    { ...mergeRequestParamsOf(filters), scope },
    sort,
    { first, after, last, before },
    PAGE_LIMITS,
  );
  return keysetConnection(page, (mergeRequest) => mergeRequest[sort.column], page.count);
}

async function located(project: ProjectModel, { loaders }: GraphQLContext): Promise<ProjectInNamespace> {
  const namespace = await loaders.namespace.load(project.namespace_id);
  if (!namespace) throw new Error(`Project ${project.id} has no namespace`);
  return { project, namespace };
}

export const projectMergeRequestFields: Pick<ProjectResolvers, 'mergeRequest' | 'mergeRequests'> = {
  mergeRequest: async (project, { iid }, context) => {
    try {
      const place = await located(project, context);
      return (await findReadableMergeRequest(context.db, context.access, place, parseIid(iid) ?? Number.NaN))
        .mergeRequest;
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  },
  mergeRequests: async (project, args, context) =>
    mergeRequestConnection(context, [await located(project, context)], args),
};

export const groupMergeRequestFields: Pick<GroupResolvers, 'mergeRequests'> = {
  mergeRequests: async (group, { includeSubgroups, ...args }, context) => {
    const { rows } = await listReadableProjects(
      context.db,
      context.access,
      { namespaceId: group.id, includeSubgroups: includeSubgroups ?? false },
      { offset: 0, limit: MAX_LISTED_PROJECTS },
    );
    return mergeRequestConnection(context, await withNamespaces(context.db, rows), args);
  },
};

/**
 * The projects a current user's list looks in: the one `projectPath` or `projectId` names (none when
 * the caller may not read it), else every project they may read.
 */
async function projectsOfUserList(
  context: GraphQLContext,
  {
    projectPath,
    projectId,
  }: { projectPath?: string | null | undefined; projectId?: string | null | undefined },
): Promise<ProjectInNamespace[]> {
  if (projectPath != null || projectId != null) {
    const parsed = projectId == null ? null : parseGlobalId(projectId, ['Project']);
    if (parsed && !parsed.ok) return [];
    const named = projectPath ?? String(parsed?.value.id);
    const found = await findReadableProjectOrNull(context.db, context.access, named);
    // Both given must name the same project.
    return found && (parsed === null || found.project.id === parsed.value.id) ? [found] : [];
  }
  return projectsAt(context.db, context.access, { kind: 'viewer' });
}

export const currentUserMergeRequestFields: Pick<
  CurrentUserResolvers,
  'authoredMergeRequests' | 'assignedMergeRequests' | 'reviewRequestedMergeRequests'
> = {
  authoredMergeRequests: async (_user, { projectPath, projectId, ...args }, context) =>
    mergeRequestConnection(
      context,
      await projectsOfUserList(context, { projectPath, projectId }),
      args,
      'created_by_me',
    ),
  assignedMergeRequests: async (_user, { projectPath, projectId, ...args }, context) =>
    mergeRequestConnection(
      context,
      await projectsOfUserList(context, { projectPath, projectId }),
      args,
      'assigned_to_me',
    ),
  reviewRequestedMergeRequests: async (_user, { projectPath, projectId, ...args }, context) =>
    mergeRequestConnection(
      context,
      await projectsOfUserList(context, { projectPath, projectId }),
      args,
      'reviews_for_me',
    ),
};

export const queryMergeRequestFields: Pick<QueryResolvers, 'mergeRequest'> = {
  mergeRequest: async (_parent, { id }, { db, access }) => {
    const parsed = parseGlobalId(id, ['MergeRequest']);
    if (!parsed.ok) return null;
    return (await findReadableMergeRequestByIdOrNull(db, access, parsed.value.id))?.mergeRequest ?? null;
  },
};
