import type { Executor } from '../db/executor.ts';
import { findAwardedEmojiNames, searchUsers } from '../db/repositories/userRepository.ts';
import type { NamespaceRow, UserRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import type { Actor } from './actor.ts';
import { NotFoundError } from './errors.ts';
import { findReadableGroup } from './groupService.ts';

/** What the filter bar suggests as one types (GitLab's autocomplete): users to filter by, awarded emoji. */

export interface UserSuggestionQuery {
  readonly search: string;
  readonly limit: number;
  /** Rank this group's members (and its ancestors') first, if the viewer may read the group. */
  readonly groupId?: number | undefined;
}

/**
 * Active users matching the search. Members of the group and of its ancestors (who are members by
 * inheritance) come first; members of its subgroups do not, since a viewer may not see a private
 * subgroup or who belongs to it.
 */
export async function suggestUsers(
  db: Executor,
  access: AccessContext,
  query: UserSuggestionQuery,
): Promise<UserRow[]> {
  const group = await visibleGroup(db, access, query.groupId);
  return searchUsers(db, query.search, query.limit, group?.traversal_ids ?? []);
}

/** The emoji names the signed-in user awards, most used first; none for an anonymous visitor. */
export async function suggestAwardedEmoji(db: Executor, actor: Actor, limit: number): Promise<string[]> {
  if (!actor.user) return [];
  return findAwardedEmojiNames(db, actor.user.id, limit);
}

/**
 * The group with this id if the viewer may read it, else undefined: GitLab ignores a group_id it
 * cannot show, and ranking by an invisible group's members would reveal who belongs to it.
 */
async function visibleGroup(
  db: Executor,
  access: AccessContext,
  groupId: number | undefined,
): Promise<NamespaceRow | undefined> {
  if (groupId === undefined) return undefined;
  try {
    return await findReadableGroup(db, access, String(groupId));
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
