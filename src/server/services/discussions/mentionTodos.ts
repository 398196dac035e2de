import { extractMentions } from '../../../core/domain/mentions.ts';
import { TODO_ACTION_DIRECTLY_ADDRESSED, TODO_ACTION_MENTIONED } from '../../../core/domain/todos.ts';
import type { Executor } from '../../db/executor.ts';
import { insertTodo } from '../../db/repositories/todoRepository.ts';
import { findUsersByUsernames } from '../../db/repositories/userRepository.ts';
import type { NoteRow, UserRow } from '../../db/schema.ts';
import { AccessContext } from '../access.ts';
import { sessionActor } from '../actor.ts';
import { canReadIssue } from '../issueService.ts';
import type { NoteablePolicy } from './noteable.ts';

/** Whether this user may read the item and, for an internal note, internal notes too. */
async function mayReadMention(
  db: Executor,
  policy: NoteablePolicy,
  user: UserRow,
  internal: boolean,
  now: Date,
) {
  const access = new AccessContext(db, sessionActor(user), () => now);
  const target = policy.target;
  if (target.type === 'Issue') {
    const { project, namespace, issue } = target.located;
    if (!(await canReadIssue(db, access, { project, namespace }, issue))) return false;
    return !internal || access.canInProject('read_internal_note', project, namespace);
  }
  if (target.type === 'MergeRequest') {
    const { project, namespace } = target.located;
    if (!(await access.canInProject('read_merge_request', project, namespace))) return false;
    return !internal || access.canInProject('read_internal_note', project, namespace);
  }
  const { group, epic } = target;
  const isAuthor = epic.author_id === user.id;
  if (!(await access.canInNamespace('read_epic', group, { confidential: epic.confidential, isAuthor }))) {
    return false;
  }
  return !internal || access.canInNamespace('read_internal_note', group);
}

/**
 * GitLab's mention to-dos: each user a note names gets a to-do ('mentioned you', or 'directly
 * addressed you' when the note starts with them), unless they wrote it, are blocked or banned, or
 * may not read what it is on. An edit only raises to-dos for users it newly names.
 */
export async function raiseMentionTodos(
  db: Executor,
  policy: NoteablePolicy,
  { note, author, now, previousText }: { note: NoteRow; author: UserRow; now: Date; previousText?: string },
): Promise<number> {
  const mentions = extractMentions(note.note);
  const before = previousText === undefined ? null : extractMentions(previousText);
  const known = new Set(
    before ? [...before.directlyAddressed, ...before.mentioned].map((name) => name.toLowerCase()) : [],
  );
  const direct = new Set(mentions.directlyAddressed.map((name) => name.toLowerCase()));
  const names = [...mentions.directlyAddressed, ...mentions.mentioned].filter(
    (name) => !known.has(name.toLowerCase()),
  );
  let raised = 0;
  for (const user of await findUsersByUsernames(db, names)) {
    if (user.id === author.id || user.state !== 'active') continue;
    if (!(await mayReadMention(db, policy, user, note.confidential, now))) continue;
    await insertTodo(db, {
      root_namespace_id: policy.rootNamespaceId,
      user_id: user.id,
      author_id: author.id,
      target_type: policy.type,
      target_id: policy.id,
      group_id: policy.target.type === 'Epic' ? policy.target.group.id : null,
      project_id: policy.target.type === 'Epic' ? null : policy.target.located.project.id,
      action: direct.has(user.username.toLowerCase())
        ? TODO_ACTION_DIRECTLY_ADDRESSED
        : TODO_ACTION_MENTIONED,
      state: 'pending',
      note_id: note.id,
      created_at: now,
      updated_at: now,
    });
    raised += 1;
  }
  return raised;
}
