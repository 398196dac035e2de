import { toGlobalId } from '../../../core/domain/gid.ts';
import { groupMilestonePath, projectMilestonePath } from '../../../core/domain/webPaths.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import { listIssuesConnection } from '../../services/issueService.ts';
import {
  milestoneIssueLabels,
  milestoneParticipants,
  milestoneProjects,
  milestoneReport,
} from '../../services/milestoneContentService.ts';
import { keysetConnection, offsetConnection, PAGE_LIMITS } from '../connection.ts';
import type { MilestoneResolvers } from '../generated/resolvers.ts';
import { rootedKey } from '../loaders.ts';
import { issueSortOrder } from './sortOrders.ts';

export const Milestone: MilestoneResolvers = {
  id: (milestone) => toGlobalId('Milestone', milestone.id),
  iid: (milestone) => String(milestone.iid),
  startDate: (milestone) => milestone.start_date,
  dueDate: (milestone) => milestone.due_date,
  expired: (milestone, _args, { now }) =>
    milestone.due_date !== null && milestone.due_date < calendarDateOf(now()),
  upcoming: (milestone, _args, { now }) =>
    milestone.start_date !== null && milestone.start_date > calendarDateOf(now()),
  createdAt: (milestone) => milestone.created_at.toISOString(),
  updatedAt: (milestone) => milestone.updated_at.toISOString(),
  webPath: async (milestone, _args, { loaders }) => {
    if (milestone.group_id !== null) {
      const group = await loaders.namespace.load(milestone.group_id);
      return groupMilestonePath(group?.full_path ?? '', milestone.iid);
    }
    const project = await loaders.project.load(milestone.project_id ?? 0);
    return projectMilestonePath(project?.full_path ?? '', milestone.iid);
  },
  project: async (milestone, _args, { loaders, access }) => {
    const project = milestone.project_id === null ? null : await loaders.project.load(milestone.project_id);
    const namespace = project ? await loaders.namespace.load(project.namespace_id) : null;
    return project && namespace && (await access.canInProject('read_project', project, namespace))
      ? project
      : null;
  },
  group: async (milestone, _args, { loaders, access }) => {
    const group = milestone.group_id === null ? null : await loaders.namespace.load(milestone.group_id);
    return group && (await access.canInNamespace('read_group', group)) ? group : null;
  },
  groupMilestone: (milestone) => milestone.group_id !== null,
  subgroupMilestone: async (milestone, _args, { loaders }) => {
    if (milestone.group_id === null) return false;
    return ((await loaders.namespace.load(milestone.group_id))?.parent_id ?? null) !== null;
  },
  projectMilestone: (milestone) => milestone.project_id !== null,
  // One statement for every milestone of the response, under the viewer's view of its root namespace.
  stats: async (milestone, _args, { loaders }) => {
    const counts = await loaders.milestoneIssueCounts.load(
      rootedKey(milestone.root_namespace_id, milestone.id),
    );
    return { totalIssuesCount: counts.total, closedIssuesCount: counts.closed };
  },
  // A project milestone's text reads like its project's; a group milestone's like its group's.
  descriptionHtml: async (milestone, _args, { loaders, markdown }) => {
    if (milestone.group_id !== null) {
      const group = await loaders.namespace.load(milestone.group_id);
      return group ? (await markdown.render({ group }, milestone.description)).html : null;
    }
    const project = await loaders.project.load(milestone.project_id ?? 0);
    const namespace = project ? await loaders.namespace.load(project.namespace_id) : null;
    if (!project || !namespace) return null;
    return (await markdown.render({ project, namespace }, milestone.description)).html;
  },
  // The milestone page's tabs and chart: only the issues the viewer may read (milestoneContentService).
  issues: async (milestone, args, { db, access }) => {
    const sort = issueSortOrder(args.sort);
    const page = await listIssuesConnection(
      db,
      access,
      await milestoneProjects(db, access, milestone),
      {
        milestoneIds: [milestone.id],
        state: args.state ?? undefined,
        assignee: args.assigneeWildcardId ? (args.assigneeWildcardId === 'NONE' ? 'none' : 'any') : undefined,
      },
      sort,
      args,
      PAGE_LIMITS,
    );
    return keysetConnection(page, (issue) => issue[sort.column], page.count);
  },
  issueLabels: async (milestone, _args, { db, access }) =>
    (await milestoneIssueLabels(db, access, milestone)).map(({ label, opened, closed }) => ({
      label,
      openedIssuesCount: opened,
      closedIssuesCount: closed,
    })),
  participants: (milestone, args, { db, access }) =>
    offsetConnection(args, PAGE_LIMITS.maxPageSize, (page) =>
      milestoneParticipants(db, access, milestone, page),
    ),
  report: async (milestone, _args, { db, access }) => {
    const report = await milestoneReport(db, access, milestone);
    return { ...report, burnupTimeSeries: report.burnupTimeSeries && [...report.burnupTimeSeries] };
  },
};
