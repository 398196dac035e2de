import { can, type Role, roleOf } from '../../core/domain/permissions.ts';
import type { Executor } from '../db/executor.ts';
import { findAssigneeIdsOfIssues } from '../db/repositories/issueRepository.ts';
import { findHighestAccessLevels } from '../db/repositories/memberRepository.ts';
import { findUserIdsOf } from '../db/repositories/mergeRequestRepository.ts';
import { findNoteAuthorIds } from '../db/repositories/participantRepository.ts';
import { findUsersByIds } from '../db/repositories/userRepository.ts';
import type { EpicRow, NamespaceRow, UserRow } from '../db/schema.ts';
import { type AccessContext, visibilityOfLevel } from './access.ts';
import type { IssueInProject, ProjectInNamespace } from './issueService.ts';
import type { MergeRequestInProject } from './mergeRequests/mergeRequestQueries.ts';

/**
 * GitLab's participants of an epic: its author, then the authors of its notes in the order they
 * first wrote (epics have no assignees), each once. Internal notes count only for a viewer who may
 * read them, and people who may no longer read the epic (a confidential one, a private group they
 * left) are left out, as GitLab filters participants by their own access.
 */
export async function epicParticipants(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  epic: EpicRow,
): Promise<UserRow[]> {
  const withInternal = await access.canInNamespace('read_internal_note', group);
  const noteAuthors = await findNoteAuthorIds(db, { type: 'Epic', id: epic.id }, withInternal);
  const ids = [...new Set([epic.author_id, ...noteAuthors])];
  const [users, levels] = await Promise.all([
    findUsersByIds(db, ids),
    findHighestAccessLevels(db, ids, group.traversal_ids),
  ]);
  const byId = new Map(users.map((user) => [user.id, user]));
  const context = { visibility: visibilityOfLevel(group.visibility_level), confidential: epic.confidential };
  return ids
    .map((id) => byId.get(id))
    .filter((user): user is UserRow => user !== undefined)
    .filter((user) =>
      can(roleOf({ isAdmin: user.is_admin }, levels.get(user.id) ?? 0), 'read_epic', context),
    );
}

/**
 * GitLab's participants of an issue: its author, its assignees, then the authors of its notes in
 * the order they first wrote, each once; internal notes only for a viewer who may read them, and only
 * people who may still read the issue (confidential ones: Reporters, the author and assignees).
 */
export async function issueParticipants(
  db: Executor,
  access: AccessContext,
  { project, namespace, issue }: IssueInProject,
): Promise<UserRow[]> {
  const withInternal = await access.canInNamespace('read_internal_note', namespace);
  const [assigneeIds, noteAuthors] = await Promise.all([
    findAssigneeIdsOfIssues(db, [issue.id]).then((byIssue) => byIssue.get(issue.id) ?? []),
    findNoteAuthorIds(db, { type: 'Issue', id: issue.id }, withInternal),
  ]);
  const ids = [...new Set([issue.author_id, ...assigneeIds, ...noteAuthors])];
  const [users, levels] = await Promise.all([
    findUsersByIds(db, ids),
    findHighestAccessLevels(db, ids, namespace.traversal_ids),
  ]);
  const byId = new Map(users.map((user) => [user.id, user]));
  const assigned = new Set(assigneeIds);
  const visibility = visibilityOfLevel(project.visibility_level);
  return ids
    .map((id) => byId.get(id))
    .filter((user): user is UserRow => user !== undefined)
    .filter((user) =>
      can(roleOf({ isAdmin: user.is_admin }, levels.get(user.id) ?? 0), 'read_issue', {
        visibility,
        confidential: issue.confidential,
        isAuthor: user.id === issue.author_id,
        isAssignee: assigned.has(user.id),
      }),
    );
}

/**
 * The role each of these users holds in the project (through its groups, or as an administrator),
 * in one statement: for per-user checks such as GitLab's user.mergeRequestInteraction.
 */
export async function projectRolesOf(
  db: Executor,
  { namespace }: ProjectInNamespace,
  users: readonly Pick<UserRow, 'id' | 'is_admin'>[],
): Promise<Map<number, Role>> {
  const levels = await findHighestAccessLevels(
    db,
    users.map((user) => user.id),
    namespace.traversal_ids,
  );
  return new Map(
    users.map((user) => [user.id, roleOf({ isAdmin: user.is_admin }, levels.get(user.id) ?? 0)]),
  );
}

/**
 * Which of these users could merge in the project (GitLab's user.mergeRequestInteraction.canMerge):
 * a participant who cannot gets the sidebar's warning icon.
 */
export async function usersWhoCanMerge(
  db: Executor,
  place: ProjectInNamespace,
  userIds: readonly number[],
): Promise<Set<number>> {
  const visibility = visibilityOfLevel(place.project.visibility_level);
  const roles = await projectRolesOf(db, place, await findUsersByIds(db, [...new Set(userIds)]));
  return new Set(
    [...roles].filter(([, role]) => can(role, 'merge_merge_request', { visibility })).map(([id]) => id),
  );
}

/**
 * GitLab's participants of a merge request: its author, assignees and reviewers, then the authors of
 * its notes in the order they first wrote, each once; only people who may still read it.
 */
export async function mergeRequestParticipants(
  db: Executor,
  access: AccessContext,
  { project, namespace, mergeRequest }: MergeRequestInProject,
): Promise<UserRow[]> {
  const withInternal = await access.canInNamespace('read_internal_note', namespace);
  const [assignees, reviewers, noteAuthors] = await Promise.all([
    findUserIdsOf(db, 'merge_request_assignees', [mergeRequest.id]),
    findUserIdsOf(db, 'merge_request_reviewers', [mergeRequest.id]),
    findNoteAuthorIds(db, { type: 'MergeRequest', id: mergeRequest.id }, withInternal),
  ]);
  const ids = [
    ...new Set([
      mergeRequest.author_id,
      ...(assignees.get(mergeRequest.id) ?? []),
      ...(reviewers.get(mergeRequest.id) ?? []),
      ...noteAuthors,
    ]),
  ];
  const [users, levels] = await Promise.all([
    findUsersByIds(db, ids),
    findHighestAccessLevels(db, ids, namespace.traversal_ids),
  ]);
  const byId = new Map(users.map((user) => [user.id, user]));
  const visibility = visibilityOfLevel(project.visibility_level);
  return ids
    .map((id) => byId.get(id))
    .filter((user): user is UserRow => user !== undefined)
    .filter((user) =>
      can(roleOf({ isAdmin: user.is_admin }, levels.get(user.id) ?? 0), 'read_merge_request', { visibility }),
    );
}
