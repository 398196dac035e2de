import { closingReferences } from '../../../core/domain/mergeRequests.ts';
import { issuableReference } from '../../../core/domain/references.ts';
import { closedViaMergeRequestNote, stateChangedNote } from '../../../core/domain/systemNotes.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import { updateIssueRow } from '../../db/repositories/issueRepository.ts';
import { findIssuesByIds } from '../../db/repositories/issueRowsRepository.ts';
import {
  deleteClosingIssue,
  findClosingIssueIds,
  findMergeRequestIdsClosing,
  findMergeRequestsByIds,
  insertClosingIssues,
  replaceDescriptionClosingIssues,
} from '../../db/repositories/mergeRequestRepository.ts';
import type { IssueRow, MergeRequestRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { issueTarget, type NoteAuthorship, writeSystemNotes } from '../discussions/systemNoteService.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../errors.ts';
import { type IssueInProject, readableIssueInProject } from '../issueService.ts';
import { issueRights } from '../issues/issueCommands.ts';
import { resolveIssueReferences, resolveMergeRequestReferences } from '../links/referenceResolver.ts';
import { type MergeRequestInProject, readableMergeRequestInProject } from './mergeRequestQueries.ts';

/**
 * The issues a merge request closes when it merges (GitLab's merge_requests_closing_issues): those its
 * description names with a closing pattern ('Closes #12'), kept in step with every save of the
 * description, and those linked by hand from the issue's side.
 */

/** Rewrites the description's links: the issues its closing patterns name that the actor can read. */
export async function syncDescriptionClosingIssues(
  db: Executor,
  access: AccessContext,
  located: MergeRequestInProject,
): Promise<void> {
  const references = closingReferences(located.mergeRequest.description).map(
    (reference) => `${reference.path ?? ''}#${reference.iid}`,
  );
  const issues =
    references.length === 0
      ? []
      : await resolveIssueReferences(
          db,
          access,
          { namespace: located.namespace, project: located },
          references,
        );
  await replaceDescriptionClosingIssues(
    db,
    located.mergeRequest,
    issues.map(({ issue }) => issue.id),
  );
}

/** The issues this merge request closes that the reader may see, in the order they were linked. */
export async function readableClosingIssues(
  db: Executor,
  access: AccessContext,
  mergeRequest: MergeRequestRow,
): Promise<IssueInProject[]> {
  const links = await findClosingIssueIds(db, mergeRequest.id);
  const rows = new Map(
    (
      await findIssuesByIds(
        db,
        links.map((link) => link.issueId),
      )
    ).map((row) => [row.id, row]),
  );
  const readable: IssueInProject[] = [];
  for (const link of links) {
    const row = rows.get(link.issueId);
    const located = row ? await readableIssueInProject(db, access, row) : null;
    if (located) readable.push(located);
  }
  return readable;
}

/** The merge requests that close this issue that the reader may see (the issue's Development list). */
export async function readableMergeRequestsClosing(
  db: Executor,
  access: AccessContext,
  issue: IssueRow,
): Promise<MergeRequestInProject[]> {
  const ids = (await findMergeRequestIdsClosing(db, [issue.id])).get(issue.id) ?? [];
  const rows = new Map((await findMergeRequestsByIds(db, ids)).map((row) => [row.id, row]));
  const readable: MergeRequestInProject[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    const located = row ? await readableMergeRequestInProject(db, access, row) : null;
    if (located) readable.push(located);
  }
  return readable;
}

/**
 * On merge: closes each open issue the merge request closes (GitLab's Issues::CloseService run by the
 * merger, who must be able to update the issue), with 'closed via merge request' on it.
 */
export async function closeIssuesOfMerge(
  db: Executor,
  access: AccessContext,
  located: MergeRequestInProject,
  by: NoteAuthorship,
): Promise<number[]> {
  const closed: number[] = [];
  for (const issueLocated of await readableClosingIssues(db, access, located.mergeRequest)) {
    const { issue } = issueLocated;
    if (issue.state !== 'opened') continue;
    if (!(await issueRights(db, access, issueLocated)).canUpdate) continue;
    const updated = await updateIssueRow(db, issue.id, undefined, {
      state: 'closed',
      closed_at: by.now,
      updated_at: by.now,
    });
    if (!updated) continue;
    const reference = issuableReference(
      'merge_request',
      located.mergeRequest.iid,
      located.project.full_path,
      issueLocated.project.id !== located.project.id,
    );
    await writeSystemNotes(db, issueTarget(updated), by, [
      stateChangedNote('closed'),
      closedViaMergeRequestNote(reference),
    ]);
    closed.push(issue.id);
  }
  return closed;
}

/**
 * Links merge requests to an issue by reference, from the issue's side (the related-items form's
 * merge request variant, GitLab's workItemAddClosingMergeRequest): the issue closes when any of them
 * merges. Needs admin_issue on the issue; references the actor cannot read are a 404 as a whole.
 */
export async function linkMergeRequestsToIssue(
  db: Executor,
  access: AccessContext,
  located: IssueInProject,
  references: readonly string[],
): Promise<MergeRequestInProject[]> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!(await issueRights(db, access, located)).canAdmin) throw new ForbiddenError();
  const mergeRequests = await resolveMergeRequestReferences(
    db,
    access,
    { namespace: located.namespace, project: located },
    references,
  );
  if (mergeRequests.length === 0) throw new NotFoundError('Merge Request');
  await inTransaction(db, async (trx) => {
    for (const { mergeRequest } of mergeRequests) {
      await insertClosingIssues(trx, mergeRequest, [located.issue.id], false);
    }
  });
  return mergeRequests;
}

/** Removes a merge request's link to the issue (hand-made or written by its description). */
export async function unlinkMergeRequestFromIssue(
  db: Executor,
  access: AccessContext,
  located: IssueInProject,
  mergeRequestId: number,
): Promise<boolean> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!(await issueRights(db, access, located)).canAdmin) throw new ForbiddenError();
  return inTransaction(db, (trx) => deleteClosingIssue(trx, mergeRequestId, located.issue.id));
}
