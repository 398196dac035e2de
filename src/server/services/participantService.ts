import { can, roleOf } from '../../core/domain/permissions.ts';
import type { Executor } from '../db/executor.ts';
import { findHighestAccessLevels } from '../db/repositories/memberRepository.ts';
import { findNoteAuthorIds } from '../db/repositories/participantRepository.ts';
import { findUsersByIds } from '../db/repositories/userRepository.ts';
import type { EpicRow, NamespaceRow, UserRow } from '../db/schema.ts';
import { type AccessContext, visibilityOfLevel } from './access.ts';

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
