import { toGlobalId } from '../../../core/domain/gid.ts';
import { issuableReference } from '../../../core/domain/references.ts';
import { epicChildLinksPath, epicWebPath } from '../../../core/domain/webPaths.ts';
import { epicTextColor, listEpicsConnection } from '../../services/epics/epicQueries.ts';
import { renderTitleHtml } from '../../services/markdown/markdownRenderer.ts';
import { subscribedByChoiceOrAuthorship } from '../../services/subscriptionService.ts';
import { whenRead } from '../batchLoader.ts';
import { keysetConnection, listConnection } from '../connection.ts';
import type { GraphQLContext } from '../context.ts';
import type { EpicPermissionsResolvers, EpicResolvers } from '../generated/resolvers.ts';
import { NO_EPIC_SUMMARY, rootedKey } from '../loaders.ts';
import type { EpicModel } from '../models.ts';
import { EPIC_PAGE_LIMITS, epicListFilter } from './epicArgs.ts';
import { type EpicSummaryValue, epicSummary, preloadEpicSummaries } from './epicSummaries.ts';
import { rememberTimeframe } from './epicTimeframes.ts';
import { iso } from './fieldValues.ts';
import { epicSortOrder } from './sortOrders.ts';

/** The epic's group: a plain value once read (a list reads its root's groups before its epics). */
function groupOf(epic: EpicModel, { loaders }: GraphQLContext) {
  return whenRead(loaders.namespace.read(epic.group_id), (group) => {
    if (!group) throw new Error(`Epic ${epic.id} has no group`);
    return group;
  });
}

/** A value read from the epic's summary: a plain one when its list preloaded the summaries. */
function fromSummary<R>(epic: EpicModel, context: GraphQLContext, pick: (found: EpicSummaryValue) => R) {
  return whenRead(epicSummary(epic, context), pick);
}

/** An epic by id, only if the viewer may see it (a confidential or private one stays hidden). */
async function visibleEpic(id: number, context: GraphQLContext): Promise<EpicModel | null> {
  const epic = await context.loaders.epic.load(id);
  const group = epic ? await context.loaders.namespace.load(epic.group_id) : null;
  if (!epic || !group) return null;
  const readable = await context.access.canInNamespace('read_epic', group, {
    confidential: epic.confidential,
  });
  return readable ? epic : null;
}

/** The parent comes with the ancestors (one batch for both fields), if the viewer may see it. */
async function visibleParent(epic: EpicModel, context: GraphQLContext) {
  if (epic.parent_id === null) return null;
  await context.loaders.epicAncestors.load(epic.id);
  return visibleEpic(epic.parent_id, context);
}

async function visibleAncestors(epic: EpicModel, context: GraphQLContext) {
  const ancestors = await context.loaders.epicAncestors.load(epic.id);
  const visible = await Promise.all(ancestors.map((ancestor) => visibleEpic(ancestor.id, context)));
  return listConnection(visible.filter((row): row is EpicModel => row !== null));
}

/** Shared by every epic with no ancestors: connections are only read. */
const NO_EPICS = listConnection<EpicModel>([]);

async function inheritedDate(
  milestoneId: number | null,
  pick: 'start_date' | 'due_date',
  { loaders }: GraphQLContext,
): Promise<string | null> {
  if (milestoneId === null) return null;
  return (await loaders.milestone.load(milestoneId))?.[pick] ?? null;
}

/**
 * The date the epic inherits from its milestones and child epics. Unless the date is fixed, that is
 * the epic's own date; a fixed one hides it, so only then are the sources read.
 */
async function inheritedSourceDate(
  epic: EpicModel,
  side: 'start' | 'due',
  { loaders }: GraphQLContext,
): Promise<string | null> {
  const fixed = side === 'start' ? epic.start_date_is_fixed : epic.due_date_is_fixed;
  if (!fixed) return side === 'start' ? epic.start_date : epic.due_date;
  return (await loaders.epicInheritedDates.load(epic.id))?.[side] ?? null;
}

export const Epic: EpicResolvers = {
  id: (epic) => toGlobalId('Epic', epic.id),
  // No `iid` resolver: GraphQL's String serialises the row's number, and a roadmap page of 1,000
  // epics spares a resolver call (an info object, a path, three closures) for each.
  titleHtml: (epic) => renderTitleHtml(epic.title),
  descriptionHtml: async (epic, _args, context) =>
    (await context.markdown.render({ group: await groupOf(epic, context) }, epic.description)).html,
  color: (epic) => epic.color,
  textColor: (epic) => epicTextColor(epic),
  author: async (epic, _args, { loaders }) => {
    const author = await loaders.user.load(epic.author_id);
    if (!author) throw new Error(`Epic ${epic.id} has no author`);
    return author;
  },
  group: (epic, _args, context) => groupOf(epic, context),
  parent: (epic, _args, context) => (epic.parent_id === null ? null : visibleParent(epic, context)),
  // From the readable parent: a hidden one must not show through as `true`.
  hasParent: (epic, _args, context) =>
    epic.parent_id === null ? false : visibleParent(epic, context).then((parent) => parent !== null),
  hasChildren: (epic, _args, context) => {
    // A listed epic's summary is read for its counts anyway; a lone epic needs only a cheap probe.
    if (context.epicTimeframes.has(epic))
      return fromSummary(epic, context, (found) => found?.hasChildren ?? false);
    return context.loaders.epicHasChildren.load(rootedKey(epic.root_namespace_id, epic.id));
  },
  hasIssues: (epic, _args, { loaders }) =>
    loaders.epicHasIssues.load(rootedKey(epic.root_namespace_id, epic.id)),
  startDate: (epic) => epic.start_date,
  startDateFixed: (epic) => epic.start_date_fixed,
  startDateIsFixed: (epic) => epic.start_date_is_fixed,
  lockVersion: (epic) => epic.lock_version,
  startDateFromMilestones: (epic, _args, context) =>
    inheritedDate(epic.start_date_sourcing_milestone_id, 'start_date', context),
  startDateFromInheritedSource: (epic, _args, context) => inheritedSourceDate(epic, 'start', context),
  dueDate: (epic) => epic.due_date,
  dueDateFixed: (epic) => epic.due_date_fixed,
  dueDateIsFixed: (epic) => epic.due_date_is_fixed,
  dueDateFromMilestones: (epic, _args, context) =>
    inheritedDate(epic.due_date_sourcing_milestone_id, 'due_date', context),
  dueDateFromInheritedSource: (epic, _args, context) => inheritedSourceDate(epic, 'due', context),
  createdAt: (epic) => iso(epic.created_at),
  updatedAt: (epic) => iso(epic.updated_at),
  closedAt: (epic) => iso(epic.closed_at),
  webPath: (epic, _args, context) =>
    whenRead(groupOf(epic, context), (group) => epicWebPath(group.full_path, epic.iid)),
  webUrl: (epic, _args, context) =>
    whenRead(
      groupOf(epic, context),
      (group) => `${context.config.externalUrl}${epicWebPath(group.full_path, epic.iid)}`,
    ),
  reference: async (epic, { full }, context) =>
    issuableReference('epic', epic.iid, (await groupOf(epic, context)).full_path, full ?? false),
  relativePosition: (epic) => epic.relative_position,
  relationPath: async (epic, _args, context) => {
    const parent = await visibleParent(epic, context);
    const parentGroup = parent ? await context.loaders.namespace.load(parent.group_id) : null;
    return parent && parentGroup ? epicChildLinksPath(parentGroup.full_path, parent.iid, epic.id) : null;
  },
  upvotes: async (epic, _args, { loaders }) => (await loaders.epicVotes.load(epic.id)).upvotes,
  downvotes: async (epic, _args, { loaders }) => (await loaders.epicVotes.load(epic.id)).downvotes,
  labels: async (epic, _args, { loaders }) => listConnection(await loaders.epicLabels.load(epic.id)),
  userPermissions: async (epic, _args, context) => ({ group: await groupOf(epic, context), epic }),
  // The summary's fields are the counts' own, so they resolve without a resolver each: a roadmap page
  // asks for six of them for each of its epics.
  descendantCounts: (epic, _args, context) => fromSummary(epic, context, (found) => found ?? NO_EPIC_SUMMARY),
  healthStatus: (epic, _args, context) => fromSummary(epic, context, (found) => found ?? NO_EPIC_SUMMARY),
  hasChildrenWithinTimeframe: (epic, _args, context) =>
    // Without a timeframe on the list, every child counts (GitLab answers hasChildren then).
    fromSummary(
      epic,
      context,
      (found) =>
        (context.epicTimeframes.get(epic) ? found?.hasChildrenInTimeframe : found?.hasChildren) ?? false,
    ),
  blocked: (epic, _args, context) => fromSummary(epic, context, (found) => (found?.blockedBy ?? 0) > 0),
  blockedByCount: (epic, _args, context) => fromSummary(epic, context, (found) => found?.blockedBy ?? 0),
  blockingCount: (epic, _args, context) => fromSummary(epic, context, (found) => found?.blocking ?? 0),
  // The open blockers the viewer may read: the same links `blockedByCount` counts.
  blockedByEpics: async (epic, _args, { loaders }) =>
    listConnection(await loaders.epicBlockedBy.load(rootedKey(epic.root_namespace_id, epic.id))),
  // A top-level epic has none: the roadmap's top-level page asks for them and sends no statement.
  ancestors: (epic, _args, context) => (epic.parent_id === null ? NO_EPICS : visibleAncestors(epic, context)),
  subscribed: async (epic, _args, { actor, loaders }) => {
    if (!actor.user) return false;
    return subscribedByChoiceOrAuthorship(await loaders.epicSubscription.load(epic.id), actor.user.id, epic);
  },
  descendantWeightSum: (epic, _args, context) =>
    fromSummary(epic, context, (found) => ({
      openedIssues: found?.openedIssueWeight ?? 0,
      closedIssues: found?.closedIssueWeight ?? 0,
    })),
  children: async (epic, args, context, info) => {
    // Children come in tree order unless a sort is asked for, as in GitLab.
    const order = epicSortOrder(args.sort, { column: 'relative_position', direction: 'asc' });
    // The root's groups first: they fill the group cache that groupOf reads.
    const groupsOfRoot = await context.groupsOfRoot(epic.root_namespace_id);
    const page = await listEpicsConnection(
      context.db,
      context.access,
      await groupOf(epic, context),
      { ...epicListFilter(args), parentId: epic.id, includeDescendantGroups: true },
      order,
      args,
      { limits: EPIC_PAGE_LIMITS, hints: { groupsOfRoot } },
    );
    rememberTimeframe(context, page.rows, args.timeframe);
    await preloadEpicSummaries(page.rows, context, info);
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
