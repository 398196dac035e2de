import { useState } from 'react';
import type { DiscussionJson } from '../../../core/domain/discussions.ts';
import { Button } from '../../ui/index.ts';
import type { ActivityActions } from './activityActions.ts';
import { CommentForm } from './CommentForm.tsx';
import { DISCUSSION_TEXT } from './discussionTexts.ts';
import { NoteItem, SystemNoteItem } from './NoteItem.tsx';

/**
 * One entry of the activity: a system note, a standalone comment, or a thread with its replies, its
 * reply form and its resolve button.
 */
export function DiscussionItem({
  discussion,
  actions,
  targetNoteId,
}: {
  discussion: DiscussionJson;
  actions: ActivityActions;
  targetNoteId: number | null;
}) {
  const [replying, setReplying] = useState(false);
  const [resolving, setResolving] = useState(false);
  const [first, ...replies] = discussion.notes;
  if (!first) return null;
  if (first.system && replies.length === 0) {
    return <SystemNoteItem note={first} actions={actions} highlighted={targetNoteId === first.id} />;
  }
  const thread = !discussion.individual_note;
  const canResolve = discussion.resolvable && discussion.notes.some((note) => note.current_user.can_resolve);
  const resolvedBy = discussion.notes.find((note) => note.resolved_by)?.resolved_by ?? null;
  const startReply = () => setReplying(true);
  return (
    <div
      className={`discussion${thread ? ' is-thread' : ''}${discussion.resolved ? ' is-resolved' : ''}`}
      data-testid="discussion"
      data-discussion-id={discussion.id}
      // The merge request's thread navigation (n / p) walks these.
      data-unresolved={discussion.resolvable && !discussion.resolved ? 'true' : undefined}
    >
      {first.system ? (
        <SystemNoteItem note={first} actions={actions} highlighted={targetNoteId === first.id} />
      ) : (
        <NoteItem
          note={first}
          actions={actions}
          onReply={startReply}
          highlighted={targetNoteId === first.id}
        />
      )}
      {replies.length > 0 ? (
        <ul className="discussion-replies" aria-label={DISCUSSION_TEXT.replies(replies.length)}>
          {replies.map((note) => (
            <li key={note.id}>
              <NoteItem note={note} actions={actions} highlighted={targetNoteId === note.id} />
            </li>
          ))}
        </ul>
      ) : null}
      {thread || replying ? (
        <div className="discussion-footer">
          {replying ? (
            <CommentForm
              kind="reply"
              noun={actions.noun}
              draftKey={`autosave/note/${discussion.id}`}
              previewMarkdown={actions.previewMarkdown}
              autoFocus
              onCancel={() => setReplying(false)}
              onSubmit={async ({ text }) => {
                const failure = await actions.reply(discussion, text);
                if (failure === null) setReplying(false);
                return failure;
              }}
            />
          ) : actions.canCreateNote ? (
            <button
              type="button"
              className="input discussion-reply-placeholder"
              onClick={startReply}
              data-testid="discussion-reply"
            >
              {DISCUSSION_TEXT.replyPlaceholder}
            </button>
          ) : null}
          {canResolve && !replying ? (
            <Button
              icon="resolve"
              disabled={resolving}
              aria-busy={resolving}
              onClick={async () => {
                setResolving(true);
                await actions.resolve(discussion, !discussion.resolved);
                setResolving(false);
              }}
              data-testid="discussion-resolve"
            >
              {discussion.resolved ? DISCUSSION_TEXT.reopenThread : DISCUSSION_TEXT.resolveThread}
            </Button>
          ) : null}
          {discussion.resolved ? (
            <span className="muted discussion-resolved" data-testid="discussion-resolved">
              {resolvedBy ? DISCUSSION_TEXT.resolvedBy(resolvedBy.name) : DISCUSSION_TEXT.threadResolved}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
