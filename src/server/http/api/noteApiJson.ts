import type { AwardView } from '../../services/discussions/awardService.ts';
import type { DiscussionView, NoteView } from '../../services/discussions/discussionService.ts';
import type { NoteablePolicy } from '../../services/discussions/noteable.ts';
import { userBasicJson } from './presenters.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * GitLab's REST Note entity. Issue notes carry their project and the issue's iid; epic notes have
 * neither (GitLab exposes `noteable_iid` for issues and merge requests only).
 */
export function noteApiJson(view: NoteView, policy: NoteablePolicy, externalUrl: string) {
  const { row } = view;
  const issue = policy.target.type === 'Issue' ? policy.target.located : null;
  const resolved = view.resolvable && row.resolved_at !== null;
  return {
    id: row.id,
    type: row.type,
    body: row.note,
    attachment: null,
    author: userBasicJson(view.author, externalUrl),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    system: row.system,
    noteable_id: row.noteable_id,
    noteable_type: row.noteable_type,
    project_id: issue ? issue.project.id : null,
    noteable_iid: issue ? issue.issue.iid : null,
    resolvable: view.resolvable,
    resolved,
    resolved_by: resolved && view.resolvedBy ? userBasicJson(view.resolvedBy, externalUrl) : null,
    resolved_at: resolved && row.resolved_at !== null ? iso(row.resolved_at) : null,
    confidential: row.confidential,
    internal: row.confidential,
    imported: false,
    imported_from: 'none',
  };
}

/** GitLab's REST Discussion entity: a standalone comment is an `individual_note`. */
export function discussionApiJson(discussion: DiscussionView, policy: NoteablePolicy, externalUrl: string) {
  const first = discussion.notes[0];
  return {
    id: discussion.id,
    individual_note: first !== undefined && first.row.type === null && discussion.notes.length === 1,
    notes: discussion.notes.map((note) => noteApiJson(note, policy, externalUrl)),
  };
}

/** GitLab's REST AwardEmoji entity (reactions are never edited: updated_at is when given). */
export function awardApiJson({ row, user }: AwardView, externalUrl: string) {
  return {
    id: row.id,
    name: row.name,
    user: userBasicJson(user, externalUrl),
    created_at: iso(row.created_at),
    updated_at: iso(row.created_at),
    awardable_id: row.awardable_id,
    awardable_type: row.awardable_type,
    url: null,
  };
}
