import { type KeyboardEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { WORK_ITEM_TEXT } from './workItemTexts.ts';

/**
 * The title, edited in place (GitLab's work item title): it saves when the field loses focus or on
 * Enter, Escape puts the saved title back. An empty or unchanged title is not sent.
 */
export function WorkItemTitle({
  title,
  canUpdate,
  onSave,
  titleId,
}: {
  title: string;
  canUpdate: boolean;
  onSave: (title: string) => void;
  /** The heading's id, which a dialog is labelled by. */
  titleId?: string | undefined;
}) {
  const [draft, setDraft] = useState(title);
  // Escape blurs the field: that blur must not save the draft being dropped.
  const cancelled = useRef(false);
  // A title saved elsewhere (or the answer to our own save) replaces the draft, unless the draft
  // holds a change being typed: what someone is writing is never overwritten.
  const shownTitle = useRef(title);
  useEffect(() => {
    setDraft((current) => (current === shownTitle.current ? title : current));
    shownTitle.current = title;
  }, [title]);
  // A long title wraps as the heading does: the field grows to its lines.
  const field = useRef<HTMLTextAreaElement>(null);
  const fitHeight = useCallback(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    // Not laid out yet (a dialog still opening): a height of 0 would hide the title for good.
    if (element.scrollHeight === 0) return;
    element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text.
  useLayoutEffect(fitHeight, [draft]);
  // …and the width: a title laid out later, or in a narrower modal, wraps again.
  useEffect(() => {
    const element = field.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      fitHeight();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fitHeight]);

  if (!canUpdate) {
    return (
      <h2 id={titleId} className="work-item-title" data-testid="work-item-title">
        {title}
      </h2>
    );
  }
  const commit = () => {
    if (cancelled.current) {
      cancelled.current = false;
      return;
    }
    const next = draft.trim();
    if (next === '' || next === title) setDraft(title);
    else onSave(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (event.key === 'Escape' && draft !== title) {
      // With a change typed, this Escape drops it (an unchanged title lets the modal close).
      event.preventDefault();
      event.stopPropagation();
      setDraft(title);
      cancelled.current = true;
      event.currentTarget.blur();
    }
  };
  return (
    <h2 id={titleId} className="work-item-title">
      <textarea
        ref={field}
        className="work-item-title-input"
        aria-label={WORK_ITEM_TEXT.title}
        rows={1}
        value={draft}
        // A title is one line: pasted line breaks become spaces.
        onChange={(event) => setDraft(event.target.value.replace(/\r?\n/g, ' '))}
        onBlur={commit}
        onKeyDown={onKeyDown}
        data-testid="work-item-title"
      />
    </h2>
  );
}
