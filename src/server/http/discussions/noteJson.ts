import type {
  DiscussionJson,
  NoteAuthorJson,
  NoteablePermissionsJson,
  NoteJson,
} from '../../../core/domain/discussions.ts';
import { discussionResolved } from '../../../core/domain/discussions.ts';
import { userPath } from '../../../core/domain/webPaths.ts';
import type { UserRow } from '../../db/schema.ts';
import type { DiscussionView, NoteView } from '../../services/discussions/discussionService.ts';
import type { NoteablePolicy } from '../../services/discussions/noteable.ts';

export function noteAuthorJson(user: UserRow): NoteAuthorJson {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    state: user.state,
    avatar_url: null,
    path: userPath(user.username),
  };
}

/** A note as the activity section reads it (GitLab's note entity of the page JSON). */
export function noteJson(view: NoteView): NoteJson {
  const { row } = view;
  return {
    id: row.id,
    discussion_id: row.discussion_id,
    type: row.type,
    note: row.note,
    note_html: view.html,
    author: noteAuthorJson(view.author),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    last_edited_at: row.last_edited_at === null ? null : new Date(row.last_edited_at).toISOString(),
    last_edited_by: view.lastEditedBy ? noteAuthorJson(view.lastEditedBy) : null,
    system: row.system,
    system_note_action: row.system_note_action,
    description_version_id: row.description_version_id,
    internal: row.confidential,
    resolvable: view.resolvable,
    resolved: view.resolvable && row.resolved_at !== null,
    resolved_by: view.resolvable && view.resolvedBy ? noteAuthorJson(view.resolvedBy) : null,
    resolved_at: view.resolvable && row.resolved_at !== null ? new Date(row.resolved_at).toISOString() : null,
    award_emoji: view.awards.map((award) => ({
      name: award.name,
      user: { id: award.user.id, name: award.user.name, username: award.user.username },
    })),
    current_user: { can_edit: view.canEdit, can_award_emoji: view.canAward, can_resolve: view.canResolve },
  };
}

export function discussionJson(discussion: DiscussionView): DiscussionJson {
  const notes = discussion.notes.map(noteJson);
  const first = notes[0];
  return {
    id: discussion.id,
    individual_note: first !== undefined && first.type === null && notes.length === 1,
    resolvable: notes.some((note) => note.resolvable),
    resolved: discussionResolved(notes),
    notes,
  };
}

export function noteablePermissionsJson(policy: NoteablePolicy): NoteablePermissionsJson {
  return {
    create_note: policy.createNote,
    create_internal_note: policy.createInternal,
    discussion_locked: policy.discussionLocked,
  };
}
