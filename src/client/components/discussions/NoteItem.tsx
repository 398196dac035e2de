import { useState } from 'react';
import type { NoteJson } from '../../../core/domain/discussions.ts';
import { toInstant } from '../../data/dates.ts';
import { Avatar, Badge, Button, Dialog, Icon } from '../../ui/index.ts';
import { TimeAgo } from '../issuable/IssuableMeta.tsx';
import { prepareTaskCheckboxes } from '../issuable/taskCheckboxes.ts';
import { AwardBar, AwardPicker } from './AwardBar.tsx';
import type { ActivityActions } from './activityActions.ts';
import { CommentForm } from './CommentForm.tsx';
import { DISCUSSION_TEXT } from './discussionTexts.ts';
import { systemNoteIcon } from './systemNoteIcons.ts';

/** A timestamp of the notes' JSON, shown as '3 days ago' (nothing when it does not parse). */
function NoteTime({ value }: { value: string }) {
  const instant = toInstant(value);
  return instant ? <TimeAgo instant={instant} /> : null;
}

export const noteAnchor = (noteId: number) => `note_${noteId}`;

/** A comment: who wrote it and when, its text, reactions, and what the reader may do with it. */
export function NoteItem({
  note,
  actions,
  onReply,
  highlighted,
}: {
  note: NoteJson;
  actions: ActivityActions;
  /** Shown on a standalone comment or a thread's first note: starts a reply. */
  onReply?: (() => void) | undefined;
  highlighted: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [promoting, setPromoting] = useState(false);
  const { promoteToTimeline } = actions;
  const canReply = onReply !== undefined && actions.canCreateNote;
  return (
    <div
      id={noteAnchor(note.id)}
      className={`note${highlighted ? ' is-target' : ''}${note.internal ? ' is-internal' : ''}`}
      data-testid="note"
      data-note-id={note.id}
      tabIndex={-1}
    >
      <span className="note-avatar">
        <Avatar name={note.author.name} colorKey={note.author.username} size={32} />
      </span>
      <div className="note-main">
        <div className="note-header">
          <span className="note-header-info">
            <a className="author-name" href={note.author.path} data-testid="note-author">
              {note.author.name}
            </a>{' '}
            <span className="muted">@{note.author.username}</span>
            <span className="muted" aria-hidden="true">
              {' · '}
            </span>
            <a className="note-time muted" href={`#${noteAnchor(note.id)}`}>
              <NoteTime value={note.created_at} />
            </a>
            {note.internal ? (
              <Badge variant="warning" testId="note-internal-badge">
                {DISCUSSION_TEXT.internalBadge}
              </Badge>
            ) : null}
          </span>
          <span className="note-actions">
            {note.current_user.can_award_emoji ? (
              <AwardPicker onPick={(name) => actions.toggleAward(note, name)} testId="note-award-picker" />
            ) : null}
            {promoteToTimeline ? (
              <Button
                variant="tertiary"
                iconOnly
                icon="clock"
                aria-label={DISCUSSION_TEXT.promoteToTimeline}
                title={DISCUSSION_TEXT.promoteToTimeline}
                disabled={promoting}
                aria-busy={promoting}
                onClick={() => {
                  setPromoting(true);
                  void promoteToTimeline(note).finally(() => setPromoting(false));
                }}
                data-testid="note-promote-to-timeline"
              />
            ) : null}
            {canReply ? (
              <Button
                variant="tertiary"
                iconOnly
                icon="reply"
                aria-label={DISCUSSION_TEXT.reply}
                title={DISCUSSION_TEXT.reply}
                onClick={onReply}
                data-testid="note-reply"
              />
            ) : null}
            {note.current_user.can_edit ? (
              <>
                <Button
                  variant="tertiary"
                  iconOnly
                  icon="pencil"
                  aria-label={DISCUSSION_TEXT.edit}
                  title={DISCUSSION_TEXT.edit}
                  onClick={() => setEditing(true)}
                  data-testid="note-edit"
                />
                <Button
                  variant="tertiary"
                  iconOnly
                  icon="trash"
                  aria-label={DISCUSSION_TEXT.remove}
                  title={DISCUSSION_TEXT.remove}
                  onClick={() => setDeleting(true)}
                  data-testid="note-delete"
                />
              </>
            ) : null}
          </span>
        </div>
        {editing ? (
          <CommentForm
            kind="edit"
            noun={actions.noun}
            initialText={note.note}
            draftKey={null}
            previewMarkdown={actions.previewMarkdown}
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async ({ text }) => {
              const failure = await actions.edit(note, text);
              if (failure === null) setEditing(false);
              return failure;
            }}
          />
        ) : (
          <div
            className="md note-body"
            data-testid="note-body"
            ref={(element) => {
              // Task lists in comments read as in the description: named, and not tickable here.
              if (element) prepareTaskCheckboxes(element, false);
            }}
            // Rendered and sanitised by the server's markdown renderer (an allowlist).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised markdown HTML
            dangerouslySetInnerHTML={{ __html: note.note_html }}
          />
        )}
        <AwardBar
          awards={note.award_emoji}
          currentUsername={actions.currentUsername}
          canAward={note.current_user.can_award_emoji}
          onToggle={(name) => actions.toggleAward(note, name)}
        />
        {note.last_edited_at ? (
          <p className="note-edited muted" data-testid="note-edited">
            {note.last_edited_by
              ? DISCUSSION_TEXT.editedBy(note.last_edited_by.name)
              : DISCUSSION_TEXT.edited}{' '}
            <NoteTime value={note.last_edited_at} />
          </p>
        ) : null}
      </div>
      <Dialog
        open={deleting}
        title={DISCUSSION_TEXT.deleteTitle}
        onClose={() => setDeleting(false)}
        testId="note-delete-dialog"
      >
        <p>{DISCUSSION_TEXT.deleteBody}</p>
        <div className="dialog-actions">
          <Button onClick={() => setDeleting(false)}>{DISCUSSION_TEXT.cancel}</Button>
          <Button
            variant="danger"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await actions.remove(note);
              setBusy(false);
              setDeleting(false);
            }}
            data-testid="note-delete-confirm"
          >
            {DISCUSSION_TEXT.deleteConfirm}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** A change recorded by the system: an icon, who made it, what it was, and when. */
export function SystemNoteItem({
  note,
  actions,
  highlighted,
}: {
  note: NoteJson;
  actions: ActivityActions;
  highlighted: boolean;
}) {
  const [diff, setDiff] = useState<{ html: string } | { error: string } | null>(null);
  const versionId = note.description_version_id;
  return (
    <div
      id={noteAnchor(note.id)}
      className={`system-note${highlighted ? ' is-target' : ''}`}
      data-testid="system-note"
      data-note-id={note.id}
      tabIndex={-1}
    >
      <span className="system-note-icon">
        <Icon name={systemNoteIcon(note.system_note_action)} />
      </span>
      <div className="system-note-main">
        <span className="system-note-text">
          <a className="author-name" href={note.author.path}>
            {note.author.name}
          </a>{' '}
          <span
            className="system-note-body"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised markdown HTML
            dangerouslySetInnerHTML={{ __html: stripParagraph(note.note_html) }}
          />
          <span className="muted" aria-hidden="true">
            {' · '}
          </span>
          <a className="note-time muted" href={`#${noteAnchor(note.id)}`}>
            <NoteTime value={note.created_at} />
          </a>
        </span>
        {versionId !== null ? (
          <>
            <button
              type="button"
              className="btn-link system-note-compare"
              aria-expanded={diff !== null}
              onClick={async () => {
                if (diff !== null) return setDiff(null);
                const answer = await actions.client.descriptionDiff(versionId);
                setDiff(answer.ok ? { html: answer.value } : { error: answer.error });
              }}
              data-testid="system-note-compare"
            >
              {diff !== null ? DISCUSSION_TEXT.hideCompare : DISCUSSION_TEXT.compare}
            </button>
            {diff !== null ? (
              'error' in diff ? (
                <p className="text-danger">{diff.error}</p>
              ) : (
                <pre
                  className="description-diff"
                  data-testid="description-diff"
                  // The server escapes the text and adds only its own addition/deletion spans.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: server-built, escaped diff
                  dangerouslySetInnerHTML={{ __html: diff.html }}
                />
              )
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

/** A one-paragraph note reads inline after the author's name. */
function stripParagraph(html: string): string {
  const match = /^<p>([\s\S]*)<\/p>\s*$/.exec(html);
  return match?.[1] !== undefined && !match[1].includes('<p>') ? match[1] : html;
}
