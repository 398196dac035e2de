import { GraphQLError } from 'graphql';
import { AWARD_EMOJI } from '../../../core/domain/awardEmoji.ts';
import { namesIssueRow, toGlobalId } from '../../../core/domain/gid.ts';
import type { EpicRow, IssueRow, NoteRow } from '../../db/schema.ts';
import {
  addAward,
  awardableOf,
  removeOwnAward,
  toggleAward,
} from '../../services/discussions/awardService.ts';
import {
  createNote,
  deleteNote,
  isResolvable,
  notePermissions,
  setDiscussionResolved,
  updateNote,
} from '../../services/discussions/discussionService.ts';
import {
  isHiddenNote,
  markdownContextOf,
  type NoteablePolicy,
  noteablePolicy,
} from '../../services/discussions/noteable.ts';
import {
  discussionPolicyById,
  noteablePolicyById,
  notePolicyById,
} from '../../services/discussions/noteableLookup.ts';
import { type NoteKind, pageOfDiscussions, pageOfNotes } from '../../services/discussions/notePages.ts';
import { submitNote } from '../../services/discussions/submitNote.ts';
import { NotFoundError } from '../../services/errors.ts';
import { type ConnectionArgs, connectionOf, offsetConnection, PAGE_LIMITS } from '../connection.ts';
import type { GraphQLContext } from '../context.ts';
import type {
  AwardEmojiResolvers,
  DiscussionResolvers,
  MutationResolvers,
  NotePermissionsResolvers,
  NoteResolvers,
  NotesFilterType,
} from '../generated/resolvers.ts';
import { noteableKey } from '../loaders.ts';
import type { DiscussionModel, NoteModel } from '../models.ts';
import { idOf } from './argumentValues.ts';
import { payloadErrors, requireWriteAccess } from './mutationSupport.ts';

/** The policy of each epic or issue, decided once per request. */
const policies = new WeakMap<GraphQLContext, Map<string, Promise<NoteablePolicy>>>();

function memoPolicy(context: GraphQLContext, key: string, decide: () => Promise<NoteablePolicy>) {
  let memo = policies.get(context);
  if (!memo) {
    memo = new Map();
    policies.set(context, memo);
  }
  let policy = memo.get(key);
  if (!policy) {
    policy = decide();
    memo.set(key, policy);
  }
  return policy;
}

export function issuePolicy(issue: IssueRow, context: GraphQLContext): Promise<NoteablePolicy> {
  return memoPolicy(context, `Issue|${issue.id}`, async () => {
    const project = await context.loaders.project.load(issue.project_id);
    const namespace = project ? await context.loaders.namespace.load(project.namespace_id) : null;
    if (!project || !namespace) throw new Error(`Issue ${issue.id} lost its project`);
    return noteablePolicy(context.db, context.access, {
      type: 'Issue',
      located: { project, namespace, issue },
    });
  });
}

export function epicPolicy(epic: EpicRow, context: GraphQLContext): Promise<NoteablePolicy> {
  return memoPolicy(context, `Epic|${epic.id}`, async () => {
    const group = await context.loaders.namespace.load(epic.group_id);
    if (!group) throw new Error(`Epic ${epic.id} lost its group`);
    return noteablePolicy(context.db, context.access, { type: 'Epic', group, epic });
  });
}

/**
 * Whether the reader may read the item's internal notes (Reporters and up in its project or group):
 * all a count needs, decided from the cached memberships, so a list's counts cost no query per item.
 */
export async function issueReadsInternal(issue: IssueRow, context: GraphQLContext): Promise<boolean> {
  const project = await context.loaders.project.load(issue.project_id);
  const namespace = project ? await context.loaders.namespace.load(project.namespace_id) : null;
  if (!project || !namespace) throw new Error(`Issue ${issue.id} lost its project`);
  return context.access.canInProject('read_internal_note', project, namespace);
}

export async function epicReadsInternal(epic: EpicRow, context: GraphQLContext): Promise<boolean> {
  const group = await context.loaders.namespace.load(epic.group_id);
  if (!group) throw new Error(`Epic ${epic.id} lost its group`);
  return context.access.canInNamespace('read_internal_note', group);
}

async function notesOf(policy: NoteablePolicy, context: GraphQLContext): Promise<NoteModel[]> {
  const rows = await context.loaders.noteableNotes.load(
    noteableKey(policy.type, policy.id, policy.readInternal),
  );
  const models: NoteModel[] = [];
  for (const row of rows) if (!(await isHiddenNote(policy, row))) models.push({ row, policy });
  return models;
}

/** GitLab's notes filter as the kind of notes or discussions a page keeps. */
const kindOf = (filter: NotesFilterType | null | undefined): NoteKind =>
  filter === 'ONLY_COMMENTS' ? 'comments' : filter === 'ONLY_ACTIVITY' ? 'history' : 'all';

type ListArgs = ConnectionArgs & { readonly filter?: NotesFilterType | null };

/** The fields epics and issues share: notes, discussions, counts and reactions. */
export function noteableFields<T extends IssueRow | EpicRow>(
  policyOf: (item: T, context: GraphQLContext) => Promise<NoteablePolicy>,
  countsOf: (
    item: T,
    context: GraphQLContext,
  ) => Promise<{ notes: number; discussions: number; publicNotes: number; publicDiscussions: number } | null>,
  readsInternalOf: (item: T, context: GraphQLContext) => Promise<boolean>,
) {
  const counts = async (item: T, context: GraphQLContext) => {
    const [readInternal, found] = await Promise.all([
      readsInternalOf(item, context),
      countsOf(item, context),
    ]);
    if (!found) return { notes: 0, discussions: 0 };
    return readInternal
      ? { notes: found.notes, discussions: found.discussions }
      : { notes: found.publicNotes, discussions: found.publicDiscussions };
  };
  return {
    // Paged in SQL (GitLab's page size, at most 100): an item with thousands of notes reads one page.
    notes: async (item: T, args: ListArgs, context: GraphQLContext) => {
      const policy = await policyOf(item, context);
      return offsetConnection(args, PAGE_LIMITS.maxPageSize, async (page) => {
        const { rows, total } = await pageOfNotes(context.db, policy, kindOf(args.filter), page);
        return { rows: rows.map((row): NoteModel => ({ row, policy })), total };
      });
    },
    discussions: async (item: T, args: ListArgs, context: GraphQLContext) => {
      const policy = await policyOf(item, context);
      return offsetConnection(args, PAGE_LIMITS.maxPageSize, async (page) => {
        const found = await pageOfDiscussions(context.db, policy, kindOf(args.filter), page);
        const rows = found.discussions.map(
          (discussion): DiscussionModel => ({
            id: discussion.id,
            notes: discussion.notes.map((row) => ({ row, policy })),
          }),
        );
        return { rows, total: found.total };
      });
    },
    userNotesCount: async (item: T, _args: unknown, context: GraphQLContext) =>
      (await counts(item, context)).notes,
    userDiscussionsCount: async (item: T, _args: unknown, context: GraphQLContext) =>
      (await counts(item, context)).discussions,
    awardEmoji: async (item: T, args: ConnectionArgs, context: GraphQLContext) => {
      const type = 'project_id' in item ? 'Issue' : 'Epic';
      return connectionOf(await context.loaders.awards.load(noteableKey(type, item.id)), args);
    },
  };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** GitLab's icon names of system notes, by what they record (SystemNoteHelper). */
const SYSTEM_NOTE_ICONS: Readonly<Record<string, string>> = {
  assignee: 'user',
  closed: 'issue-close',
  confidential: 'eye-slash',
  visible: 'eye',
  cross_reference: 'comment-dots',
  description: 'pencil',
  title: 'pencil',
  due_date: 'calendar',
  start_date_or_due_date: 'calendar',
  label: 'label',
  locked: 'lock',
  unlocked: 'lock-open',
  milestone: 'milestone',
  opened: 'issues',
  reopened: 'issues',
  relate: 'link',
  unrelate: 'link',
  weight: 'weight',
  health_status: 'status-health',
  epic_issue_added: 'epic',
  epic_issue_removed: 'epic',
  relate_to_parent: 'epic',
  unrelate_from_parent: 'epic',
  relate_to_child: 'epic',
  unrelate_from_child: 'epic',
  moved: 'arrow-right',
  todo: 'todo-add',
  time_tracking: 'timer',
};

const userOf = (id: number | null, context: GraphQLContext) =>
  id === null ? null : context.loaders.user.load(id);

const discussionGid = (id: string) => toGlobalId('Discussion', id);

export const Note: NoteResolvers = {
  id: ({ row }) => toGlobalId('Note', row.id),
  body: ({ row }) => row.note,
  bodyHtml: async ({ row, policy }, _args, context) =>
    (await context.markdown.render(markdownContextOf(policy.target), row.note)).html,
  author: ({ row }, _args, context) => userOf(row.author_id, context),
  createdAt: ({ row }) => new Date(row.created_at).toISOString(),
  updatedAt: ({ row }) => new Date(row.updated_at).toISOString(),
  lastEditedAt: ({ row }) => iso(row.last_edited_at),
  lastEditedBy: ({ row }, _args, context) =>
    row.last_edited_at === null ? null : userOf(row.updated_by_id, context),
  system: ({ row }) => row.system,
  systemNoteIconName: ({ row }) =>
    row.system ? (SYSTEM_NOTE_ICONS[row.system_note_action ?? ''] ?? null) : null,
  internal: ({ row }) => row.confidential,
  confidential: ({ row }) => row.confidential,
  resolvable: ({ row }) => isResolvable(row),
  resolved: ({ row }) => isResolvable(row) && row.resolved_at !== null,
  resolvedAt: ({ row }) => (isResolvable(row) ? iso(row.resolved_at) : null),
  resolvedBy: ({ row }, _args, context) => (isResolvable(row) ? userOf(row.resolved_by_id, context) : null),
  discussion: async (note, _args, context) => {
    const notes = await notesOf(note.policy, context);
    return {
      id: note.row.discussion_id,
      notes: notes.filter((other) => other.row.discussion_id === note.row.discussion_id),
    };
  },
  awardEmoji: async ({ row }, args, context) =>
    connectionOf(await context.loaders.awards.load(noteableKey('Note', row.id)), args),
  userPermissions: (note) => note,
};

export const NotePermissions: NotePermissionsResolvers = {
  adminNote: ({ row, policy }, _args, { access }) => notePermissions(policy, access, row).canEdit,
  awardEmoji: ({ row, policy }, _args, { access }) => notePermissions(policy, access, row).canAward,
  createNote: ({ policy }) => policy.createNote,
  readNote: () => true,
  repositionNote: ({ row, policy }, _args, { access }) => notePermissions(policy, access, row).canEdit,
  resolveNote: ({ row, policy }, _args, { access }) => notePermissions(policy, access, row).canResolve,
};

const resolvableNotes = (discussion: DiscussionModel) =>
  discussion.notes.filter((note) => isResolvable(note.row));
const resolvedNote = (discussion: DiscussionModel) => {
  const notes = resolvableNotes(discussion);
  return notes.length > 0 && notes.every((note) => note.row.resolved_at !== null) ? notes[0] : undefined;
};

export const Discussion: DiscussionResolvers = {
  id: (discussion) => discussionGid(discussion.id),
  replyId: (discussion) => discussionGid(discussion.id),
  createdAt: (discussion) => new Date(discussion.notes[0]?.row.created_at ?? 0).toISOString(),
  notes: (discussion, args) => connectionOf(discussion.notes, args),
  resolvable: (discussion) => resolvableNotes(discussion).length > 0,
  resolved: (discussion) => resolvedNote(discussion) !== undefined,
  resolvedAt: (discussion) => iso(resolvedNote(discussion)?.row.resolved_at ?? null),
  resolvedBy: (discussion, _args, context) =>
    userOf(resolvedNote(discussion)?.row.resolved_by_id ?? null, context),
};

const codePoints = (emoji: string) =>
  [...emoji].map((char) => char.codePointAt(0)?.toString(16) ?? '').join('-');

export const AwardEmoji: AwardEmojiResolvers = {
  name: (award) => award.name,
  emoji: (award) => AWARD_EMOJI[award.name] ?? '',
  unicode: (award) => codePoints(AWARD_EMOJI[award.name] ?? ''),
  user: async (award, _args, { loaders }) => {
    const user = await loaders.user.load(award.user_id);
    if (!user) throw new Error(`Award ${award.id} has no user`);
    return user;
  },
};

/**
 * The epic or issue (a work item is one) a NoteableID or AwardableID names, with its policy; missing
 * or hidden is not found.
 */
function policyOfGid(context: GraphQLContext, gid: string): Promise<NoteablePolicy> {
  const type = namesIssueRow(gid) ? 'Issue' : 'Epic';
  return noteablePolicyById(context.db, context.access, type, idOf(gid));
}

async function awardTargetOf(context: GraphQLContext, gid: string) {
  if (gid.startsWith('gid://gitlab/Note/')) {
    const { policy, note } = await notePolicyById(context.db, context.access, idOf(gid));
    return { policy, awardable: await awardableOf(context.db, policy, { kind: 'note', noteId: note.id }) };
  }
  const policy = await policyOfGid(context, gid);
  return { policy, awardable: await awardableOf(context.db, policy, { kind: 'item' }) };
}

const hexOf = (discussionGidValue: string) => discussionGidValue.slice('gid://gitlab/Discussion/'.length);

/** GitLab's text when a reply names a discussion the user may not read. */
const DISCUSSION_NOT_AVAILABLE =
  "The discussion does not exist or you don't have permission to perform this action";

async function discussionModel(
  context: GraphQLContext,
  policy: NoteablePolicy,
  id: string,
): Promise<DiscussionModel> {
  const notes = (await notesOf(policy, context)).filter((note) => note.row.discussion_id === id);
  return { id, notes };
}

const noteModel = (row: NoteRow, policy: NoteablePolicy): NoteModel => ({ row, policy });

export const noteMutations: Pick<
  MutationResolvers,
  | 'createNote'
  | 'createDiscussion'
  | 'updateNote'
  | 'destroyNote'
  | 'discussionToggleResolve'
  | 'awardEmojiAdd'
  | 'awardEmojiRemove'
  | 'awardEmojiToggle'
> = {
  createNote: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const policy = await policyOfGid(context, input.noteableId);
      try {
        // Quick actions run first; "`note` is null when not persisted (e.g. body only quick actions)".
        const { note } = await submitNote(context.db, context.access, policy, {
          body: input.body,
          internal: input.internal ?? false,
          discussionId: input.discussionId ? hexOf(input.discussionId) : undefined,
        });
        return {
          clientMutationId: input.clientMutationId ?? null,
          note: note ? noteModel(note.row, policy) : null,
          errors: [],
        };
      } catch (error) {
        if (error instanceof NotFoundError && error.resource === 'Discussion') {
          throw new GraphQLError(DISCUSSION_NOT_AVAILABLE);
        }
        throw error;
      }
    });
  },
  createDiscussion: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const policy = await policyOfGid(context, input.noteableId);
      const view = await createNote(context.db, context.access, policy, {
        body: input.body,
        internal: input.internal ?? false,
        startThread: true,
      });
      return {
        clientMutationId: input.clientMutationId ?? null,
        note: noteModel(view.row, policy),
        errors: [],
      };
    });
  },
  updateNote: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const { policy, note } = await notePolicyById(context.db, context.access, idOf(input.id));
      const row =
        input.body == null
          ? note
          : (await updateNote(context.db, context.access, policy, note.id, input.body)).row;
      return { clientMutationId: input.clientMutationId ?? null, note: noteModel(row, policy), errors: [] };
    });
  },
  destroyNote: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const { policy, note } = await notePolicyById(context.db, context.access, idOf(input.id));
      await deleteNote(context.db, context.access, policy, note.id);
      return { clientMutationId: input.clientMutationId ?? null, note: null, errors: [] };
    });
  },
  discussionToggleResolve: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const id = hexOf(input.id);
      const policy = await discussionPolicyById(context.db, context.access, id);
      await setDiscussionResolved(context.db, context.access, policy, id, input.resolve);
      return {
        clientMutationId: input.clientMutationId ?? null,
        discussion: await discussionModel(context, policy, id),
        errors: [],
      };
    });
  },
  awardEmojiAdd: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const { policy, awardable } = await awardTargetOf(context, input.awardableId);
      const award = await addAward(context.db, context.access, policy, awardable, input.name);
      return { clientMutationId: input.clientMutationId ?? null, awardEmoji: award, errors: [] };
    });
  },
  awardEmojiRemove: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const { policy, awardable } = await awardTargetOf(context, input.awardableId);
      await removeOwnAward(context.db, context.access, policy, awardable, input.name);
      return { clientMutationId: input.clientMutationId ?? null, awardEmoji: null, errors: [] };
    });
  },
  awardEmojiToggle: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    const result = await payloadErrors(async () => {
      const { policy, awardable } = await awardTargetOf(context, input.awardableId);
      const toggled = await toggleAward(context.db, context.access, policy, awardable, input.name);
      return { awardEmoji: toggled.award, toggledOn: toggled.toggledOn, errors: [] };
    });
    return {
      clientMutationId: input.clientMutationId ?? null,
      awardEmoji: null,
      toggledOn: false,
      ...result,
    };
  },
};
