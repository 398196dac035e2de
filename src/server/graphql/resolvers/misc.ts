import { contrastTextColor } from '../../../core/domain/colors.ts';
import { toGlobalId } from '../../../core/domain/gid.ts';
import { issuableReference } from '../../../core/domain/references.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import type { Connection } from '../connection.ts';
import type {
  CurrentUserResolvers,
  LabelResolvers,
  MergeRequestResolvers,
  MilestoneResolvers,
  UserCoreResolvers,
  UserResolvers,
} from '../generated/resolvers.ts';
import { rootedKey } from '../loaders.ts';
import type { UserModel } from '../models.ts';

const userFields = {
  id: (user: UserModel) => toGlobalId('User', user.id),
  avatarUrl: () => null,
  webUrl: (user: UserModel, _args: unknown, { config }: { config: { externalUrl: string } }) =>
    `${config.externalUrl}/${user.username}`,
  webPath: (user: UserModel) => `/${user.username}`,
  state: (user: UserModel) => user.state as 'active',
};

export const UserCore: UserCoreResolvers = { ...userFields };
export const CurrentUser: CurrentUserResolvers = {
  ...userFields,
  publicEmail: () => null,
  admin: (user) => user.is_admin,
};
export const User: UserResolvers = { __resolveType: () => 'UserCore' };

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
      return `/groups/${group?.full_path ?? ''}/-/milestones/${milestone.iid}`;
    }
    const project = await loaders.project.load(milestone.project_id ?? 0);
    return `/${project?.full_path ?? ''}/-/milestones/${milestone.iid}`;
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
};

export const Label: LabelResolvers = {
  id: (label) => toGlobalId('Label', label.id),
  textColor: (label) => contrastTextColor(label.color),
  createdAt: (label) => label.created_at.toISOString(),
};

export const MergeRequest: MergeRequestResolvers = {
  id: (mergeRequest) => toGlobalId('MergeRequest', mergeRequest.id),
  iid: (mergeRequest) => String(mergeRequest.iid),
  sourceBranch: (mergeRequest) => mergeRequest.source_branch,
  targetBranch: (mergeRequest) => mergeRequest.target_branch,
  mergeable: (mergeRequest) => mergeRequest.state === 'opened' && mergeRequest.can_merge,
  author: (mergeRequest, _args, { loaders }) => loaders.user.load(mergeRequest.author_id),
  createdAt: (mergeRequest) => mergeRequest.created_at.toISOString(),
  updatedAt: (mergeRequest) => mergeRequest.updated_at.toISOString(),
  reference: async (mergeRequest, { full }, { loaders }) =>
    issuableReference(
      'merge_request',
      mergeRequest.iid,
      (await loaders.project.load(mergeRequest.project_id))?.full_path ?? '',
      full ?? false,
    ),
  webPath: async (mergeRequest, _args, { loaders }) =>
    `/${(await loaders.project.load(mergeRequest.project_id))?.full_path ?? ''}/-/merge_requests/${mergeRequest.iid}`,
  webUrl: async (mergeRequest, _args, { loaders, config }) =>
    `${config.externalUrl}/${(await loaders.project.load(mergeRequest.project_id))?.full_path ?? ''}/-/merge_requests/${mergeRequest.iid}`,
};

/** `count` on every connection type resolves the lazy total. */
const countResolver = { count: (connection: Connection<unknown>) => connection.count() };
export const connectionResolvers = Object.fromEntries(
  [
    'GroupConnection',
    'ProjectConnection',
    'EpicConnection',
    'IssueConnection',
    'MilestoneConnection',
    'LabelConnection',
    'UserCoreConnection',
    'MergeRequestConnection',
    'TodoConnection',
  ].map((type) => [type, countResolver]),
);
