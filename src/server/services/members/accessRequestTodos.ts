import { AccessLevel } from '../../../core/domain/accessLevel.ts';
import { TODO_ACTION_MEMBER_ACCESS_REQUESTED } from '../../../core/domain/todos.ts';
import type { Executor } from '../../db/executor.ts';
import { findAccessRequestApprovers } from '../../db/repositories/memberRepository.ts';
import { insertTodos, markTodosOfTargetDone } from '../../db/repositories/todoRepository.ts';
import type { MembersOf } from '../memberService.ts';
import { rootNamespaceIdOf, sourceKeyOf } from './memberSources.ts';

/**
 * GitLab's `member_access_requested` to-dos: one for each approver (the ten most recently active
 * owners of a group, maintainers of a project), pointing at the group or project, by the requester.
 */
export async function addAccessRequestTodos(db: Executor, of: MembersOf, requesterId: number, now: Date) {
  const source = sourceKeyOf(of);
  const approvers =
    of.kind === 'group'
      ? await findAccessRequestApprovers(
          db,
          { projectId: null, traversalIds: of.group.traversal_ids },
          AccessLevel.Owner,
        )
      : await findAccessRequestApprovers(
          db,
          { projectId: of.project.project.id, traversalIds: of.project.namespace.traversal_ids },
          AccessLevel.Maintainer,
        );
  await insertTodos(
    db,
    approvers.map((userId) => ({
      root_namespace_id: rootNamespaceIdOf(of),
      user_id: userId,
      author_id: requesterId,
      target_type: source.sourceType,
      target_id: source.sourceId,
      group_id: of.kind === 'group' ? of.group.id : null,
      project_id: of.kind === 'project' ? of.project.project.id : null,
      action: TODO_ACTION_MEMBER_ACCESS_REQUESTED,
      state: 'pending' as const,
      created_at: now,
      updated_at: now,
    })),
  );
}

/** The request is answered (approved, denied, withdrawn, or its author joined): its to-dos are done. */
export function resolveAccessRequestTodos(db: Executor, of: MembersOf, requesterId: number, now: Date) {
  const source = sourceKeyOf(of);
  return markTodosOfTargetDone(
    db,
    { type: source.sourceType, id: source.sourceId },
    { action: TODO_ACTION_MEMBER_ACCESS_REQUESTED, authorId: requesterId },
    now,
  );
}
