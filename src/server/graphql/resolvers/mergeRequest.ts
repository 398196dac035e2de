import { toGlobalId } from '../../../core/domain/gid.ts';
import { isDraftTitle, mergeStatus } from '../../../core/domain/mergeRequests.ts';
import { can } from '../../../core/domain/permissions.ts';
import { issuableReference } from '../../../core/domain/references.ts';
import { mergeRequestWebPath } from '../../../core/domain/webPaths.ts';
import { escapeHtml } from '../../../core/lib/escapeHtml.ts';
import type { MergeRequestRow, UserRow } from '../../db/schema.ts';
import { visibilityOfLevel } from '../../services/access.ts';
import { renderMarkdown } from '../../services/markdown/markdownRenderer.ts';
import { headSha, mergeStatusOf } from '../../services/mergeRequests/mergeRequestMerge.ts';
import {
  type MergeRequestInProject,
  mergeRequestRights,
} from '../../services/mergeRequests/mergeRequestQueries.ts';
import { mergeRequestParticipants } from '../../services/participantService.ts';
import { mergeRequestSubscribedBy } from '../../services/subscriptionService.ts';
import { listConnection } from '../connection.ts';
import type { GraphQLContext } from '../context.ts';
import type {
  DetailedMergeStatus,
  MergeRequestAssigneeResolvers,
  MergeRequestPermissionsResolvers,
  MergeRequestResolvers,
  MergeRequestReviewState,
  MergeStatus,
  UserMergeRequestInteractionResolvers,
} from '../generated/resolvers.ts';
import { projectUserKey } from '../loaders/mergeRequestLoaders.ts';
import type { MergeRequestModel, MergeRequestUserModel } from '../models.ts';
import { iso } from './fieldValues.ts';
import { userFields } from './user.ts';

/** The merge request with its project and the project's namespace: what its rights and its text read. */
export async function mergeRequestInProject(
  mergeRequest: MergeRequestModel,
  { loaders }: GraphQLContext,
): Promise<MergeRequestInProject> {
  const project = await loaders.project.load(mergeRequest.project_id);
  const namespace = project ? await loaders.namespace.load(project.namespace_id) : null;
  if (!project || !namespace) throw new Error(`Merge request ${mergeRequest.id} has no project`);
  return { project, namespace, mergeRequest };
}

const projectOf = async (mergeRequest: MergeRequestModel, context: GraphQLContext) =>
  (await mergeRequestInProject(mergeRequest, context)).project;

const webPathOf = async (mergeRequest: MergeRequestModel, context: GraphQLContext) =>
  mergeRequestWebPath((await projectOf(mergeRequest, context)).full_path, mergeRequest.iid);

/** Users by id, in that order, each as a user on this merge request (for `mergeRequestInteraction`). */
async function usersOn(
  mergeRequest: MergeRequestRow,
  ids: readonly number[],
  { loaders }: GraphQLContext,
): Promise<MergeRequestUserModel[]> {
  const users = await Promise.all(ids.map((id) => loaders.user.load(id)));
  return users.filter((user) => user !== null).map((user) => ({ ...user, interactsWith: mergeRequest }));
}

async function usersByIds(ids: readonly number[], { loaders }: GraphQLContext): Promise<UserRow[]> {
  const users = await Promise.all(ids.map((id) => loaders.user.load(id)));
  return users.filter((user) => user !== null);
}

/** Whether the current user gets notifications about it; a page's choices and people come in batches. */
async function subscribed(mergeRequest: MergeRequestModel, { actor, loaders }: GraphQLContext) {
  const viewerId = actor.user?.id;
  if (viewerId === undefined) return false;
  const { mergeRequests } = loaders;
  return mergeRequestSubscribedBy(
    await mergeRequests.subscription.load(mergeRequest.id),
    viewerId,
    mergeRequest,
    async () =>
      (await mergeRequests.people.load(mergeRequest.id)).assigneeIds.includes(viewerId) ||
      (await mergeRequests.people.load(mergeRequest.id)).reviewers.some(({ userId }) => userId === viewerId),
  );
}

/** Comments the reader may see: internal ones only for those who read internal notes. */
async function userNotesCount(mergeRequest: MergeRequestModel, context: GraphQLContext) {
  const { project, namespace } = await mergeRequestInProject(mergeRequest, context);
  const [readInternal, counts] = await Promise.all([
    context.access.canInProject('read_internal_note', project, namespace),
    context.loaders.mergeRequests.noteCounts.load(mergeRequest.id),
  ]);
  if (!counts) return 0;
  return readInternal ? counts.notes : counts.publicNotes;
}

export const MergeRequest: MergeRequestResolvers = {
  id: (mergeRequest) => toGlobalId('MergeRequest', mergeRequest.id),
  iid: (mergeRequest) => String(mergeRequest.iid),
  titleHtml: (mergeRequest) => escapeHtml(mergeRequest.title),
  descriptionHtml: async (mergeRequest, _args, context) => {
    const { project, namespace } = await mergeRequestInProject(mergeRequest, context);
    return (await context.markdown.render({ project, namespace }, mergeRequest.description)).html;
  },
  draft: (mergeRequest) => isDraftTitle(mergeRequest.title),
  createdAt: (mergeRequest) => mergeRequest.created_at.toISOString(),
  updatedAt: (mergeRequest) => mergeRequest.updated_at.toISOString(),
  mergedAt: (mergeRequest) => iso(mergeRequest.merged_at),
  closedAt: (mergeRequest) => iso(mergeRequest.closed_at),
  sourceBranch: (mergeRequest) => mergeRequest.source_branch,
  targetBranch: (mergeRequest) => mergeRequest.target_branch,
  mergeable: (mergeRequest) => mergeStatusOf(mergeRequest) === 'mergeable',
  detailedMergeStatus: (mergeRequest) => mergeStatusOf(mergeRequest).toUpperCase() as DetailedMergeStatus,
  mergeStatus: (mergeRequest) => mergeStatus({ canMerge: mergeRequest.can_merge }),
  mergeStatusEnum: (mergeRequest) =>
    mergeStatus({ canMerge: mergeRequest.can_merge }).toUpperCase() as MergeStatus,
  conflicts: (mergeRequest) => !mergeRequest.can_merge,
  shouldBeRebased: () => false,
  mergeOngoing: () => false,
  autoMergeEnabled: () => false,
  diffHeadSha: (mergeRequest) => headSha(mergeRequest),
  mergeCommitSha: (mergeRequest) => mergeRequest.merge_commit_sha,
  squashOnMerge: (mergeRequest) => mergeRequest.squash,
  author: async (mergeRequest, _args, context) =>
    (await usersOn(mergeRequest, [mergeRequest.author_id], context))[0] ?? null,
  mergeUser: (mergeRequest, _args, { loaders }) =>
    mergeRequest.merge_user_id === null ? null : loaders.user.load(mergeRequest.merge_user_id),
  // Each relation of a page of merge requests comes in one statement.
  assignees: async (mergeRequest, _args, context) =>
    listConnection(
      await usersOn(
        mergeRequest,
        (await context.loaders.mergeRequests.people.load(mergeRequest.id)).assigneeIds,
        context,
      ),
    ),
  reviewers: async (mergeRequest, _args, context) => {
    const { reviewers } = await context.loaders.mergeRequests.people.load(mergeRequest.id);
    return listConnection(
      await usersOn(
        mergeRequest,
        reviewers.map(({ userId }) => userId),
        context,
      ),
    );
  },
  participants: async (mergeRequest, _args, context) => {
    const located = await mergeRequestInProject(mergeRequest, context);
    const users = await mergeRequestParticipants(context.db, context.access, located);
    return listConnection(users.map((user) => ({ ...user, interactsWith: mergeRequest })));
  },
  labels: async (mergeRequest, _args, { loaders }) =>
    listConnection(await loaders.mergeRequests.labels.load(mergeRequest.id)),
  milestone: (mergeRequest, _args, { loaders }) =>
    mergeRequest.milestone_id === null ? null : loaders.milestone.load(mergeRequest.milestone_id),
  approved: async (mergeRequest, _args, { loaders }) =>
    (await loaders.mergeRequests.approverIds.load(mergeRequest.id)).length > 0,
  approvedBy: async (mergeRequest, _args, context) =>
    listConnection(
      await usersByIds(await context.loaders.mergeRequests.approverIds.load(mergeRequest.id), context),
    ),
  approvalsRequired: () => 0,
  approvalsLeft: () => 0,
  userPermissions: async (mergeRequest, _args, context) => {
    const located = await mergeRequestInProject(mergeRequest, context);
    return { located, rights: await mergeRequestRights(context.access, located) };
  },
  subscribed: (mergeRequest, _args, context) => subscribed(mergeRequest, context),
  discussionLocked: (mergeRequest) => mergeRequest.discussion_locked,
  userNotesCount: (mergeRequest, _args, context) => userNotesCount(mergeRequest, context),
  upvotes: async (mergeRequest, _args, { loaders }) =>
    (await loaders.mergeRequests.votes.load(mergeRequest.id)).upvotes,
  downvotes: async (mergeRequest, _args, { loaders }) =>
    (await loaders.mergeRequests.votes.load(mergeRequest.id)).downvotes,
  currentUserTodos: async (mergeRequest, { state }, { loaders }) => {
    const todos = await loaders.mergeRequests.todos.load(mergeRequest.id);
    return listConnection(state ? todos.filter((todo) => todo.state === state) : todos);
  },
  reference: async (mergeRequest, { full }, context) =>
    issuableReference(
      'merge_request',
      mergeRequest.iid,
      (await projectOf(mergeRequest, context)).full_path,
      full ?? false,
    ),
  webPath: (mergeRequest, _args, context) => webPathOf(mergeRequest, context),
  webUrl: async (mergeRequest, _args, context) =>
    `${context.config.externalUrl}${await webPathOf(mergeRequest, context)}`,
  project: (mergeRequest, _args, context) => projectOf(mergeRequest, context),
  projectId: (mergeRequest) => mergeRequest.project_id,
  sourceProject: (mergeRequest, _args, context) => projectOf(mergeRequest, context),
  sourceProjectId: (mergeRequest) => mergeRequest.project_id,
  targetProject: (mergeRequest, _args, context) => projectOf(mergeRequest, context),
  targetProjectId: (mergeRequest) => mergeRequest.project_id,
  taskCompletionStatus: (mergeRequest) => {
    const { tasks } = renderMarkdown(mergeRequest.description);
    return { count: tasks.total, completedCount: tasks.completed };
  },
  timeEstimate: () => 0,
  totalTimeSpent: () => 0,
  humanTimeEstimate: () => null,
  humanTotalTimeSpent: () => null,
};

export const MergeRequestPermissions: MergeRequestPermissionsResolvers = {
  readMergeRequest: ({ located: { project, namespace } }, _args, { access }) =>
    access.canInProject('read_merge_request', project, namespace),
  adminMergeRequest: ({ rights }) => rights.canAdmin,
  updateMergeRequest: ({ rights }) => rights.canUpdate,
  createNote: ({ located: { project, namespace, mergeRequest } }, _args, { access, actor }) =>
    actor.user !== null &&
    access.canInProject('create_note', project, namespace, {
      isAuthor: mergeRequest.author_id === actor.user.id,
    }),
  canMerge: ({ rights }) => rights.canMerge,
  // GitLab's eligible_for_approval_by?: may approve, while open, and has not approved yet.
  canApprove: async ({ located: { mergeRequest }, rights }, _args, { actor, loaders }) =>
    rights.canApprove &&
    mergeRequest.state === 'opened' &&
    !(await loaders.mergeRequests.approverIds.load(mergeRequest.id)).includes(actor.user?.id ?? 0),
  pushToSourceBranch: () => false,
  removeSourceBranch: () => false,
  cherryPickOnCurrentMergeRequest: () => false,
  revertOnCurrentMergeRequest: () => false,
};

/** The user's role in the merge request's project and how it reads (one batch per page). */
async function interactionRole(
  { user, mergeRequest }: { user: UserRow; mergeRequest: MergeRequestRow },
  context: GraphQLContext,
) {
  const [role, project] = await Promise.all([
    context.loaders.mergeRequests.projectRole.load(projectUserKey(mergeRequest.project_id, user.id)),
    projectOf(mergeRequest, context),
  ]);
  return { role, visibility: visibilityOfLevel(project.visibility_level) };
}

async function reviewStateOf(user: UserRow, mergeRequest: MergeRequestRow, context: GraphQLContext) {
  const { reviewers } = await context.loaders.mergeRequests.people.load(mergeRequest.id);
  return reviewers.find(({ userId }) => userId === user.id)?.state ?? null;
}

export const UserMergeRequestInteraction: UserMergeRequestInteractionResolvers = {
  canMerge: async (interaction, _args, context) => {
    const { role, visibility } = await interactionRole(interaction, context);
    return can(role, 'merge_merge_request', { visibility });
  },
  canUpdate: async (interaction, _args, context) => {
    const { role, visibility } = await interactionRole(interaction, context);
    const isAuthor = interaction.mergeRequest.author_id === interaction.user.id;
    return can(role, 'update_merge_request', { visibility, isAuthor });
  },
  reviewState: async ({ user, mergeRequest }, _args, context) =>
    ((await reviewStateOf(user, mergeRequest, context))?.toUpperCase() ??
      null) as MergeRequestReviewState | null,
  reviewed: async ({ user, mergeRequest }, _args, context) =>
    (await reviewStateOf(user, mergeRequest, context)) === 'reviewed',
  approved: async ({ user, mergeRequest }, _args, { loaders }) =>
    (await loaders.mergeRequests.approverIds.load(mergeRequest.id)).includes(user.id),
};

/** The author, an assignee, a reviewer or a participant: a user, and their relation to the merge request. */
const mergeRequestUser: MergeRequestAssigneeResolvers = {
  ...userFields,
  mergeRequestInteraction: (user) => ({ user, mergeRequest: user.interactsWith }),
};

export const mergeRequestUserTypes = {
  MergeRequestAuthor: mergeRequestUser,
  MergeRequestAssignee: mergeRequestUser,
  MergeRequestReviewer: mergeRequestUser,
  MergeRequestParticipant: mergeRequestUser,
};
