import { toGlobalId } from '../../../core/domain/gid.ts';
import { issuableReference } from '../../../core/domain/references.ts';
import { epicTextColor, listEpicsConnection } from '../../services/epicService.ts';
import { keysetConnection, listConnection } from '../connection.ts';
import type { GraphQLContext } from '../context.ts';
import type {
  EpicDescendantCountResolvers,
  EpicDescendantWeightsResolvers,
  EpicPermissionsResolvers,
  EpicResolvers,
} from '../generated/resolvers.ts';
import type { EpicModel } from '../models.ts';
import { epicSortOrder, escapeHtml, iso, PAGE_LIMITS, stripNulls } from './common.ts';

async function groupOf(epic: EpicModel, { loaders }: GraphQLContext) {
  const group = await loaders.namespace.load(epic.group_id);
  if (!group) throw new Error(`Epic ${epic.id} has no group`);
  return group;
}

/** The parent, only if the viewer may see it (a confidential parent stays hidden). */
async function visibleParent(epic: EpicModel, context: GraphQLContext) {
  if (epic.parent_id === null) return null;
  const parent = await context.loaders.epic.load(epic.parent_id);
  if (!parent) return null;
  const parentGroup = await context.loaders.namespace.load(parent.group_id);
  if (!parentGroup) return null;
  return (await context.access.canInNamespace('read_epic', parentGroup, {
    confidential: parent.confidential,
  }))
    ? parent
    : null;
}

async function inheritedDate(
  milestoneId: number | null,
  pick: 'start_date' | 'due_date',
  { loaders }: GraphQLContext,
): Promise<string | null> {
  if (milestoneId === null) return null;
  return (await loaders.milestone.load(milestoneId))?.[pick] ?? null;
}

async function stats(epic: EpicModel, context: GraphQLContext) {
  return context.loaders.descendantStats.load(`${epic.root_namespace_id}:${epic.id}`);
}

export const Epic: EpicResolvers = {
  id: (epic) => toGlobalId('Epic', epic.id),
  iid: (epic) => String(epic.iid),
  titleHtml: (epic) => escapeHtml(epic.title),
  color: (epic) => epic.color,
  textColor: (epic) => epicTextColor(epic),
  author: async (epic, _args, { loaders }) => {
    const author = await loaders.user.load(epic.author_id);
    if (!author) throw new Error(`Epic ${epic.id} has no author`);
    return author;
  },
  group: (epic, _args, context) => groupOf(epic, context),
  parent: (epic, _args, context) => visibleParent(epic, context),
  hasParent: (epic) => epic.parent_id !== null,
  hasChildren: (epic, _args, { loaders }) => loaders.epicHasChildren.load(epic.id),
  hasIssues: (epic, _args, { loaders }) => loaders.epicHasIssues.load(epic.id),
  startDate: (epic) => epic.start_date,
  startDateFixed: (epic) => epic.start_date_fixed,
  startDateIsFixed: (epic) => epic.start_date_is_fixed,
  startDateFromMilestones: (epic, _args, context) =>
    inheritedDate(epic.start_date_sourcing_milestone_id, 'start_date', context),
  startDateFromInheritedSource: (epic, _args, context) =>
    inheritedDate(epic.start_date_sourcing_milestone_id, 'start_date', context),
  dueDate: (epic) => epic.due_date,
  dueDateFixed: (epic) => epic.due_date_fixed,
  dueDateIsFixed: (epic) => epic.due_date_is_fixed,
  dueDateFromMilestones: (epic, _args, context) =>
    inheritedDate(epic.due_date_sourcing_milestone_id, 'due_date', context),
  dueDateFromInheritedSource: (epic, _args, context) =>
    inheritedDate(epic.due_date_sourcing_milestone_id, 'due_date', context),
  createdAt: (epic) => iso(epic.created_at),
  updatedAt: (epic) => iso(epic.updated_at),
  closedAt: (epic) => iso(epic.closed_at),
  webPath: async (epic, _args, context) =>
    `/groups/${(await groupOf(epic, context)).full_path}/-/epics/${epic.iid}`,
  webUrl: async (epic, _args, context) =>
    `${context.config.externalUrl}/groups/${(await groupOf(epic, context)).full_path}/-/epics/${epic.iid}`,
  reference: async (epic, { full }, context) =>
    issuableReference('epic', epic.iid, (await groupOf(epic, context)).full_path, full ?? false),
  relativePosition: (epic) => epic.relative_position,
  relationPath: async (epic, _args, context) => {
    if (epic.parent_id === null) return null;
    const parent = await context.loaders.epic.load(epic.parent_id);
    const parentGroup = parent ? await context.loaders.namespace.load(parent.group_id) : null;
    return parent && parentGroup
      ? `/groups/${parentGroup.full_path}/-/epics/${parent.iid}/links/${epic.id}`
      : null;
  },
  upvotes: async (epic, _args, { loaders }) => (await loaders.epicVotes.load(epic.id)).upvotes,
  downvotes: async (epic, _args, { loaders }) => (await loaders.epicVotes.load(epic.id)).downvotes,
  labels: async (epic, _args, { loaders }) => listConnection(await loaders.epicLabels.load(epic.id)),
  userPermissions: async (epic, _args, context) => ({ group: await groupOf(epic, context), epic }),
  descendantCounts: (epic) => ({ epic }),
  descendantWeightSum: (epic) => ({ epic }),
  children: async (epic, args, context) => {
    // Children come in tree order unless a sort is asked for, as in GitLab.
    const order = epicSortOrder(args.sort, { column: 'relative_position', direction: 'asc' });
    const page = await listEpicsConnection(
      context.db,
      context.access,
      await groupOf(epic, context),
      {
        parentId: epic.id,
        state: args.state ?? undefined,
        search: args.search ?? undefined,
        authorUsername: args.authorUsername ?? undefined,
        labelNames: stripNulls(args.labelName),
        confidential: args.confidential ?? undefined,
        includeDescendantGroups: true,
      },
      order,
      args,
      PAGE_LIMITS,
    );
    return keysetConnection(page, (child) => child[order.column], page.count);
  },
};

export const EpicPermissions: EpicPermissionsResolvers = {
  readEpic: ({ group, epic }, _args, { access }) =>
    access.canInNamespace('read_epic', group, { confidential: epic.confidential }),
  adminEpic: ({ group, epic }, _args, { access }) =>
    access.canInNamespace('update_epic', group, { confidential: epic.confidential }),
  createEpic: ({ group }, _args, { access }) => access.canInNamespace('create_epic', group),
  updateEpic: ({ group, epic }, _args, { access }) =>
    access.canInNamespace('update_epic', group, { confidential: epic.confidential }),
  destroyEpic: ({ group, epic }, _args, { access }) =>
    access.canInNamespace('destroy_epic', group, { confidential: epic.confidential }),
  adminEpicRelation: ({ group, epic }, _args, { access }) =>
    access.canInNamespace('admin_epic_relation', group, { confidential: epic.confidential }),
};

export const EpicDescendantCount: EpicDescendantCountResolvers = {
  openedEpics: async ({ epic }, _args, context) => (await stats(epic, context))?.openedEpics ?? 0,
  closedEpics: async ({ epic }, _args, context) => (await stats(epic, context))?.closedEpics ?? 0,
  openedIssues: async ({ epic }, _args, context) => (await stats(epic, context))?.openedIssues ?? 0,
  closedIssues: async ({ epic }, _args, context) => (await stats(epic, context))?.closedIssues ?? 0,
};

export const EpicDescendantWeights: EpicDescendantWeightsResolvers = {
  openedIssues: async ({ epic }, _args, context) => (await stats(epic, context))?.openedIssueWeight ?? 0,
  closedIssues: async ({ epic }, _args, context) => (await stats(epic, context))?.closedIssueWeight ?? 0,
};
