import type { NoteableType } from '../../../core/domain/discussions.ts';
import { ROLES, type Role } from '../../../core/domain/permissions.ts';
import { isCrossReferenceAction } from '../../../core/domain/systemNotes.ts';
import type { Executor } from '../../db/executor.ts';
import { isAssignedTo } from '../../db/repositories/issueRepository.ts';
import type { NoteableScope } from '../../db/repositories/noteRepository.ts';
import type { EpicRow, NamespaceRow, NoteRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import type { IssueInProject } from '../issueService.ts';
import type { MarkdownContext } from '../markdown/referenceRendering.ts';
import type { MergeRequestInProject } from '../mergeRequests/mergeRequestQueries.ts';
import { hiddenCrossReferenceNoteIds } from './crossReferenceNotes.ts';

/** The epic or issue whose discussions are read or written, located and already readable. */
export type NoteableTarget =
  | { readonly type: 'Issue'; readonly located: IssueInProject }
  | { readonly type: 'MergeRequest'; readonly located: MergeRequestInProject }
  | { readonly type: 'Epic'; readonly group: NamespaceRow; readonly epic: EpicRow };

/** Where the item's notes resolve their references: the issue's project, or the epic's group. */
export function markdownContextOf(target: NoteableTarget): MarkdownContext {
  return target.type === 'Epic'
    ? { group: target.group }
    : { project: target.located.project, namespace: target.located.namespace };
}

/** What the actor may do in this item's discussions, decided once per request. */
export interface NoteablePolicy {
  readonly target: NoteableTarget;
  readonly type: NoteableType;
  readonly id: number;
  readonly rootNamespaceId: number;
  readonly authorId: number;
  readonly discussionLocked: boolean;
  readonly readInternal: boolean;
  /** Comment at all (GitLab's create_note; only members once the discussion is locked). */
  readonly createNote: boolean;
  /** Mark a comment internal: Reporters and up. */
  readonly createInternal: boolean;
  /** Edit and delete anybody's note: Maintainers and up ("Maintainer or higher can also edit"). */
  readonly adminNotes: boolean;
  /** Resolve threads: "at least Developer or the author of the issue". */
  readonly resolve: boolean;
  readonly awardEmoji: boolean;
  /**
   * System notes naming items the reader may not see: left out of every list, 404 alone. Decided
   * on first use, once per policy, so that requests that list no notes do not pay for it.
   */
  readonly hiddenNoteIds: () => Promise<ReadonlySet<number>>;
}

const atLeast = (role: Role, least: Role) => ROLES.indexOf(role) >= ROLES.indexOf(least);

export async function noteablePolicy(
  db: Executor,
  access: AccessContext,
  target: NoteableTarget,
): Promise<NoteablePolicy> {
  const rights = await rightsOf(db, access, target);
  let hidden: Promise<ReadonlySet<number>> | undefined;
  const hiddenNoteIds = () => {
    hidden ??= hiddenCrossReferenceNoteIds(db, access, rights, markdownContextOf(target)).then(
      (ids) => new Set(ids),
    );
    return hidden;
  };
  return { ...rights, hiddenNoteIds };
}

type NoteableRights = Omit<NoteablePolicy, 'hiddenNoteIds'>;

async function rightsOf(
  db: Executor,
  access: AccessContext,
  target: NoteableTarget,
): Promise<NoteableRights> {
  const viewerId = access.actor.user?.id ?? null;
  if (target.type === 'Issue') {
    const { project, namespace, issue } = target.located;
    const isAuthor = viewerId !== null && issue.author_id === viewerId;
    const isAssignee = viewerId !== null && !isAuthor && (await isAssignedTo(db, issue.id, viewerId));
    const context = { confidential: issue.confidential, isAuthor, isAssignee };
    const role = await access.roleInProject(project, namespace);
    const mayComment = await access.canInProject('create_note', project, namespace, context);
    return {
      target,
      type: 'Issue',
      id: issue.id,
      rootNamespaceId: issue.root_namespace_id,
      authorId: issue.author_id,
      discussionLocked: issue.discussion_locked,
      readInternal: await access.canInProject('read_internal_note', project, namespace),
      // "When locked only project members can add or edit comments."
      createNote: mayComment && (!issue.discussion_locked || atLeast(role, 'guest')),
      createInternal: mayComment && (await access.canInProject('read_internal_note', project, namespace)),
      adminNotes: atLeast(role, 'maintainer'),
      resolve: viewerId !== null && (isAuthor || atLeast(role, 'developer')),
      awardEmoji: await access.canInProject('award_emoji', project, namespace, context),
    };
  }
  if (target.type === 'MergeRequest') return mergeRequestPolicy(access, target);
  const { group, epic } = target;
  const context = {
    confidential: epic.confidential,
    isAuthor: viewerId !== null && epic.author_id === viewerId,
  };
  const role = await access.roleInNamespace(group);
  const mayComment = await access.canInNamespace('create_note', group, context);
  return {
    target,
    type: 'Epic',
    id: epic.id,
    rootNamespaceId: epic.root_namespace_id,
    authorId: epic.author_id,
    discussionLocked: false,
    readInternal: await access.canInNamespace('read_internal_note', group),
    createNote: mayComment,
    createInternal: mayComment && (await access.canInNamespace('read_internal_note', group)),
    adminNotes: atLeast(role, 'maintainer'),
    resolve: viewerId !== null && (context.isAuthor || atLeast(role, 'developer')),
    awardEmoji: await access.canInNamespace('award_emoji', group, context),
  };
}

/** A merge request's discussions: as an issue's, without confidentiality; resolving is the team's. */
async function mergeRequestPolicy(
  access: AccessContext,
  target: Extract<NoteableTarget, { type: 'MergeRequest' }>,
): Promise<NoteableRights> {
  const { project, namespace, mergeRequest } = target.located;
  const viewerId = access.actor.user?.id ?? null;
  const isAuthor = viewerId !== null && mergeRequest.author_id === viewerId;
  const context = { isAuthor };
  const role = await access.roleInProject(project, namespace);
  const mayComment = await access.canInProject('create_note', project, namespace, context);
  const readInternal = await access.canInProject('read_internal_note', project, namespace);
  return {
    target,
    type: 'MergeRequest',
    id: mergeRequest.id,
    rootNamespaceId: mergeRequest.root_namespace_id,
    authorId: mergeRequest.author_id,
    discussionLocked: mergeRequest.discussion_locked,
    readInternal,
    createNote: mayComment && (!mergeRequest.discussion_locked || atLeast(role, 'guest')),
    createInternal: mayComment && readInternal,
    adminNotes: atLeast(role, 'maintainer'),
    resolve: viewerId !== null && (isAuthor || atLeast(role, 'developer')),
    awardEmoji: await access.canInProject('award_emoji', project, namespace, context),
  };
}

/** Which of the item's notes the reader may see, for the queries that list or count them. */
export async function noteableScope(policy: NoteablePolicy): Promise<NoteableScope> {
  return { ...internalRuleScope(policy), hiddenNoteIds: [...(await policy.hiddenNoteIds())] };
}

/**
 * The item's notes under the internal-note rule alone, system notes naming hidden items included:
 * for a change stamp, which every poll reads and which must not pay for deciding those.
 */
export function internalRuleScope(policy: NoteablePolicy): NoteableScope {
  return {
    noteableType: policy.type,
    noteableId: policy.id,
    includeInternal: policy.readInternal,
    hiddenNoteIds: [],
  };
}

/** Whether this note of the item names something the reader may not see (a system note only). */
export async function isHiddenNote(
  policy: NoteablePolicy,
  note: Pick<NoteRow, 'id' | 'system' | 'system_note_action'>,
): Promise<boolean> {
  if (!note.system || !isCrossReferenceAction(note.system_note_action)) return false;
  return (await policy.hiddenNoteIds()).has(note.id);
}
