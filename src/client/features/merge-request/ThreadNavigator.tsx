import { useEffect, useState } from 'react';
import { Button } from '../../ui/index.ts';
import { MERGE_REQUEST_TEXT } from './mergeRequestTexts.ts';

const UNRESOLVED = '[data-unresolved="true"]';

/** The activity's unresolved threads, in page order (the discussions mark them). */
const unresolvedThreads = (): HTMLElement[] => [...document.querySelectorAll<HTMLElement>(UNRESOLVED)];

/**
 * GitLab's unresolved-threads counter with its previous and next buttons, which the `p` and `n`
 * shortcuts press: each moves to the next thread below (or above) the one in view, wrapping around,
 * and focuses it. Hidden while no thread waits.
 */
export function ThreadNavigator() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const recount = () => setCount(unresolvedThreads().length);
    recount();
    // The activity loads, polls and resolves on its own: follow the marks it leaves.
    const observer = new MutationObserver(recount);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-unresolved'],
    });
    return () => observer.disconnect();
  }, []);
  if (count === 0) return null;
  return (
    <div className="thread-navigator" data-testid="thread-navigator">
      <span role="status">{MERGE_REQUEST_TEXT.unresolvedThreads(count)}</span>
      <Button
        variant="tertiary"
        icon="chevronLeft"
        iconOnly
        aria-label={MERGE_REQUEST_TEXT.previousThread}
        title={MERGE_REQUEST_TEXT.previousThread}
        onClick={() => goToThread(-1)}
        data-shortcut-target="thread-previous"
        data-testid="thread-previous"
      />
      <Button
        variant="tertiary"
        icon="chevronRight"
        iconOnly
        aria-label={MERGE_REQUEST_TEXT.nextThread}
        title={MERGE_REQUEST_TEXT.nextThread}
        onClick={() => goToThread(1)}
        data-shortcut-target="thread-next"
        data-testid="thread-next"
      />
    </div>
  );
}

/** Scrolls to and focuses the next (1) or previous (-1) unresolved thread after the current one. */
function goToThread(step: 1 | -1): void {
  const threads = unresolvedThreads();
  if (threads.length === 0) return;
  const current = threads.findIndex((thread) => thread.contains(document.activeElement));
  const index =
    current === -1
      ? step === 1
        ? 0
        : threads.length - 1
      : (current + step + threads.length) % threads.length;
  const thread = threads[index];
  if (!thread) return;
  if (!thread.hasAttribute('tabindex')) thread.setAttribute('tabindex', '-1');
  thread.scrollIntoView({ block: 'center' });
  thread.focus({ preventScroll: true });
}
