import { toGlobalId } from '../../../core/domain/gid.ts';
import { healthStatusOfCode } from '../../../core/domain/healthStatus.ts';
import {
  type WorkItemType as CoreWorkItemType,
  WORK_ITEM_TYPES,
  workItemTypeGlobalId,
  workItemTypeOf,
} from '../../../core/domain/workItemTypes.ts';
import { escapeHtml } from '../../../core/lib/escapeHtml.ts';
import type { IssueRow } from '../../db/schema.ts';
import { readableIssueInProject } from '../../services/issueService.ts';
import { renderMarkdown } from '../../services/markdown/markdownRenderer.ts';
import { issueParticipants } from '../../services/participantService.ts';
import { readableChildrenOf } from '../../services/workItems/workItemQueries.ts';
import { connectionOf, listConnection } from '../connection.ts';
import type { GraphQLContext } from '../context.ts';
import type {
  IssueType,
  Resolvers,
  WorkItemPermissionsResolvers,
  WorkItemResolvers,
  WorkItemWidgetType,
} from '../generated/resolvers.ts';
import type { WorkItemModel, WorkItemWidgetModel } from '../models.ts';
import { iso, namespaceFields } from './fieldValues.ts';
import {
  allowed,
  issueAssignees,
  issueDescriptionHtml,
  issueInProject,
  issueReference,
  issueSubscribed,
  issueWebUrl,
  mayRelate,
} from './issue.ts';
import { issuePolicy, issueReadsInternal, noteableFields } from './notes.ts';

/**
 * GitLab's WorkItem over an issue row: the fields an issue has under work item names, and widgets
 * that each read the row (and the loaders) for one part of it. Reads only: rules live in services.
 */

/**
 * The widgets of each type, in GitLab's order: weight where the instance's issue-weights feature is
 * on and the project's plan sells weights, health status where it sells health statuses.
 */
async function widgetTypesOf(issue: IssueRow, context: GraphQLContext): Promise<WorkItemWidgetType[]> {
  const project = await context.loaders.project.load(issue.project_id);
  const namespace = project ? await context.loaders.namespace.load(project.namespace_id) : null;
  const sells = (feature: 'issue_weights' | 'issuable_health_status') =>
    namespace ? context.access.hasFeature(namespace, feature) : Promise.resolve(false);
  const types: WorkItemWidgetType[] = [
    'ASSIGNEES',
    'DESCRIPTION',
    'HIERARCHY',
    'LABELS',
    'MILESTONE',
    'NOTES',
    'START_AND_DUE_DATE',
  ];
  // GitLab's tasks carry no health status.
  if (issue.issue_type !== 'task' && (await sells('issuable_health_status'))) types.push('HEALTH_STATUS');
  if (context.config.featureFlags.issueWeights && (await sells('issue_weights'))) types.push('WEIGHT');
  types.push('NOTIFICATIONS', 'CURRENT_USER_TODOS', 'AWARD_EMOJI', 'PARTICIPANTS');
  return types;
}

const WIDGET_TYPENAMES: Partial<Record<WorkItemWidgetType, string>> = {
  ASSIGNEES: 'WorkItemWidgetAssignees',
  DESCRIPTION: 'WorkItemWidgetDescription',
  HIERARCHY: 'WorkItemWidgetHierarchy',
  LABELS: 'WorkItemWidgetLabels',
  MILESTONE: 'WorkItemWidgetMilestone',
  NOTES: 'WorkItemWidgetNotes',
  START_AND_DUE_DATE: 'WorkItemWidgetStartAndDueDate',
  HEALTH_STATUS: 'WorkItemWidgetHealthStatus',
  WEIGHT: 'WorkItemWidgetWeight',
  NOTIFICATIONS: 'WorkItemWidgetNotifications',
  CURRENT_USER_TODOS: 'WorkItemWidgetCurrentUserTodos',
  AWARD_EMOJI: 'WorkItemWidgetAwardEmoji',
  PARTICIPANTS: 'WorkItemWidgetParticipants',
};

/** The parent work item, if any and the caller may read it. */
async function readableParent(issue: IssueRow, context: GraphQLContext): Promise<IssueRow | null> {
  const parentId = await context.loaders.workItemParentId.load(issue.id);
  const parent = parentId === null ? null : await context.loaders.issue.load(parentId);
  if (!parent) return null;
  return (await readableIssueInProject(context.db, context.access, parent))?.issue ?? null;
}

async function readableChildren(issue: IssueRow, context: GraphQLContext): Promise<IssueRow[]> {
  if ((await context.loaders.workItemChildIds.load(issue.id)).length === 0) return [];
  return readableChildrenOf(context.db, context.access, await issueInProject(issue, context));
}

/** The ancestors the caller may read, the top one first (a chain stops at the first one hidden). */
async function readableAncestors(issue: IssueRow, context: GraphQLContext): Promise<IssueRow[]> {
  const ancestors: IssueRow[] = [];
  const seen = new Set([issue.id]);
  for (
    let parent = await readableParent(issue, context);
    parent;
    parent = await readableParent(parent, context)
  ) {
    if (seen.has(parent.id)) break;
    seen.add(parent.id);
    ancestors.unshift(parent);
  }
  return ancestors;
}

function sumWeights(items: readonly IssueRow[]): number | null {
  const weighted = items.filter((item) => item.weight !== null);
  return weighted.length === 0 ? null : weighted.reduce((sum, item) => sum + (item.weight ?? 0), 0);
}

const notes = noteableFields(
  issuePolicy,
  (issue, { loaders }) => loaders.issueNoteCounts.load(issue.id),
  issueReadsInternal,
);

export const WorkItem: WorkItemResolvers = {
  id: (issue) => toGlobalId('WorkItem', issue.id),
  iid: (issue) => String(issue.iid),
  titleHtml: (issue) => escapeHtml(issue.title),
  state: (issue) => (issue.state === 'closed' ? 'CLOSED' : 'OPEN'),
  archived: () => false,
  createdAt: (issue) => issue.created_at.toISOString(),
  updatedAt: (issue) => issue.updated_at.toISOString(),
  closedAt: (issue) => iso(issue.closed_at),
  author: (issue, _args, { loaders }) => loaders.user.load(issue.author_id),
  descriptionHtml: (issue, _args, context) => issueDescriptionHtml(issue, context),
  lockVersion: (issue) => issue.lock_version,
  webUrl: (issue, _args, context) => issueWebUrl(issue, context),
  reference: (issue, { full }, context) => issueReference(issue, full ?? false, context),
  project: (issue, _args, { loaders }) => loaders.project.load(issue.project_id),
  namespace: async (issue, _args, context) => {
    const { namespace } = await issueInProject(issue, context);
    return namespaceFields(namespace);
  },
  workItemType: (issue) => workItemTypeOf(issue.issue_type),
  userPermissions: (issue, _args, context) => issueInProject(issue, context),
  widgets: async (issue, _args, context) =>
    (await widgetTypesOf(issue, context)).map((type) => ({ type, issue })),
};

const no = () => false;

export const WorkItemPermissions: WorkItemPermissionsResolvers = {
  readWorkItem: allowed('read_issue'),
  updateWorkItem: allowed('update_issue'),
  deleteWorkItem: allowed('destroy_issue'),
  adminWorkItem: allowed('admin_issue'),
  setWorkItemMetadata: allowed('admin_issue'),
  adminParentLink: allowed('admin_issue'),
  markNoteAsInternal: allowed('admin_issue'),
  createNote: allowed('create_note'),
  adminWorkItemLink: (model, _args, context) => mayRelate(model, context),
  cloneWorkItem: no,
  moveWorkItem: no,
  reportSpam: no,
};

const widgetType = (widget: WorkItemWidgetModel): WorkItemWidgetType => widget.type;

const TYPE_NAMES: Readonly<Record<IssueType, CoreWorkItemType['baseType']>> = {
  ISSUE: 'issue',
  INCIDENT: 'incident',
  TASK: 'task',
};

/** GitLab's workItemTypes field: every type, or the one named. */
export function workItemTypes(args: { readonly name?: IssueType | null | undefined }) {
  const name = args.name;
  return listConnection(
    WORK_ITEM_TYPES.filter(
      (type) => name === undefined || name === null || type.baseType === TYPE_NAMES[name],
    ),
  );
}

export const workItemResolvers: Pick<
  Resolvers,
  | 'WorkItem'
  | 'WorkItemPermissions'
  | 'WorkItemType'
  | 'WorkItemWidget'
  | 'WorkItemWidgetDescription'
  | 'WorkItemWidgetAssignees'
  | 'WorkItemWidgetLabels'
  | 'WorkItemWidgetWeight'
  | 'WorkItemWidgetHierarchy'
  | 'WorkItemWidgetStartAndDueDate'
  | 'WorkItemWidgetMilestone'
  | 'WorkItemWidgetNotes'
  | 'WorkItemWidgetHealthStatus'
  | 'WorkItemWidgetCurrentUserTodos'
  | 'WorkItemWidgetNotifications'
  | 'WorkItemWidgetAwardEmoji'
  | 'WorkItemWidgetParticipants'
> = {
  WorkItem,
  WorkItemPermissions,
  WorkItemType: {
    id: (type) => workItemTypeGlobalId(type),
    iconName: (type) => type.iconName,
  },
  WorkItemWidget: {
    __resolveType: (widget) => {
      const name = WIDGET_TYPENAMES[widget.type];
      if (!name) throw new Error(`No widget type for ${widget.type}`);
      return name as never;
    },
  },
  WorkItemWidgetDescription: {
    type: widgetType,
    description: ({ issue }) => issue.description,
    descriptionHtml: ({ issue }, _args, context) => issueDescriptionHtml(issue, context),
    edited: ({ issue }) => issue.last_edited_at !== null,
    lastEditedAt: ({ issue }) => iso(issue.last_edited_at),
    lastEditedBy: ({ issue }, _args, { loaders }) =>
      issue.last_edited_by_id === null ? null : loaders.user.load(issue.last_edited_by_id),
    taskCompletionStatus: ({ issue }) => {
      const { tasks } = renderMarkdown(issue.description);
      return { count: tasks.total, completedCount: tasks.completed };
    },
  },
  WorkItemWidgetAssignees: {
    type: widgetType,
    assignees: async ({ issue }, _args, context) => listConnection(await issueAssignees(issue, context)),
    allowsMultipleAssignees: () => true,
    canInviteMembers: async ({ issue }, _args, context) => {
      if (!context.actor.user) return false;
      const { project, namespace } = await issueInProject(issue, context);
      return context.access.canInProject('admin_project', project, namespace);
    },
  },
  WorkItemWidgetLabels: {
    type: widgetType,
    labels: async ({ issue }, _args, { loaders }) => listConnection(await loaders.issueLabels.load(issue.id)),
    allowsScopedLabels: () => true,
  },
  WorkItemWidgetWeight: {
    type: widgetType,
    weight: ({ issue }) => issue.weight,
    rolledUpWeight: async ({ issue }, _args, context) => {
      const children = await readableChildren(issue, context);
      return children.length === 0 ? issue.weight : sumWeights(children);
    },
    rolledUpCompletedWeight: async ({ issue }, _args, context) => {
      const children = await readableChildren(issue, context);
      if (children.length === 0) return issue.state === 'closed' ? issue.weight : null;
      return sumWeights(children.filter((child) => child.state === 'closed'));
    },
  },
  WorkItemWidgetHierarchy: {
    type: widgetType,
    parent: ({ issue }, _args, context) => readableParent(issue, context),
    children: async ({ issue }, args, context) => connectionOf(await readableChildren(issue, context), args),
    hasChildren: async ({ issue }, _args, context) => (await readableChildren(issue, context)).length > 0,
    hasParent: async ({ issue }, _args, { loaders }) =>
      (await loaders.workItemParentId.load(issue.id)) !== null,
    ancestors: async ({ issue }, args, context) =>
      connectionOf(await readableAncestors(issue, context), args),
  },
  WorkItemWidgetStartAndDueDate: {
    type: widgetType,
    startDate: () => null,
    dueDate: ({ issue }) => issue.due_date,
    isFixed: () => true,
    rollUp: () => false,
  },
  WorkItemWidgetMilestone: {
    type: widgetType,
    milestone: ({ issue }, _args, { loaders }) =>
      issue.milestone_id === null ? null : loaders.milestone.load(issue.milestone_id),
  },
  WorkItemWidgetNotes: {
    type: widgetType,
    discussionLocked: ({ issue }) => issue.discussion_locked,
    discussions: ({ issue }, args, context) => notes.discussions(issue, args, context),
  },
  WorkItemWidgetHealthStatus: {
    type: widgetType,
    healthStatus: ({ issue }) =>
      issue.health_status === null ? null : healthStatusOfCode(issue.health_status),
  },
  WorkItemWidgetCurrentUserTodos: {
    type: widgetType,
    currentUserTodos: async ({ issue }, { state }, { loaders }) => {
      const todos = await loaders.issueTodos.load(issue.id);
      return listConnection(state ? todos.filter((todo) => todo.state === state) : todos);
    },
  },
  WorkItemWidgetNotifications: {
    type: widgetType,
    subscribed: ({ issue }, _args, context) => issueSubscribed(issue, context),
  },
  WorkItemWidgetAwardEmoji: {
    type: widgetType,
    awardEmoji: ({ issue }, args, context) => notes.awardEmoji(issue, args, context),
    upvotes: async ({ issue }, _args, { loaders }) => (await loaders.issueVotes.load(issue.id)).upvotes,
    downvotes: async ({ issue }, _args, { loaders }) => (await loaders.issueVotes.load(issue.id)).downvotes,
  },
  WorkItemWidgetParticipants: {
    type: widgetType,
    participants: async ({ issue }, _args, context) =>
      listConnection(
        await issueParticipants(context.db, context.access, await issueInProject(issue, context)),
      ),
  },
};

export type { WorkItemModel };
