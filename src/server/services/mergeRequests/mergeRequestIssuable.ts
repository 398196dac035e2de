import type { Kysely } from 'kysely';
import { findUserById } from '../../db/repositories/userRepository.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { UnauthorizedError, ValidationError } from '../errors.ts';
import { resolveTaskToggle, type TextChanges } from '../issuableTaskToggle.ts';
import { type MergeRequestChanges, updateMergeRequest } from './mergeRequestCommands.ts';
import type { MergeRequestInProject } from './mergeRequestQueries.ts';

/**
 * The merge request page's issuable view: what the title and description editor shows, and saving
 * it. Permission, validation and locking are mergeRequestCommands'.
 */

export interface MergeRequestIssuable extends MergeRequestInProject {
  /** Null until the first edit, or when that user was deleted. */
  readonly lastEditor: UserRow | null;
}

export async function withMergeRequestLastEditor(
  db: Kysely<Database>,
  located: MergeRequestInProject,
): Promise<MergeRequestIssuable> {
  const editorId = located.mergeRequest.last_edited_by_id;
  const lastEditor = editorId === null ? null : ((await findUserById(db, editorId)) ?? null);
  return { ...located, lastEditor };
}

export type MergeRequestTextChanges = TextChanges &
  Pick<MergeRequestChanges, 'title' | 'description' | 'stateEvent' | 'lockVersion'>;

/** Saves the edit form (title, description, state, a ticked task) in one transaction. */
export async function saveMergeRequestIssuable(
  db: Kysely<Database>,
  access: AccessContext,
  located: MergeRequestInProject,
  changes: MergeRequestTextChanges,
): Promise<MergeRequestIssuable> {
  if (!access.actor.user) throw new UnauthorizedError();
  const { title, description, stateEvent, updateTask } = changes;
  if ([title, description, stateEvent, updateTask].every((field) => field === undefined)) {
    throw new ValidationError({ merge_request: ['must include a title, description or state_event'] });
  }
  const { updateTask: _toggle, ...toggled } = resolveTaskToggle(located.mergeRequest, changes);
  const mergeRequest = await updateMergeRequest(db, access, located, toggled);
  return withMergeRequestLastEditor(db, { ...located, mergeRequest });
}
