import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  type ActivityFilter,
  type ActivitySort,
  type DiscussionJson,
  visibleDiscussions,
} from '../../../core/domain/discussions.ts';
import { signInPath } from '../../../core/domain/webPaths.ts';
import type { Result } from '../../../core/lib/result.ts';
import { systemClock } from '../../lib/clock.ts';
import { Alert } from '../../ui/index.ts';
import type { MarkdownFieldHandle } from '../issuable/MarkdownField.tsx';
import type { ActivityActions } from './activityActions.ts';
import { readActivityPreferences, writeActivityPreferences } from './activityPreferences.ts';
import { CommentForm, type CommentSubmission } from './CommentForm.tsx';
import { DiscussionItem } from './DiscussionItem.tsx';
import { DISCUSSION_TEXT } from './discussionTexts.ts';
import { quoteText, REPLY_EVENT } from './markdownShortcuts.ts';
import { useDiscussions } from './useDiscussions.ts';

/** Before a discussion is measured, the window guesses its height. */
const ESTIMATED_DISCUSSION_HEIGHT = 96;

const FILTER_LABELS: Readonly<Record<ActivityFilter, string>> = {
  all: DISCUSSION_TEXT.allActivity,
  comments: DISCUSSION_TEXT.commentsOnly,
  history: DISCUSSION_TEXT.historyOnly,
};

const EMPTY_TEXT: Readonly<Record<ActivityFilter, string>> = {
  all: DISCUSSION_TEXT.noActivity,
  comments: DISCUSSION_TEXT.noComments,
  history: DISCUSSION_TEXT.noHistory,
};

function noteIdOfHash(hash: string): number | null {
  const match = /^#note_(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/**
 * GitLab's activity section under an epic's or issue's description: comments, threads and system
 * notes, sorted and filtered as the reader chose, with the comment form. The list is windowed: only
 * the discussions near the viewport are in the DOM, so an item with thousands of notes stays fast.
 * 'r' replies quoting the selected text; a `#note_<id>` link scrolls the window to that note.
 */
export function ActivitySection({
  itemPath,
  noun,
  signedIn,
  currentUsername,
  previewMarkdown,
  onCommandsChanged,
  promoteToTimeline,
}: {
  itemPath: string;
  noun: 'issue' | 'epic' | 'merge request';
  signedIn: boolean;
  currentUsername: string | null;
  previewMarkdown: (text: string, signal: AbortSignal) => Promise<string>;
  /** A comment's quick actions changed the item (GitLab's `commands_changes`), e.g. `/react`. */
  onCommandsChanged?: (changes: Readonly<Record<string, unknown>>) => void;
  /** An incident's comments can become timeline events: the write, answering the failure to show. */
  promoteToTimeline?: ((noteId: number) => Promise<Result<void, string | null>>) | undefined;
}) {
  const state = useDiscussions(itemPath);
  const [preferences, setPreferences] = useState(readActivityPreferences);
  const [notice, setNotice] = useState<{ kind: 'info' | 'danger'; text: string } | null>(null);
  const [targetNoteId, setTargetNoteId] = useState<number | null>(() =>
    typeof window === 'undefined' ? null : noteIdOfHash(window.location.hash),
  );
  const form = useRef<MarkdownFieldHandle>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  const choose = (next: Partial<{ sort: ActivitySort; filter: ActivityFilter }>) => {
    const value = { ...preferences, ...next };
    setPreferences(value);
    writeActivityPreferences(value);
  };

  const shown = useMemo(
    () => visibleDiscussions(state.discussions, preferences.filter, preferences.sort),
    [state.discussions, preferences],
  );

  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });

  const virtualizer = useWindowVirtualizer({
    count: shown.length,
    estimateSize: () => ESTIMATED_DISCUSSION_HEIGHT,
    overscan: 6,
    scrollMargin,
    getItemKey: (index) => shown[index]?.id ?? index,
  });

  // Jumps to a linked note once it has arrived: the window scrolls to its discussion, then the
  // note itself is brought into view and focused.
  useEffect(() => {
    if (targetNoteId === null) return;
    const index = shown.findIndex((discussion) => discussion.notes.some((note) => note.id === targetNoteId));
    if (index < 0) return;
    virtualizer.scrollToIndex(index, { align: 'start' });
    // Once the window has rendered the discussion, the note itself is brought into view.
    return systemClock.after(0, () => {
      const element = document.getElementById(`note_${targetNoteId}`);
      element?.scrollIntoView({ block: 'center' });
      element?.focus({ preventScroll: true });
    });
  }, [targetNoteId, shown, virtualizer]);

  useEffect(() => {
    const onHash = () => setTargetNoteId(noteIdOfHash(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  // 'r' (the shortcut registry's 'Comment or reply'): the comment form, quoting what is selected.
  useEffect(() => {
    const onReply = (event: Event) => {
      if (!form.current) return;
      const selection = (event as CustomEvent<string>).detail;
      if (selection.trim() !== '') form.current.insert(quoteText(selection));
      else form.current.focus();
    };
    window.addEventListener(REPLY_EVENT, onReply);
    return () => window.removeEventListener(REPLY_EVENT, onReply);
  }, []);

  const { client, applyNote, removeNote, replaceDiscussion, refresh } = state;
  const actions: ActivityActions = useMemo(
    () => ({
      noun,
      currentUsername,
      canCreateNote: state.permissions?.create_note ?? false,
      client,
      previewMarkdown,
      reply: async (discussion: DiscussionJson, text: string) => {
        const answer = await client.create({ note: text, internal: false, discussionId: discussion.id });
        if (!answer.ok) return answer.error;
        if (answer.value.note) applyNote(answer.value.note);
        refresh();
        return null;
      },
      edit: async (note, text) => {
        const answer = await client.update(note.id, text);
        if (!answer.ok) return answer.error;
        applyNote(answer.value);
        return null;
      },
      remove: async (note) => {
        const answer = await client.remove(note.id);
        if (!answer.ok) {
          setNotice({ kind: 'danger', text: answer.error });
          return answer.error;
        }
        removeNote(note.id);
        return null;
      },
      toggleAward: (note, name) => {
        void client.toggleAward(note.id, name).then((answer) => {
          if (!answer.ok) setNotice({ kind: 'danger', text: answer.error });
          refresh();
        });
      },
      resolve: async (discussion, resolved) => {
        const answer = await client.resolve(discussion.id, resolved);
        if (!answer.ok) {
          setNotice({ kind: 'danger', text: answer.error });
          return answer.error;
        }
        replaceDiscussion(answer.value);
        return null;
      },
      promoteToTimeline: promoteToTimeline
        ? async (note) => {
            const answer = await promoteToTimeline(note.id);
            setNotice(
              answer.ok
                ? { kind: 'info', text: DISCUSSION_TEXT.promotedToTimeline }
                : {
                    kind: 'danger',
                    text:
                      answer.error === null
                        ? DISCUSSION_TEXT.promoteGenericError
                        : DISCUSSION_TEXT.promoteError(answer.error),
                  },
            );
          }
        : undefined,
    }),
    [
      noun,
      currentUsername,
      state.permissions,
      client,
      previewMarkdown,
      applyNote,
      removeNote,
      replaceDiscussion,
      refresh,
      promoteToTimeline,
    ],
  );

  const submit = useCallback(
    async ({ text, internal, startThread }: CommentSubmission) => {
      const answer = await client.create({ note: text, internal, startThread });
      if (!answer.ok) return answer.error;
      const { note, quickActions, commandsChanges } = answer.value;
      if (note) applyNote(note);
      if (Object.keys(commandsChanges).length > 0) onCommandsChanged?.(commandsChanges);
      const messages = [...quickActions.messages, ...quickActions.errorMessages];
      setNotice(
        messages.length > 0
          ? { kind: quickActions.errorMessages.length > 0 ? 'danger' : 'info', text: messages.join(' ') }
          : null,
      );
      refresh();
      return null;
    },
    [client, applyNote, refresh, onCommandsChanged],
  );

  const permissions = state.permissions;
  return (
    <section id="notes" className="activity" aria-labelledby="activity-heading" data-testid="activity">
      <div className="activity-header">
        <h2 id="activity-heading" className="activity-title">
          {DISCUSSION_TEXT.activity}
        </h2>
        <fieldset className="activity-controls">
          <legend className="sr-only">{DISCUSSION_TEXT.sortOrFilter}</legend>
          <label className="activity-control">
            <span className="sr-only">{DISCUSSION_TEXT.sortLabel}</span>
            <select
              className="input input-sm"
              value={preferences.sort}
              onChange={(event) => choose({ sort: event.target.value === 'desc' ? 'desc' : 'asc' })}
              data-testid="activity-sort"
            >
              <option value="asc">{DISCUSSION_TEXT.oldestFirst}</option>
              <option value="desc">{DISCUSSION_TEXT.newestFirst}</option>
            </select>
          </label>
          <label className="activity-control">
            <span className="sr-only">{DISCUSSION_TEXT.filterLabel}</span>
            <select
              className="input input-sm"
              value={preferences.filter}
              onChange={(event) => choose({ filter: event.target.value as ActivityFilter })}
              data-testid="activity-filter"
            >
              {(Object.keys(FILTER_LABELS) as ActivityFilter[]).map((filter) => (
                <option key={filter} value={filter}>
                  {FILTER_LABELS[filter]}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
      </div>
      {state.failed ? <Alert variant="danger">{DISCUSSION_TEXT.loadFailed}</Alert> : null}
      <ul
        ref={listRef}
        className="activity-list"
        aria-busy={!state.complete}
        data-testid="activity-list"
        data-complete={state.complete}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const discussion = shown[item.index];
          if (!discussion) return null;
          return (
            <li
              key={item.key}
              aria-setsize={shown.length}
              aria-posinset={item.index + 1}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="activity-item"
              style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
            >
              <DiscussionItem discussion={discussion} actions={actions} targetNoteId={targetNoteId} />
            </li>
          );
        })}
      </ul>
      {state.complete && shown.length === 0 ? (
        <p className="muted activity-empty" data-testid="activity-empty">
          {EMPTY_TEXT[preferences.filter]}
        </p>
      ) : null}
      {!state.complete && !state.failed ? <p className="muted">{DISCUSSION_TEXT.loadingMore}</p> : null}
      {notice ? (
        <Alert variant={notice.kind} testId="activity-notice">
          {notice.text}
        </Alert>
      ) : null}
      {permissions === null ? null : permissions.create_note ? (
        <div className="activity-form" data-shortcut-target="comment">
          <CommentForm
            kind="new"
            noun={noun}
            draftKey={`autosave/note/${itemPath}`}
            canCreateInternal={permissions.create_internal_note}
            previewMarkdown={previewMarkdown}
            onSubmit={submit}
            handle={form}
          />
        </div>
      ) : permissions.discussion_locked && signedIn ? (
        <p className="muted activity-locked" data-testid="activity-locked">
          {DISCUSSION_TEXT.locked(noun)}
        </p>
      ) : !signedIn ? (
        <p className="muted activity-sign-in" data-testid="activity-sign-in">
          {DISCUSSION_TEXT.pleaseSignIn}{' '}
          <a href={signInPath(typeof window === 'undefined' ? itemPath : window.location.pathname)}>
            {DISCUSSION_TEXT.signIn}
          </a>{' '}
          {DISCUSSION_TEXT.signInToComment}
        </p>
      ) : null}
    </section>
  );
}
