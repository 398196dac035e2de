import type { Executor } from '../../db/executor.ts';
import { findNoteById, findNotesOfDiscussion } from '../../db/repositories/noteRepository.ts';
import type { NoteRow } from '../../db/schema.ts';
import { fitsSqlInteger } from '../../db/sqlInteger.ts';
import type { AccessContext } from '../access.ts';
import { findReadableEpic } from '../epics/epicQueries.ts';
import { NotFoundError } from '../errors.ts';
import { findReadableIssueByIdOrNull } from '../issueService.ts';
import { findReadableMergeRequestByIdOrNull } from '../mergeRequests/mergeRequestQueries.ts';
import { findReadableNote } from './discussionService.ts';
import { type NoteablePolicy, noteablePolicy } from './noteable.ts';

/**
 * Finding what a global id names (GraphQL's noteableId, awardableId and note ids): the epic, issue
 * or merge request, if the reader may see it, with its policy. Anything else is "not found".
 */
export async function noteablePolicyById(
  db: Executor,
  access: AccessContext,
  type: 'Epic' | 'Issue' | 'MergeRequest' | 'Vulnerability',
  id: number,
): Promise<NoteablePolicy> {
  // A vulnerability's notes are its activity, read on its page: no discussion route reaches them.
  if (type === 'Vulnerability') throw new NotFoundError('Note');
  if (type === 'MergeRequest') {
    const located = await findReadableMergeRequestByIdOrNull(db, access, id);
    if (!located) throw new NotFoundError('Merge Request');
    return noteablePolicy(db, access, { type: 'MergeRequest', located });
  }
  if (type === 'Issue') {
    const located = await findReadableIssueByIdOrNull(db, access, id);
    if (!located) throw new NotFoundError('Issue');
    return noteablePolicy(db, access, { type: 'Issue', located });
  }
  const found = await findReadableEpic(db, access, { id });
  return noteablePolicy(db, access, { type: 'Epic', ...found });
}

/** A note the reader may see, with the policy of its epic or issue. */
export async function notePolicyById(
  db: Executor,
  access: AccessContext,
  noteId: number,
): Promise<{ policy: NoteablePolicy; note: NoteRow }> {
  const row = fitsSqlInteger(noteId) ? await findNoteById(db, noteId) : undefined;
  if (!row) throw new NotFoundError('Note');
  const policy = await noteablePolicyById(db, access, row.noteable_type, row.noteable_id);
  return { policy, note: await findReadableNote(db, policy, noteId) };
}

/** The policy of the epic or issue a discussion (40 hex characters) is on, if the reader may see it. */
export async function discussionPolicyById(
  db: Executor,
  access: AccessContext,
  discussionId: string,
): Promise<NoteablePolicy> {
  const [first] = await findNotesOfDiscussion(db, discussionId);
  if (!first) throw new NotFoundError('Discussion');
  return noteablePolicyById(db, access, first.noteable_type, first.noteable_id);
}
