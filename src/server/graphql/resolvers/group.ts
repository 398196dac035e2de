import { GraphQLError } from 'graphql';
import { toGlobalId } from '../../../core/domain/gid.ts';
import { groupPath } from '../../../core/domain/webPaths.ts';
import { visibilityOfLevel } from '../../services/access.ts';
import { findReadableEpic, listEpicsConnection } from '../../services/epics/epicQueries.ts';
import { listReadableGroups } from '../../services/groupService.ts';
import { emailsDisabledInChain } from '../../services/groupSettingsService.ts';
import { listIssuesConnection, withNamespaces } from '../../services/issueService.ts';
import { listGroupLabels, listGroupMilestones } from '../../services/milestoneLabelService.ts';
import { milestoneIdsTitledInGroup } from '../../services/milestoneService.ts';
import { listReadableProjects } from '../../services/projectService.ts';
import { keysetConnection, offsetConnection, PAGE_LIMITS } from '../connection.ts';
import type { GroupPermissionsResolvers, GroupResolvers } from '../generated/resolvers.ts';
import { dateRangeOf, milestoneTitles, parseIid, parseMilestoneIds } from './argumentValues.ts';
import { EPIC_PAGE_LIMITS, epicListFilter } from './epicArgs.ts';
import { preloadEpicSummaries } from './epicSummaries.ts';
import { rememberTimeframe } from './epicTimeframes.ts';
import { issueFilterOf } from './issueFilterArgs.ts';
import { epicSortOrder, issueSortOrder, milestoneSortOrder } from './sortOrders.ts';
import { workItemTypes } from './workItem.ts';

export const Group: GroupResolvers = {
  id: (group) => toGlobalId('Group', group.id),
  fullName: (group) => group.full_name,
  fullPath: (group) => group.full_path,
  workItemTypes: (_group, args) => workItemTypes(args),
  visibility: (group) => visibilityOfLevel(group.visibility_level),
  webUrl: (group, _args, { config }) => `${config.externalUrl}${groupPath(group.full_path)}`,
  avatarUrl: () => null,
  emailsDisabled: async (group, _args, { loaders }) =>
    emailsDisabledInChain(
      (await Promise.all(group.traversal_ids.map((id) => loaders.namespace.load(id)))).filter(
        (row) => row !== null,
      ),
    ),
  parent: async (group, _args, { loaders, access }) => {
    if (group.parent_id === null) return null;
    const parent = await loaders.namespace.load(group.parent_id);
    return parent && (await access.canInNamespace('read_group', parent)) ? parent : null;
  },
  userPermissions: (group) => ({ group }),
  descendantGroups: (group, args, { db, access }) =>
    offsetConnection(args, PAGE_LIMITS.maxPageSize, (page) =>
      listReadableGroups(
        db,
        access,
        args.includeParentDescendants === false
          ? { childrenOf: group.id, search: args.search ?? undefined }
          : { descendantsOf: group, search: args.search ?? undefined },
        page,
      ),
    ),
  projects: (group, args, { db, access }) =>
    offsetConnection(args, PAGE_LIMITS.maxPageSize, (page) =>
      listReadableProjects(
        db,
        access,
        {
          namespaceId: group.id,
          includeSubgroups: args.includeSubgroups ?? false,
          search: args.search ?? undefined,
          orderBy: 'name',
          sort: 'asc',
        },
        page,
      ),
    ),
  epic: async (group, { iid }, { db, access }) => {
    const parsed = parseIid(iid);
    if (parsed === undefined) return null;
    return (await findReadableEpic(db, access, { group, iid: parsed }, { missing: 'null' }))?.epic ?? null;
  },
  epics: async (group, args, context, info) => {
    const sort = epicSortOrder(args.sort, { column: 'created_at', direction: 'desc' });
    const page = await listEpicsConnection(
      context.db,
      context.access,
      group,
      epicListFilter(args),
      sort,
      args,
      {
        limits: EPIC_PAGE_LIMITS,
        hints: { groupsOfRoot: await context.groupsOfRoot(group.root_namespace_id) },
      },
    );
    rememberTimeframe(context, page.rows, args.timeframe);
    await preloadEpicSummaries(page.rows, context, info);
    return keysetConnection(page, (epic) => epic[sort.column], page.count);
  },
  milestones: (group, args, { db, access }) => {
    // The Date scalar has checked both are real days, so they compare as strings. GitLab's message.
    if (args.timeframe && args.timeframe.end < args.timeframe.start) {
      throw new GraphQLError('start must be before end');
    }
    return offsetConnection(args, PAGE_LIMITS.maxPageSize, (page) =>
      listGroupMilestones(
        db,
        access,
        group,
        {
          state: args.state ?? undefined,
          title: args.title ?? undefined,
          search: args.searchTitle ?? undefined,
          ids: parseMilestoneIds(args.ids),
          timeframe: dateRangeOf(args.timeframe),
          containingDate: args.containingDate?.slice(0, 10),
          sort: milestoneSortOrder(args.sort),
          includeAncestors: args.includeAncestors ?? false,
          includeDescendants: args.includeDescendants ?? false,
        },
        page,
      ),
    );
  },
  labels: (group, args, { db, access }) =>
    offsetConnection(args, PAGE_LIMITS.maxPageSize, (page) =>
      listGroupLabels(
        db,
        access,
        group,
        {
          search: args.searchTerm ?? undefined,
          includeAncestors: args.includeAncestorGroups ?? false,
          includeDescendants: args.includeDescendantGroups ?? false,
          onlyGroupLabels: true,
        },
        page,
      ),
    ),
  issues: async (group, args, { db, access }) => {
    const { rows } = await listReadableProjects(
      db,
      access,
      { namespaceId: group.id, includeSubgroups: args.includeSubgroups ?? false },
      { offset: 0, limit: 100_000 },
    );
    const sort = issueSortOrder(args.sort);
    const titles = milestoneTitles(args.milestoneTitle);
    const page = await listIssuesConnection(
      db,
      access,
      await withNamespaces(db, rows),
      {
        ...issueFilterOf(args),
        milestoneIds: titles && (await milestoneIdsTitledInGroup(db, group, titles)),
      },
      sort,
      args,
      PAGE_LIMITS,
    );
    return keysetConnection(page, (issue) => issue[sort.column], page.count);
  },
};

export const GroupPermissions: GroupPermissionsResolvers = {
  readGroup: ({ group }, _args, { access }) => access.canInNamespace('read_group', group),
  createEpic: ({ group }, _args, { access }) => access.canInNamespace('create_epic', group),
  adminGroup: ({ group }, _args, { access }) => access.canInNamespace('admin_group', group),
};
