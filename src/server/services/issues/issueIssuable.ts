import type { Kysely } from 'kysely';
import { findIssueById } from '../../db/repositories/issueRepository.ts';
import { findUserById } from '../../db/repositories/userRepository.ts';
import type { Database, IssueRow, UserRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { prepareQuickActions } from '../discussions/quickActions/quickActionService.ts';
import { UnauthorizedError, ValidationError } from '../errors.ts';
import { resolveTaskToggle } from '../issuableTaskToggle.ts';
import type { IssueInProject } from '../issueService.ts';
import { type IssueChanges, updateIssue } from './issueCommands.ts';

/**
 * The issue page's issuable view (GitLab's IssuableActions for issues): what the title and
 * description editor shows, and saving it. Permission, validation and locking are issueCommands'.
 */

/** An issue as the issuable view shows it, with who last edited it. */
export interface IssueIssuable extends IssueInProject {
  /** Null until the first edit, or when that user was deleted. */
  readonly lastEditor: UserRow | null;
}

export async function withLastEditor(db: Kysely<Database>, located: IssueInProject): Promise<IssueIssuable> {
  const editorId = located.issue.last_edited_by_id;
  const lastEditor = editorId === null ? null : ((await findUserById(db, editorId)) ?? null);
  return { ...located, lastEditor };
}

/**
 * Saves the edit form (title, description, type, state) in one transaction: a stale lock_version is
 * a StaleEditError and changes nothing. The description's quick actions are stripped from it and
 * run once it is saved, each through the sidebar's services (so under their permissions). A form with nothing to save is bad input. The type is the
 * team's metadata: changing it takes admin_issue, as everywhere else.
 */
export async function saveIssueIssuable(
  db: Kysely<Database>,
  access: AccessContext,
  located: IssueInProject,
  changes: IssueChanges,
): Promise<IssueIssuable> {
  if (!access.actor.user) throw new UnauthorizedError();
  const { title, description, stateEvent, issueType, updateTask } = changes;
  if ([title, description, stateEvent, issueType, updateTask].every((field) => field === undefined)) {
    throw new ValidationError({ issue: ['must include a title, description, issue_type or state_event'] });
  }
  // A typed description's quick actions run after it is saved without them (a ticked task is no
  // typing): GitLab's IssuableBaseService does the same on every description update.
  const prepared =
    description !== undefined && updateTask === undefined
      ? await prepareQuickActions(db, access, { type: 'Issue', located }, description)
      : null;
  const toggled = resolveTaskToggle(located.issue, changes);
  let issue: IssueRow = await updateIssue(
    db,
    access,
    located,
    prepared ? { ...toggled, description: prepared.text } : toggled,
  );
  if (prepared && prepared.commands.length > 0) {
    await prepared.execute();
    issue = (await findIssueById(db, issue.id)) ?? issue;
  }
  return withLastEditor(db, { ...located, issue });
}
