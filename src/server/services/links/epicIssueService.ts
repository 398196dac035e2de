import type { Kysely } from 'kysely';
import { issuableReference } from '../../../core/domain/references.ts';
import type { Executor } from '../../db/executor.ts';
import {
  deleteEpicIssue,
  type EpicIssueRow,
  findEpicIssueById,
  findEpicIssueByIssueId,
  findIssueIdsOfEpic,
  findLinkedIssues,
  type LinkedIssueRow,
  upsertEpicIssue,
} from '../../db/repositories/epicLinkRepository.ts';
import { findEpicById } from '../../db/repositories/epicRepository.ts';
import { countEpicIssues, moveEpicIssueLink } from '../../db/repositories/epicTreeRepository.ts';
import type { Database, EpicRow, IssueRow } from '../../db/schema.ts';
import { type AccessContext, seesHiddenIssues } from '../access.ts';
import { noteIssueAddedToEpic, noteIssueRemovedFromEpic } from '../discussions/relationNotes.ts';
import { authorshipOf } from '../discussions/systemNoteService.ts';
import { refreshEpicDates } from '../epicDatesService.ts';
import { ConflictError, NotFoundError } from '../errors.ts';
import { findReadableIssueByIdOrNull, type IssueInProject } from '../issueService.ts';
import {
  positionAtStartOfChildren,
  positionBesideRestSibling,
  type SiblingMove,
} from '../tree/treePositions.ts';
import { viewerScopeOfRootNamespace } from '../viewerScope.ts';
import type { ParentEpic } from './epicLinkService.ts';
import { LINK_MESSAGES, LinkInvalidError, LinkMoveError, LinkTargetNotFoundError } from './linkMessages.ts';
import { describeIssues, type IssueView, issueReaderOf, rootView, writeAsEpicAdmin } from './linkViews.ts';
import { resolveIssueReferences } from './referenceResolver.ts';

/**
 * An epic's issues (GitLab's EpicIssues services): list, link existing issues by reference or id,
 * move one among the epic's children, unlink one. An issue has at most one epic: linking moves it
 * out of any other. Writes are one transaction under the root namespace's hierarchy lock.
 */

export interface EpicIssueView extends IssueView {
  readonly link: EpicIssueRow;
}

/** The epic's issues the actor may read, in tree order, with their links. */
export async function listEpicIssues(
  db: Executor,
  access: AccessContext,
  parent: ParentEpic,
): Promise<EpicIssueView[]> {
  const view = await rootView(db, access, parent.epic.root_namespace_id);
  const linked = await findLinkedIssues(db, parent.epic.id, issueReaderOf(view));
  const links = new Map(linked.map(({ issue, link }) => [issue.id, link]));
  const views = await describeIssues(
    db,
    view,
    linked.map(({ issue }) => issue),
  );
  return views.flatMap((issueView) => {
    const link = links.get(issueView.issue.id);
    return link ? [{ ...issueView, link }] : [];
  });
}

/**
 * The epic's issues the actor may read with their links, in tree order, as rows (REST lists them
 * as full issues): all of them, or one `page` of that order; `total` counts them all.
 */
export async function listEpicIssueLinks(
  db: Executor,
  access: AccessContext,
  parent: ParentEpic,
  page?: { readonly offset: number; readonly limit: number },
): Promise<{ linked: LinkedIssueRow[]; total: number }> {
  const reader = issueReaderOf({
    scope: await viewerScopeOfRootNamespace(db, access, parent.epic.root_namespace_id),
    viewerId: access.actor.user?.id ?? null,
    seesHidden: seesHiddenIssues(access),
  });
  const linked = await findLinkedIssues(db, parent.epic.id, reader, page);
  return { linked, total: page ? await countEpicIssues(db, parent.epic.id, reader) : linked.length };
}

/** GitLab's EpicIssue validations: the issue's project under the epic's group, confidentiality. */
function linkProblem(parent: EpicRow, candidate: IssueInProject): string | null {
  if (!candidate.namespace.traversal_ids.includes(parent.group_id)) {
    return LINK_MESSAGES.issueOutsideEpicHierarchy;
  }
  if (parent.confidential && !candidate.issue.confidential) return LINK_MESSAGES.confidentialEpicOfIssue;
  return null;
}

/**
 * Links the issue at the top of the epic's children, with the system notes of both (and of the
 * epic it came from): the link, and the epic it came from, if any.
 */
async function attachIssue(
  trx: Executor,
  access: AccessContext,
  parent: EpicRow,
  issue: IssueRow,
): Promise<{ link: EpicIssueRow; previousEpicId: number | null }> {
  const by = authorshipOf(access);
  const now = by.now;
  const previous = await findEpicIssueByIssueId(trx, issue.id);
  const position = await positionAtStartOfChildren(
    trx,
    parent.id,
    previous ? [{ kind: 'epic_issue', id: previous.id }] : [],
  );
  const link = await upsertEpicIssue(trx, {
    rootNamespaceId: parent.root_namespace_id,
    epicId: parent.id,
    issueId: issue.id,
    position,
    linkedAt: now,
  });
  const previousEpicId = previous && previous.epic_id !== parent.id ? previous.epic_id : null;
  if (previous?.epic_id !== parent.id) await noteIssueAddedToEpic(trx, by, issue, parent, previousEpicId);
  return { link, previousEpicId };
}

/**
 * Links the issues the references name to the epic (GitLab's EpicIssues::CreateService): 409
 * 'Issue(s) already assigned' when all are in it already; 404 when none is an issue the actor may
 * read under the epic's group; 422 '<reference> cannot be added: …' when a model rule refuses one
 * (then nothing changes). Returns the issue ids linked.
 */
export async function addEpicIssues(
  db: Kysely<Database>,
  access: AccessContext,
  parent: ParentEpic,
  references: readonly string[],
): Promise<number[]> {
  return writeAsEpicAdmin(db, access, parent, async (trx) => {
    const current = await findEpicById(trx, parent.epic.id);
    if (!current) throw new NotFoundError('Epic');
    const resolved = await resolveIssueReferences(trx, access, { namespace: parent.group }, references);
    const inEpic = await findIssueIdsOfEpic(trx, current.id);
    const fresh = resolved.filter((candidate) => !inEpic.has(candidate.issue.id));
    if (resolved.length > 0 && fresh.length === 0) {
      throw new ConflictError(LINK_MESSAGES.alreadyAssigned('issue'));
    }
    // Issues outside the epic's group are not candidates at all, as in GitLab's create service.
    const candidates = fresh.filter((candidate) =>
      candidate.namespace.traversal_ids.includes(current.group_id),
    );
    if (candidates.length === 0) throw new LinkTargetNotFoundError('issue');
    const problems = candidates.flatMap((candidate) => {
      const problem = linkProblem(current, candidate);
      const reference = issuableReference('issue', candidate.issue.iid, candidate.project.full_path, true);
      return problem ? [LINK_MESSAGES.cannotBeAdded(reference, problem)] : [];
    });
    if (problems.length > 0) throw new LinkInvalidError(problems.join('. '));
    const previousEpics = new Set<number>();
    for (const candidate of candidates) {
      const { previousEpicId } = await attachIssue(trx, access, current, candidate.issue);
      if (previousEpicId !== null) previousEpics.add(previousEpicId);
    }
    await refreshEpicDates(trx, [current.id, ...previousEpics]);
    return candidates.map((candidate) => candidate.issue.id);
  });
}

/**
 * REST `POST …/epics/:epic_iid/issues/:issue_id` (the issue's global id): links one issue, moving it
 * out of any other epic. 404 for an issue the actor may not read, 409 when it is in this epic.
 */
export async function assignIssueById(
  db: Kysely<Database>,
  access: AccessContext,
  parent: ParentEpic,
  issueId: number,
): Promise<EpicIssueRow> {
  return writeAsEpicAdmin(db, access, parent, async (trx) => {
    const current = await findEpicById(trx, parent.epic.id);
    if (!current) throw new NotFoundError('Epic');
    const candidate = await findReadableIssueByIdOrNull(trx, access, issueId);
    // An issue of another top-level group is refused by linkProblem with GitLab's 422.
    if (!candidate) throw new LinkTargetNotFoundError('issue');
    const existing = await findEpicIssueByIssueId(trx, candidate.issue.id);
    if (existing?.epic_id === current.id) throw new ConflictError(LINK_MESSAGES.issueAlreadyAssigned);
    const problem = linkProblem(current, candidate);
    if (problem) {
      const reference = issuableReference('issue', candidate.issue.iid, candidate.project.full_path, true);
      throw new LinkInvalidError(LINK_MESSAGES.cannotBeAdded(reference, problem));
    }
    const { link, previousEpicId } = await attachIssue(trx, access, current, candidate.issue);
    await refreshEpicDates(trx, previousEpicId === null ? [current.id] : [current.id, previousEpicId]);
    return link;
  });
}

/** A link of this epic whose issue the actor may read; 404 otherwise. */
async function readableLink(
  db: Executor,
  access: AccessContext,
  parent: ParentEpic,
  epicIssueId: number,
): Promise<{ link: EpicIssueRow; issue: IssueRow }> {
  const link = await findEpicIssueById(db, epicIssueId);
  const candidate =
    link?.epic_id === parent.epic.id ? await findReadableIssueByIdOrNull(db, access, link.issue_id) : null;
  if (!link || !candidate) throw new NotFoundError('Issue');
  return { link, issue: candidate.issue };
}

/** Unlinks an issue from the epic (GitLab's EpicIssues::DestroyService); the issue itself stays. */
export async function removeEpicIssue(
  db: Kysely<Database>,
  access: AccessContext,
  parent: ParentEpic,
  epicIssueId: number,
): Promise<{ link: EpicIssueRow; issue: IssueRow }> {
  return writeAsEpicAdmin(db, access, parent, async (trx) => {
    const found = await readableLink(trx, access, parent, epicIssueId);
    await deleteEpicIssue(trx, found.link.id);
    await noteIssueRemovedFromEpic(trx, authorshipOf(access), found.issue, parent.epic);
    await refreshEpicDates(trx, [parent.epic.id]);
    return found;
  });
}

/**
 * REST `PUT …/epics/:epic_iid/issues/:epic_issue_id` with move_before_id / move_after_id (epic_issue
 * ids of this epic): right after `move_before_id`, or right before `move_after_id`. A sibling that is
 * not one of this epic's links is GitLab's 400 'Issue could not be moved!'.
 */
export async function moveEpicIssue(
  db: Kysely<Database>,
  access: AccessContext,
  parent: ParentEpic,
  epicIssueId: number,
  move: SiblingMove,
): Promise<void> {
  await writeAsEpicAdmin(db, access, parent, async (trx) => {
    const { link } = await readableLink(trx, access, parent, epicIssueId);
    const moved = { kind: 'epic_issue', id: link.id } as const;
    const position = await positionBesideRestSibling(trx, parent.epic.id, moved, move);
    if (position === null) throw new LinkMoveError(LINK_MESSAGES.issueCouldNotBeMoved);
    await moveEpicIssueLink(trx, link.id, parent.epic.id, position);
  });
}
