import { toGlobalId } from '../../../core/domain/gid.ts';
import { projectPath } from '../../../core/domain/webPaths.ts';
import { visibilityOfLevel } from '../../services/access.ts';
import { NotFoundError } from '../../services/errors.ts';
import {
  findReadableIssue,
  findReadableIssueOrNull,
  listIssuesConnection,
} from '../../services/issueService.ts';
import { milestoneIdsTitledInProject } from '../../services/milestoneService.ts';
import { listProjectLabels, listProjectMilestones } from '../../services/projectContentService.ts';
import { keysetConnection, offsetConnection, PAGE_LIMITS } from '../connection.ts';
import type { GraphQLContext } from '../context.ts';
import type { ProjectResolvers } from '../generated/resolvers.ts';
import { rootedKey } from '../loaders.ts';
import type { ProjectModel } from '../models.ts';
import { milestoneTitles, parseIid, parseMilestoneIds } from './argumentValues.ts';
import { namespaceFields } from './fieldValues.ts';
import { issueFilterOf } from './issueFilterArgs.ts';
import { issueSortOrder, milestoneSortOrder } from './sortOrders.ts';
import { workItemTypes } from './workItem.ts';

async function located(project: ProjectModel, { loaders }: GraphQLContext) {
  const namespace = await loaders.namespace.load(project.namespace_id);
  if (!namespace) throw new Error(`Project ${project.id} has no namespace`);
  return { project, namespace };
}

export const Project: ProjectResolvers = {
  id: (project) => toGlobalId('Project', project.id),
  fullPath: (project) => project.full_path,
  nameWithNamespace: async (project, _args, context) =>
    `${(await located(project, context)).namespace.full_name} / ${project.name}`,
  visibility: (project) => visibilityOfLevel(project.visibility_level),
  webUrl: (project, _args, { config }) => `${config.externalUrl}${projectPath(project.full_path)}`,
  group: async (project, _args, context) => {
    const { namespace } = await located(project, context);
    return (await context.access.canInNamespace('read_group', namespace)) ? namespace : null;
  },
  namespace: async (project, _args, context) => {
    const { namespace } = await located(project, context);
    return namespaceFields(namespace);
  },
  // One statement for every project on the page, under the viewer's confidential-issue rights.
  openIssuesCount: (project, _args, { loaders }) =>
    loaders.projectOpenIssues.load(rootedKey(project.root_namespace_id, project.id)),
  issue: async (project, { iid }, context) => {
    try {
      return await findReadableIssue(
        context.db,
        context.access,
        await located(project, context),
        parseIid(iid) ?? Number.NaN,
      );
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  },
  archived: () => false,
  workItemTypes: (_project, args) => workItemTypes(args),
  workItem: async (project, { iid }, context) => {
    const place = await located(project, context);
    return findReadableIssueOrNull(context.db, context.access, place, parseIid(iid) ?? Number.NaN);
  },
  // GitLab's work item finder: the issue list's reader and visibility rules, a few filters.
  workItems: async (project, { search, types, state, iid, ...paging }, context) => {
    const sort = issueSortOrder(null);
    const place = await located(project, context);
    // Unlike the issue list, no type is left out unless `types` says so.
    const filter = issueFilterOf({
      search: search ?? null,
      types: types ?? ['ISSUE', 'INCIDENT', 'TASK'],
      state: state ?? null,
      iid: iid ?? null,
    });
    const page = await listIssuesConnection(
      context.db,
      context.access,
      [place],
      filter,
      sort,
      paging,
      PAGE_LIMITS,
    );
    return keysetConnection(page, (issue) => issue[sort.column], page.count);
  },
  issues: async (project, args, context) => {
    const sort = issueSortOrder(args.sort);
    const place = await located(project, context);
    const titles = milestoneTitles(args.milestoneTitle);
    const page = await listIssuesConnection(
      context.db,
      context.access,
      [place],
      {
        ...issueFilterOf(args),
        milestoneIds: titles && (await milestoneIdsTitledInProject(context.db, place, titles)),
      },
      sort,
      args,
      PAGE_LIMITS,
    );
    return keysetConnection(page, (issue) => issue[sort.column], page.count);
  },
  milestones: (project, args, context) =>
    offsetConnection(args, PAGE_LIMITS.maxPageSize, (page) =>
      listProjectMilestones(
        context.db,
        project,
        {
          state: args.state ?? undefined,
          ids: parseMilestoneIds(args.ids),
          search: args.searchTitle ?? undefined,
          sort: milestoneSortOrder(args.sort),
        },
        page,
      ),
    ),
  labels: (project, args, context) =>
    offsetConnection(args, PAGE_LIMITS.maxPageSize, async (page) =>
      listProjectLabels(
        context.db,
        project,
        await located(project, context).then((place) => place.namespace),
        args.searchTerm ?? undefined,
        page,
      ),
    ),
};
