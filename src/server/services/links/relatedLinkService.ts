import type { Kysely } from 'kysely';
import { issuableReference } from '../../../core/domain/references.ts';
import { appendTo } from '../../../core/lib/multiMap.ts';
import type { Executor } from '../../db/executor.ts';
import { findEpicsByIds } from '../../db/repositories/epicRepository.ts';
import { findIssuesByIds } from '../../db/repositories/issueRowsRepository.ts';
import {
  deleteLink,
  findLinkById,
  findLinksOf,
  insertLink,
  type RelatedLinkRow,
  type RelatedLinkTable,
} from '../../db/repositories/relatedLinkRepository.ts';
import type { Database, IssueRow, NamespaceRow, ProjectRow } from '../../db/schema.ts';
import { type AccessContext, canAdminEpic } from '../access.ts';
import { type Linked, noteRelated, noteUnrelated } from '../discussions/relationNotes.ts';
import { authorshipOf, type NoteAuthorship } from '../discussions/systemNoteService.ts';
import { type EpicInGroup, findReadableEpic } from '../epics/epicQueries.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import { findReadableIssueByIdOrNull, type IssueInProject } from '../issueService.ts';
import {
  LINK_MESSAGES,
  LinkInvalidError,
  LinkTargetNotFoundError,
  LinkUnlicensedError,
} from './linkMessages.ts';
import {
  describeEpics,
  describeIssues,
  type EpicView,
  type IssueView,
  issueReaderOf,
  type RootView,
  requireSignedIn,
  rootView,
  writeAsEpicAdmin,
  writeUnderHierarchyLock,
} from './linkViews.ts';
import { resolveEpicReferences, resolveIssueReferences } from './referenceResolver.ts';

/**
 * Related items (spec): epics related to an epic (GitLab's Epics::RelatedEpicLinks services)
 * and issues related to an issue (IssueLinks). A link relates, or one item blocks the other;
 * `is_blocked_by` is stored as `blocks` with the two swapped. A pair is linked at most once, in
 * either direction. The other item may be in another top-level group. Writes are one transaction
 * under the source's root namespace hierarchy lock, which also keeps two people from linking the same
 * pair both ways at once when both items share that root.
 */

export const LINK_TYPES = ['relates_to', 'blocks', 'is_blocked_by'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** The link as seen from `itemId`'s side: who the other item is and how it relates. */
function linkFrom(link: RelatedLinkRow, itemId: number): { otherId: number; linkType: LinkType } {
  const outgoing = link.source_id === itemId;
  const otherId = outgoing ? link.target_id : link.source_id;
  if (link.link_type === 'relates_to') return { otherId, linkType: 'relates_to' };
  return { otherId, linkType: outgoing ? 'blocks' : 'is_blocked_by' };
}

/** The stored row for `itemId` → `otherId` of this type. */
function storedLink(itemId: number, otherId: number, linkType: LinkType) {
  return linkType === 'is_blocked_by'
    ? { sourceId: otherId, targetId: itemId, linkType: 'blocks' as const }
    : { sourceId: itemId, targetId: otherId, linkType };
}

export interface RelatedEpicView extends EpicView {
  readonly linkId: number;
  readonly linkType: LinkType;
  readonly linkCreatedAt: Date;
}

export interface RelatedIssueView extends IssueView {
  readonly linkId: number;
  readonly linkType: LinkType;
  readonly linkCreatedAt: Date;
  /** The actor may remove the link: admin of both issues. */
  readonly canAdmin: boolean;
}

// ---- Epics ----

/** The epics related to this one that the actor may read, oldest link first. */
export async function listRelatedEpics(
  db: Executor,
  access: AccessContext,
  source: EpicInGroup,
): Promise<RelatedEpicView[]> {
  const links = await findLinksOf(db, 'related_epic_links', source.epic.id);
  const sides = links.map((link) => ({ link, ...linkFrom(link, source.epic.id) }));
  const others = await findEpicsByIds(
    db,
    sides.map((side) => side.otherId),
  );
  const views = await describePerRoot(db, access, others, async (view, ids) =>
    describeEpics(db, access, view, await findEpicsByIds(db, ids, view.scope)),
  );
  const byId = new Map(views.map((view) => [view.epic.id, view]));
  return sides.flatMap(({ link, otherId, linkType }) => {
    const view = byId.get(otherId);
    return view ? [{ ...view, linkId: link.id, linkType, linkCreatedAt: link.created_at }] : [];
  });
}

/**
 * Relates the epics the references name to this one. 409 'Epic(s) already assigned' when every one
 * is related already; 404 when none is an epic the actor may link (admin of it); 422 for the epic
 * itself. Returns the ids of the epics linked.
 */
export async function addRelatedEpics(
  db: Kysely<Database>,
  access: AccessContext,
  source: EpicInGroup,
  references: readonly string[],
  linkType: LinkType,
): Promise<number[]> {
  return writeAsEpicAdmin(db, access, source, async (trx) => {
    const resolved = await resolveEpicReferences(trx, access, source.group, references);
    const targets = [];
    for (const candidate of resolved) {
      targets.push({
        id: candidate.epic.id,
        item: { kind: 'epic', row: candidate.epic } as const,
        reference: issuableReference('epic', candidate.epic.iid, candidate.group.full_path, true),
        linkable: await canAdminEpic(access, candidate.group, candidate.epic),
      });
    }
    const from: Linked = { kind: 'epic', row: source.epic };
    return linkAll(trx, authorshipOf(access), 'related_epic_links', from, targets, linkType);
  });
}

export async function removeRelatedEpic(
  db: Kysely<Database>,
  access: AccessContext,
  source: EpicInGroup,
  linkId: number,
): Promise<void> {
  await writeAsEpicAdmin(db, access, source, async (trx) => {
    const link = await findLinkById(trx, 'related_epic_links', linkId);
    const touches = link && (link.source_id === source.epic.id || link.target_id === source.epic.id);
    const other = touches
      ? await findReadableEpic(
          trx,
          access,
          { id: linkFrom(link, source.epic.id).otherId },
          { missing: 'null' },
        )
      : null;
    if (!link || !other) throw new NotFoundError('Epic link');
    await deleteLink(trx, 'related_epic_links', link.id);
    await noteUnrelated(
      trx,
      authorshipOf(access),
      { kind: 'epic', row: source.epic },
      { kind: 'epic', row: other.epic },
    );
  });
}

// ---- Issues ----

/** GitLab's admin_issue_link, as the Reporter-level update_issue of this policy (not the author's). */
function canAdminIssueLink(
  access: AccessContext,
  project: ProjectRow,
  namespace: NamespaceRow,
  issue: Pick<IssueRow, 'confidential'>,
): Promise<boolean> {
  return access.canInProject('update_issue', project, namespace, { confidential: issue.confidential });
}

async function requireIssueAdmin(access: AccessContext, source: IssueInProject): Promise<void> {
  requireSignedIn(access);
  if (!(await canAdminIssueLink(access, source.project, source.namespace, source.issue))) {
    throw new ForbiddenError();
  }
}

/** The issues related to this one that the actor may read, oldest link first. */
export async function listRelatedIssues(
  db: Executor,
  access: AccessContext,
  source: IssueInProject,
): Promise<RelatedIssueView[]> {
  const links = await findLinksOf(db, 'issue_links', source.issue.id);
  const sides = links.map((link) => ({ link, ...linkFrom(link, source.issue.id) }));
  const others = await findIssuesByIds(
    db,
    sides.map((side) => side.otherId),
  );
  const views = await describePerRoot(db, access, others, async (view, ids) =>
    describeIssues(db, view, await findIssuesByIds(db, ids, issueReaderOf(view))),
  );
  const byId = new Map(views.map((view) => [view.issue.id, view]));
  const adminOfSource = await canAdminIssueLink(access, source.project, source.namespace, source.issue);
  const result: RelatedIssueView[] = [];
  for (const { link, otherId, linkType } of sides) {
    const view = byId.get(otherId);
    if (!view) continue;
    const canAdmin =
      adminOfSource && (await canAdminIssueLink(access, view.project, view.namespace, view.issue));
    result.push({ ...view, linkId: link.id, linkType, linkCreatedAt: link.created_at, canAdmin });
  }
  return result;
}

/**
 * Relates the issues the references name to this one (GitLab's IssueLinks::CreateService), with
 * the same answers as addRelatedEpics. Returns the ids of the issues linked.
 */
export async function addRelatedIssues(
  db: Kysely<Database>,
  access: AccessContext,
  source: IssueInProject,
  references: readonly string[],
  linkType: LinkType,
): Promise<number[]> {
  await requireIssueAdmin(access, source);
  if (linkType !== 'relates_to' && !(await access.hasFeature(source.namespace, 'blocked_issues'))) {
    throw new LinkUnlicensedError(LINK_MESSAGES.blockedIssuesUnlicensed);
  }
  return writeUnderHierarchyLock(db, source.project.root_namespace_id, async (trx) => {
    const resolved = await resolveIssueReferences(
      trx,
      access,
      { namespace: source.namespace, project: source },
      references,
    );
    const targets = [];
    for (const candidate of resolved) {
      targets.push({
        id: candidate.issue.id,
        item: { kind: 'issue', row: candidate.issue } as const,
        reference: issuableReference('issue', candidate.issue.iid, candidate.project.full_path, true),
        linkable: await canAdminIssueLink(access, candidate.project, candidate.namespace, candidate.issue),
      });
    }
    const from: Linked = { kind: 'issue', row: source.issue };
    return linkAll(trx, authorshipOf(access), 'issue_links', from, targets, linkType);
  });
}

export async function removeRelatedIssue(
  db: Kysely<Database>,
  access: AccessContext,
  source: IssueInProject,
  linkId: number,
): Promise<void> {
  await requireIssueAdmin(access, source);
  await writeUnderHierarchyLock(db, source.project.root_namespace_id, async (trx) => {
    const link = await findLinkById(trx, 'issue_links', linkId);
    const touches = link && (link.source_id === source.issue.id || link.target_id === source.issue.id);
    const other = touches
      ? await findReadableIssueByIdOrNull(trx, access, linkFrom(link, source.issue.id).otherId)
      : null;
    // GitLab: removing a relation takes admin_issue_link on the other issue's project too.
    if (!link || !other || !(await canAdminIssueLink(access, other.project, other.namespace, other.issue))) {
      throw new NotFoundError('Issue link');
    }
    await deleteLink(trx, 'issue_links', link.id);
    await noteUnrelated(
      trx,
      authorshipOf(access),
      { kind: 'issue', row: source.issue },
      { kind: 'issue', row: other.issue },
    );
  });
}

// ---- Shared ----

/**
 * Related items may belong to other top-level groups, as in GitLab: each root namespace's items are
 * read and described with what the viewer may see there.
 */
async function describePerRoot<View>(
  db: Executor,
  access: AccessContext,
  items: readonly { readonly id: number; readonly root_namespace_id: number }[],
  describeIn: (view: RootView, ids: number[]) => Promise<View[]>,
): Promise<View[]> {
  const idsByRoot = new Map<number, number[]>();
  for (const item of items) {
    appendTo(idsByRoot, item.root_namespace_id, item.id);
  }
  const views: View[] = [];
  for (const [rootId, ids] of idsByRoot)
    views.push(...(await describeIn(await rootView(db, access, rootId), ids)));
  return views;
}

interface LinkTarget {
  readonly id: number;
  readonly item: Linked;
  readonly reference: string;
  readonly linkable: boolean;
}

/**
 * GitLab's IssuableLinks::CreateService flow over resolved targets, with the system notes of both
 * sides; returns the ids linked.
 */
async function linkAll(
  trx: Executor,
  by: NoteAuthorship,
  table: RelatedLinkTable,
  from: Linked,
  targets: readonly LinkTarget[],
  linkType: LinkType,
): Promise<number[]> {
  const { kind, row: source } = from;
  const related = new Set(
    (await findLinksOf(trx, table, source.id)).map((link) => linkFrom(link, source.id).otherId),
  );
  const fresh = targets.filter((target) => !related.has(target.id));
  if (targets.length > 0 && fresh.length === 0) throw new ConflictError(LINK_MESSAGES.alreadyAssigned(kind));
  const linkable = fresh.filter((target) => target.linkable);
  if (linkable.length === 0) throw new LinkTargetNotFoundError(kind);
  const itself = linkable.find((target) => target.id === source.id);
  if (itself)
    throw new LinkInvalidError(LINK_MESSAGES.cannotBeAdded(itself.reference, LINK_MESSAGES.relatedToItself));
  for (const target of linkable) {
    await insertLink(trx, table, {
      rootNamespaceId: source.root_namespace_id,
      ...storedLink(source.id, target.id, linkType),
    });
  }
  await noteRelated(
    trx,
    by,
    from,
    linkable.map((target) => target.item),
    linkType,
  );
  return linkable.map((target) => target.id);
}
