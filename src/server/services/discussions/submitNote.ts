import type { Kysely } from 'kysely';
import { NOTE_MAX_LENGTH } from '../../../core/domain/discussions.ts';
import type { Database } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../errors.ts';
import { createNote, findDiscussion, type NoteInput, type NoteView } from './discussionService.ts';
import type { NoteablePolicy } from './noteable.ts';
import { prepareQuickActions } from './quickActions/quickActionService.ts';

/** What posting a comment did: the note (none for a body made only of quick actions) and the commands' report. */
export interface SubmittedNote {
  readonly note: NoteView | null;
  /** GitLab's `commands_changes`: the attributes the quick actions changed, by GitLab's names. */
  readonly commandsChanges: Readonly<Record<string, unknown>>;
  /** Names of the commands found (GitLab's `quick_actions_status.command_names`). */
  readonly commandNames: readonly string[];
  /** What the commands did ("Added ~bug label.") and what they could not ("Failed to …"). */
  readonly messages: readonly string[];
  readonly errorMessages: readonly string[];
}

/**
 * Posts a comment as GitLab's Notes::CreateService does: the body's quick actions run first, each
 * through the service the sidebar uses (so the same permissions and side effects), then the note is
 * created from the text they leave. "A body made only of quick actions adds no comment": then `note`
 * is null. A command this user may not use on this item stays in the text, as GitLab leaves it.
 * Everything createNote refuses (signed out, locked, blank, too long, internal without the right,
 * an unknown thread) is refused before any command runs.
 */
export async function submitNote(
  db: Kysely<Database>,
  access: AccessContext,
  policy: NoteablePolicy,
  input: NoteInput,
): Promise<SubmittedNote> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!policy.createNote) throw new ForbiddenError();
  if (input.body.trim() === '') throw new ValidationError({ note: ["can't be blank"] });
  if (input.body.length > NOTE_MAX_LENGTH) {
    throw new ValidationError({ note: [`is too long (maximum is ${NOTE_MAX_LENGTH} characters)`] });
  }
  if (input.internal && !policy.createInternal) throw new ForbiddenError();
  if (input.discussionId !== undefined) await findDiscussion(db, access, policy, input.discussionId);
  const prepared = await prepareQuickActions(db, access, policy.target, input.body);
  const outcome = await prepared.execute();
  const onlyCommands = prepared.commands.length > 0 && prepared.text.trim() === '';
  const note = onlyCommands ? null : await createNote(db, access, policy, { ...input, body: prepared.text });
  return {
    note,
    commandsChanges: outcome.commandsChanges,
    commandNames: prepared.commands.map((command) => command.name),
    messages: outcome.messages,
    errorMessages: outcome.errorMessages,
  };
}
