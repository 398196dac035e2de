import type { Kysely } from 'kysely';
import type { Role } from '../../../core/domain/permissions.ts';
import { appendTo } from '../../../core/lib/multiMap.ts';
import { countVotes } from '../../db/repositories/issueRepository.ts';
import { findLabelsOfTargets } from '../../db/repositories/labelRepository.ts';
import {
  findMergeRequestsByIds,
  findReviewersOf,
  findUserIdsOf,
} from '../../db/repositories/mergeRequestRepository.ts';
import { countUserNotes, type UserNoteCounts } from '../../db/repositories/noteRepository.ts';
import { findSubscriptionChoices } from '../../db/repositories/subscriptionRepository.ts';
import { findTodosOfTargets } from '../../db/repositories/todoRepository.ts';
import type {
  Database,
  LabelRow,
  MergeRequestRow,
  NamespaceRow,
  ProjectRow,
  ReviewerState,
  TodoRow,
  UserRow,
} from '../../db/schema.ts';
import { projectRolesOf } from '../../services/participantService.ts';
import { BatchLoader } from '../batchLoader.ts';

/** The people of a merge request: its assignees, and its reviewers with their review state. */
export interface MergeRequestPeople {
  readonly assigneeIds: readonly number[];
  readonly reviewers: readonly { readonly userId: number; readonly state: ReviewerState }[];
}

const NO_PEOPLE: MergeRequestPeople = { assigneeIds: [], reviewers: [] };

/** Key of a user's role in a project: the project's id and the user's. */
export const projectUserKey = (projectId: number, userId: number): string => `${projectId}|${userId}`;

/**
 * Per-request batch loaders of merge request relations: a page of merge requests costs one
 * statement per relation asked for, whatever its size. `project` and `namespace` are the request's
 * own loaders (the places and users of the roles read here).
 */
export function createMergeRequestLoaders(
  db: Kysely<Database>,
  viewerId: number | null,
  places: {
    readonly project: BatchLoader<number, ProjectRow | null>;
    readonly namespace: BatchLoader<number, NamespaceRow | null>;
    readonly user: BatchLoader<number, UserRow | null>;
  },
) {
  return {
    /** Merge requests by id, unchecked: for rows already filtered to what the viewer may read. */
    byId: new BatchLoader<number, MergeRequestRow | null>(
      async (ids) => new Map((await findMergeRequestsByIds(db, ids)).map((row) => [row.id, row])),
      null,
    ),
    /**
     * The assignees of each merge request, and its reviewers with their review state, in the order
     * they were added: read together, so that a page's assignees and reviewers arrive in one tick
     * and their users (and roles) are read in one batch each.
     */
    people: new BatchLoader<number, MergeRequestPeople>(async (ids) => {
      const [assignees, reviewers] = await Promise.all([
        findUserIdsOf(db, 'merge_request_assignees', ids),
        findReviewersOf(db, ids),
      ]);
      return new Map(
        ids.map((id) => [id, { assigneeIds: assignees.get(id) ?? [], reviewers: reviewers.get(id) ?? [] }]),
      );
    }, NO_PEOPLE),
    approverIds: new BatchLoader<number, number[]>(
      (ids) => findUserIdsOf(db, 'merge_request_approvals', ids),
      [],
    ),
    labels: new BatchLoader<number, LabelRow[]>((ids) => findLabelsOfTargets(db, 'MergeRequest', ids), []),
    votes: new BatchLoader((ids: number[]) => countVotes(db, 'MergeRequest', ids), {
      upvotes: 0,
      downvotes: 0,
    }),
    noteCounts: new BatchLoader<number, UserNoteCounts | null>(
      (ids) => countUserNotes(db, 'MergeRequest', ids),
      null,
    ),
    /** The viewer's to-dos on each merge request, every state, in one statement. */
    todos: new BatchLoader<number, TodoRow[]>(
      async (ids) => (viewerId === null ? new Map() : findTodosOfTargets(db, viewerId, 'MergeRequest', ids)),
      [],
    ),
    subscription: new BatchLoader<number, boolean | null>(
      async (ids) =>
        viewerId === null ? new Map() : findSubscriptionChoices(db, viewerId, 'MergeRequest', ids),
      null,
    ),
    /**
     * Keyed by `projectUserKey`: the role each user on the page's merge requests holds in their
     * project (GitLab's mergeRequestInteraction), two statements per project.
     */
    projectRole: new BatchLoader<string, Role>(async (keys) => {
      const byProject = new Map<number, number[]>();
      for (const key of keys) {
        const [projectId, userId] = key.split('|').map(Number) as [number, number];
        appendTo(byProject, projectId, userId);
      }
      const result = new Map<string, Role>();
      for (const [projectId, userIds] of byProject) {
        const project = await places.project.load(projectId);
        const namespace = project ? await places.namespace.load(project.namespace_id) : null;
        if (!project || !namespace) continue;
        // The users are the page's own, already read: only their memberships cost a statement.
        const users = (await Promise.all(userIds.map((id) => places.user.load(id)))).filter(
          (user) => user !== null,
        );
        for (const [userId, role] of await projectRolesOf(db, { project, namespace }, users)) {
          result.set(projectUserKey(projectId, userId), role);
        }
      }
      return result;
    }, 'anonymous'),
  };
}

export type MergeRequestLoaders = ReturnType<typeof createMergeRequestLoaders>;
