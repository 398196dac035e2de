import type { Kysely } from 'kysely';
import { findEpicById } from '../db/repositories/epicRepository.ts';
import { findUserById } from '../db/repositories/userRepository.ts';
import type { Database, EpicRow, NamespaceRow, UserRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import { prepareQuickActions } from './discussions/quickActions/quickActionService.ts';
import { deleteEpic, updateEpic } from './epics/epicCommands.ts';
import { findReadableEpic } from './epics/epicQueries.ts';
import { UnauthorizedError, ValidationError } from './errors.ts';
import { resolveTaskToggle, type TextChanges } from './issuableTaskToggle.ts';

/**
 * The epic page's issuable view (GitLab's IssuableActions for epics): reading what the title and
 * description editor shows, saving it, and the page's delete form. Permission, validation and
 * locking all come from epics/epicCommands.ts; this adds the page's own rules on top.
 */

/** An epic as the issuable view shows it, with who last edited it. */
export interface EpicIssuable {
  readonly group: NamespaceRow;
  readonly epic: EpicRow;
  /** Null until the first edit, or when that user was deleted. */
  readonly lastEditor: UserRow | null;
}

/** What the issuable edit form sends (`epic[title]`, …); undefined leaves a field alone. */
export interface EpicIssuableChanges extends TextChanges {
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly lockVersion?: number | undefined;
  readonly stateEvent?: 'close' | 'reopen' | undefined;
}

async function withEditor(db: Kysely<Database>, group: NamespaceRow, epic: EpicRow): Promise<EpicIssuable> {
  const lastEditor =
    epic.last_edited_by_id === null ? null : ((await findUserById(db, epic.last_edited_by_id)) ?? null);
  return { group, epic, lastEditor };
}

/** The epic for the issuable view; 404 when it is missing or the actor may not read it. */
export async function loadEpicIssuable(
  db: Kysely<Database>,
  access: AccessContext,
  groupPath: string,
  iid: number,
): Promise<EpicIssuable> {
  const { group, epic } = await findReadableEpic(db, access, { groupPath, iid });
  return withEditor(db, group, epic);
}

/**
 * Saves the edit form in one transaction (epicCommands.updateEpic): a stale lock_version is a
 * StaleEditError and changes nothing. A form with nothing to save is bad input. The description's
 * quick actions are stripped from it and run once it is saved, as GitLab does.
 */
export async function saveEpicIssuable(
  db: Kysely<Database>,
  access: AccessContext,
  groupPath: string,
  iid: number,
  changes: EpicIssuableChanges,
): Promise<EpicIssuable> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (
    [changes.title, changes.description, changes.stateEvent, changes.updateTask].every((f) => f === undefined)
  ) {
    throw new ValidationError({ epic: ['must include a title, description or state_event'] });
  }
  const { group, epic } = await findReadableEpic(db, access, { groupPath, iid });
  const prepared =
    changes.description !== undefined && changes.updateTask === undefined
      ? await prepareQuickActions(db, access, { type: 'Epic', group, epic }, changes.description)
      : null;
  const { title, description, stateEvent, lockVersion } = resolveTaskToggle(epic, changes);
  let updated = await updateEpic(db, access, group, epic, {
    title,
    description: prepared ? prepared.text : description,
    stateEvent,
    lockVersion,
  });
  if (prepared && prepared.commands.length > 0) {
    await prepared.execute();
    updated = (await findEpicById(db, updated.id)) ?? updated;
  }
  return withEditor(db, group, updated);
}

/**
 * The epic page's delete form: the epic and all its descendant epics go ('Delete this epic and all
 * descendants?'); their issues stay. Needs destroy permission.
 */
export async function destroyEpicFromPage(
  db: Kysely<Database>,
  access: AccessContext,
  groupPath: string,
  iid: number,
): Promise<NamespaceRow> {
  if (!access.actor.user) throw new UnauthorizedError();
  const { group, epic } = await findReadableEpic(db, access, { groupPath, iid });
  await deleteEpic(db, access, group, epic, 'delete');
  return group;
}
