import { type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { browserStorage, readStoredEntry, writeStoredEntry } from '../../lib/index.ts';
import { Alert, Button, Icon } from '../../ui/index.ts';
import { MarkdownField, type MarkdownFieldHandle } from '../issuable/MarkdownField.tsx';
import { DISCUSSION_TEXT } from './discussionTexts.ts';

export interface CommentSubmission {
  readonly text: string;
  readonly internal: boolean;
  readonly startThread: boolean;
}

/** What a submit answers: null when it worked, else the server's message to show. */
export type SubmitComment = (submission: CommentSubmission) => Promise<string | null>;

const storage = () => browserStorage('Comment drafts');

/**
 * GitLab's comment form: the markdown field (Write / Preview and the editing shortcuts), the
 * internal-note checkbox for those who may write one, and 'Comment' or 'Start thread'. Ctrl/Cmd+Enter
 * submits, Esc cancels a reply or an edit. What is typed is kept in the browser under `draftKey`
 * until it is submitted, so a reload or a crash loses nothing.
 */
export function CommentForm({
  kind,
  noun,
  initialText = '',
  draftKey,
  canCreateInternal = false,
  previewMarkdown,
  onSubmit,
  onCancel,
  handle,
  autoFocus = false,
}: {
  kind: 'new' | 'reply' | 'edit';
  noun: string;
  initialText?: string;
  draftKey: string | null;
  canCreateInternal?: boolean;
  previewMarkdown: (text: string, signal: AbortSignal) => Promise<string>;
  onSubmit: SubmitComment;
  onCancel?: () => void;
  handle?: Ref<MarkdownFieldHandle>;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState(() =>
    draftKey === null
      ? initialText
      : readStoredEntry(
          storage(),
          draftKey,
          (stored) => stored ?? initialText,
          initialText,
          'a comment draft',
        ),
  );
  const [internal, setInternal] = useState(false);
  const [startThread, setStartThread] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<MarkdownFieldHandle>(null);
  const menuId = useId();

  useEffect(() => {
    if (autoFocus) field.current?.focus();
  }, [autoFocus]);

  const change = (value: string) => {
    setText(value);
    if (draftKey !== null)
      writeStoredEntry(storage(), draftKey, value === '' ? null : value, 'a comment draft');
  };

  const submit = async () => {
    if (busy || text.trim() === '') return;
    setBusy(true);
    setError(null);
    const failure = await onSubmit({ text, internal, startThread });
    setBusy(false);
    if (failure !== null) {
      setError(failure);
      return;
    }
    if (draftKey !== null) writeStoredEntry(storage(), draftKey, null, 'a comment draft');
    if (kind === 'new') {
      setText('');
      setInternal(false);
    }
  };

  const keys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };

  const submitLabel =
    kind === 'edit'
      ? DISCUSSION_TEXT.save
      : kind === 'reply'
        ? DISCUSSION_TEXT.replyButton
        : startThread
          ? DISCUSSION_TEXT.startThread
          : DISCUSSION_TEXT.comment;

  return (
    <form
      className={`comment-form comment-form-${kind}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid={`comment-form-${kind}`}
    >
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <MarkdownField
        value={text}
        onChange={change}
        onKeyDown={keys}
        previewMarkdown={previewMarkdown}
        disabled={busy}
        label={kind === 'reply' ? DISCUSSION_TEXT.replyLabel : DISCUSSION_TEXT.commentLabel}
        placeholder={DISCUSSION_TEXT.commentPlaceholder}
        rows={kind === 'new' ? 4 : 3}
        testId={`comment-input-${kind}`}
        tabsTestId={`comment-${kind}-markdown`}
        handle={(instance: MarkdownFieldHandle | null) => {
          field.current = instance;
          if (typeof handle === 'function') handle(instance);
          else if (handle && typeof handle === 'object')
            (handle as { current: MarkdownFieldHandle | null }).current = instance;
        }}
      />
      <div className="comment-form-actions">
        {kind === 'new' && canCreateInternal ? (
          <label className="checkbox comment-internal" title={DISCUSSION_TEXT.internalHint}>
            <input
              type="checkbox"
              checked={internal}
              onChange={(event) => setInternal(event.target.checked)}
              data-testid="comment-internal"
            />
            {DISCUSSION_TEXT.internalCheckbox}
          </label>
        ) : null}
        <div className="comment-form-buttons">
          {onCancel ? (
            <Button onClick={onCancel} disabled={busy} data-testid={`comment-cancel-${kind}`}>
              {DISCUSSION_TEXT.cancel}
            </Button>
          ) : null}
          <div className="split-button">
            <Button
              type="submit"
              variant="confirm"
              disabled={busy || text.trim() === ''}
              aria-busy={busy}
              data-testid={`comment-submit-${kind}`}
            >
              {submitLabel}
            </Button>
            {kind === 'new' ? (
              <>
                <Button
                  variant="confirm"
                  iconOnly
                  icon="chevronDown"
                  aria-label={DISCUSSION_TEXT.commentTypeMenu}
                  aria-haspopup="menu"
                  aria-expanded={menuOpen}
                  aria-controls={menuId}
                  onClick={() => setMenuOpen((open) => !open)}
                  data-testid="comment-type-toggle"
                />
                {menuOpen ? (
                  <div id={menuId} role="menu" className="dropdown-menu comment-type-menu">
                    {[false, true].map((thread) => (
                      <button
                        key={String(thread)}
                        type="button"
                        role="menuitemradio"
                        aria-checked={startThread === thread}
                        className="dropdown-item"
                        onClick={() => {
                          setStartThread(thread);
                          setMenuOpen(false);
                        }}
                        onKeyDown={(event) => {
                          if (event.key === 'Escape') setMenuOpen(false);
                        }}
                        data-testid={thread ? 'comment-type-thread' : 'comment-type-comment'}
                      >
                        <span className="comment-type-check">
                          {startThread === thread ? <Icon name="check" /> : null}
                        </span>
                        <span>
                          <strong>{thread ? DISCUSSION_TEXT.startThread : DISCUSSION_TEXT.comment}</strong>
                          <span className="muted comment-type-hint">
                            {thread ? DISCUSSION_TEXT.startThreadHint : DISCUSSION_TEXT.commentHint(noun)}
                          </span>
                        </span>
                      </button>
                    ))}
                  </div>
                ) : null}
              </>
            ) : null}
          </div>
        </div>
      </div>
    </form>
  );
}
