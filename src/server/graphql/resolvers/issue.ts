import { toGlobalId } from '../../../core/domain/gid.ts';
import { healthStatusOfCode } from '../../../core/domain/healthStatus.ts';
import type { PermissionContext } from '../../../core/domain/permissions.ts';
import { issuableReference } from '../../../core/domain/references.ts';
import { BANNED } from '../../../core/domain/userStates.ts';
import { issueOrTaskWebPath } from '../../../core/domain/webPaths.ts';
import { escapeHtml } from '../../../core/lib/escapeHtml.ts';
import { renderMarkdown } from '../../services/markdown/markdownRenderer.ts';
import { issueParticipants } from '../../services/participantService.ts';
import { issueSubscribedBy } from '../../services/subscriptionService.ts';
import { listConnection } from '../connection.ts';
import type { GraphQLContext } from '../context.ts';
import type { IssuePermissionsResolvers, IssueResolvers, IssueType } from '../generated/resolvers.ts';
import type { IssueModel, IssuePermissionsModel } from '../models.ts';
import { iso } from './fieldValues.ts';

const ISSUE_TYPE: Record<string, IssueType> = { issue: 'ISSUE', incident: 'INCIDENT', task: 'TASK' };

async function projectOf(issue: IssueModel, { loaders }: GraphQLContext) {
  const project = await loaders.project.load(issue.project_id);
  if (!project) throw new Error(`Issue ${issue.id} has no project`);
  return project;
}

/** The issue with its project and the project's namespace: what its policy and its text read. */
export async function issueInProject(
  issue: IssueModel,
  context: GraphQLContext,
): Promise<IssuePermissionsModel> {
  const project = await projectOf(issue, context);
  const namespace = await context.loaders.namespace.load(project.namespace_id);
  if (!namespace) throw new Error(`Project ${project.id} has no namespace`);
  return { project, namespace, issue };
}

export async function issueDescriptionHtml(issue: IssueModel, context: GraphQLContext): Promise<string> {
  const { project, namespace } = await issueInProject(issue, context);
  return (await context.markdown.render({ project, namespace }, issue.description)).html;
}

/** Whether the current user gets notifications about it; the choices of a page come in one statement. */
export async function issueSubscribed(
  issue: IssueModel,
  { actor, loaders }: GraphQLContext,
): Promise<boolean> {
  const viewerId = actor.user?.id;
  if (viewerId === undefined) return false;
  return issueSubscribedBy(await loaders.issueSubscription.load(issue.id), viewerId, issue, async () =>
    (await loaders.issueAssigneeIds.load(issue.id)).includes(viewerId),
  );
}

export async function issueAssignees(issue: IssueModel, { loaders }: GraphQLContext) {
  const ids = await loaders.issueAssigneeIds.load(issue.id);
  const users = await Promise.all(ids.map((id) => loaders.user.load(id)));
  return users.filter((user) => user !== null);
}

export const issueReference = async (issue: IssueModel, full: boolean, context: GraphQLContext) =>
  issuableReference('issue', issue.iid, (await projectOf(issue, context)).full_path, full);

/** Where the issue opens: a task's own page (`/-/work_items/:iid`), any other type's issue page. */
const issueRowWebPath = async (issue: IssueModel, context: GraphQLContext) =>
  issueOrTaskWebPath((await projectOf(issue, context)).full_path, issue.iid, issue.issue_type);

export const issueWebUrl = async (issue: IssueModel, context: GraphQLContext) =>
  `${context.config.externalUrl}${await issueRowWebPath(issue, context)}`;

export const Issue: IssueResolvers = {
  descriptionHtml: (issue, _args, context) => issueDescriptionHtml(issue, context),
  hidden: async (issue, _args, { loaders }) => (await loaders.user.load(issue.author_id))?.state === BANNED,
  taskCompletionStatus: (issue) => {
    const { tasks } = renderMarkdown(issue.description);
    return { count: tasks.total, completedCount: tasks.completed };
  },
  userPermissions: (issue, _args, context) => issueInProject(issue, context),
  id: (issue) => toGlobalId('Issue', issue.id),
  iid: (issue) => String(issue.iid),
  titleHtml: (issue) => escapeHtml(issue.title),
  discussionLocked: (issue) => issue.discussion_locked,
  // The choices and assignees of a page of issues come in one statement each.
  subscribed: (issue, _args, context) => issueSubscribed(issue, context),
  participants: async (issue, _args, context) =>
    listConnection(await issueParticipants(context.db, context.access, await issueInProject(issue, context))),
  currentUserTodos: async (issue, { state }, { loaders }) => {
    const todos = await loaders.issueTodos.load(issue.id);
    return listConnection(state ? todos.filter((todo) => todo.state === state) : todos);
  },
  type: (issue) => ISSUE_TYPE[issue.issue_type] ?? 'ISSUE',
  healthStatus: (issue) => (issue.health_status === null ? null : healthStatusOfCode(issue.health_status)),
  dueDate: (issue) => issue.due_date,
  createdAt: (issue) => issue.created_at.toISOString(),
  updatedAt: (issue) => issue.updated_at.toISOString(),
  closedAt: (issue) => iso(issue.closed_at),
  author: async (issue, _args, { loaders }) => {
    const author = await loaders.user.load(issue.author_id);
    if (!author) throw new Error(`Issue ${issue.id} has no author`);
    return author;
  },
  assignees: async (issue, _args, context) => listConnection(await issueAssignees(issue, context)),
  labels: async (issue, _args, { loaders }) => listConnection(await loaders.issueLabels.load(issue.id)),
  milestone: (issue, _args, { loaders }) =>
    issue.milestone_id === null ? null : loaders.milestone.load(issue.milestone_id),
  epic: async (issue, _args, context) => {
    const epicId = await context.loaders.issueEpicId.load(issue.id);
    const epic = epicId === null ? null : await context.loaders.epic.load(epicId);
    const group = epic ? await context.loaders.namespace.load(epic.group_id) : null;
    if (!epic || !group) return null;
    return (await context.access.canInNamespace('read_epic', group, { confidential: epic.confidential }))
      ? epic
      : null;
  },
  projectId: (issue) => issue.project_id,
  reference: (issue, { full }, context) => issueReference(issue, full ?? false, context),
  webPath: (issue, _args, context) => issueRowWebPath(issue, context),
  webUrl: (issue, _args, context) => issueWebUrl(issue, context),
  relativePosition: (issue) => issue.relative_position,
  upvotes: async (issue, _args, { loaders }) => (await loaders.issueVotes.load(issue.id)).upvotes,
  downvotes: async (issue, _args, { loaders }) => (await loaders.issueVotes.load(issue.id)).downvotes,
};

/** The author and assignees pass GitLab's confidential check; the author may edit their own text. */
async function issueContext(
  { issue }: IssuePermissionsModel,
  { actor, loaders }: GraphQLContext,
): Promise<Omit<PermissionContext, 'visibility'>> {
  const viewerId = actor.user?.id;
  const isAuthor = viewerId !== undefined && issue.author_id === viewerId;
  const isAssignee =
    viewerId !== undefined && !isAuthor && (await loaders.issueAssigneeIds.load(issue.id)).includes(viewerId);
  return { confidential: issue.confidential, isAuthor, isAssignee };
}

export const allowed =
  (action: Parameters<GraphQLContext['access']['canInProject']>[0]) =>
  async (model: IssuePermissionsModel, _args: unknown, context: GraphQLContext) =>
    // A signed-out visitor reads at most: every write needs a user.
    (action === 'read_issue' || context.actor.user !== null) &&
    context.access.canInProject(action, model.project, model.namespace, await issueContext(model, context));

/** Linking issues is update_issue without the author's exemption (relatedLinkService.ts). */
export const mayRelate = async (model: IssuePermissionsModel, context: GraphQLContext): Promise<boolean> =>
  context.actor.user !== null &&
  context.access.canInProject('update_issue', model.project, model.namespace, {
    confidential: model.issue.confidential,
  });

export const IssuePermissions: IssuePermissionsResolvers = {
  readIssue: allowed('read_issue'),
  updateIssue: allowed('update_issue'),
  reopenIssue: allowed('update_issue'),
  adminIssue: allowed('admin_issue'),
  adminIssueRelation: (model, _args, context) => mayRelate(model, context),
  createNote: allowed('create_note'),
  destroyIssue: allowed('destroy_issue'),
};
