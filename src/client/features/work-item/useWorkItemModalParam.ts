import { useCallback, useEffect, useState } from 'react';
import { searchWithWorkItem, workItemIdFromSearch } from './workItemParam.ts';

export interface WorkItemModalParam {
  /** The global id of the work item the URL names, or null. */
  readonly workItemId: string | null;
  /** Names the work item in the URL (a new history entry, so Back closes the modal). */
  open(id: string): void;
  /** Takes the parameter off the URL. */
  close(): void;
}

/** Told to every user of the hook when one of them changes the URL (pushState fires no popstate). */
const CHANGED = 'plantrack:work-item-param';
/** Marks, in history.state, an entry `open` pushed: closing it is going back. */
const PUSHED_MARK = 'workItemModal';

function pushedByOpen(): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === 'object' && state !== null && (state as Record<string, unknown>)[PUSHED_MARK] === true
  );
}

/**
 * The modal's `work_item_id` URL parameter (spec: "used and updated for the work item modal"): a
 * copied URL with it opens the modal on load, opening pushes a history entry, Back (popstate)
 * closes it, and closing goes back over the entry `open` pushed, or replaces the URL when the entry
 * came from a copied link. Every component using the hook sees the same value: the one that opens
 * (a task list) and the one that hosts the modal (the page) may differ.
 */
export function useWorkItemModalParam(): WorkItemModalParam {
  const [workItemId, setWorkItemId] = useState(() => workItemIdFromSearch(window.location.search));

  useEffect(() => {
    const read = () => setWorkItemId(workItemIdFromSearch(window.location.search));
    window.addEventListener('popstate', read);
    window.addEventListener(CHANGED, read);
    return () => {
      window.removeEventListener('popstate', read);
      window.removeEventListener(CHANGED, read);
    };
  }, []);

  const open = useCallback((id: string) => {
    const { pathname, search, hash } = window.location;
    const next = searchWithWorkItem(search, id);
    if (next === search) return;
    const url = `${pathname}${next}${hash}`;
    // Another item opened over an open one replaces it: Back still closes the modal.
    if (pushedByOpen()) window.history.replaceState(window.history.state, '', url);
    else window.history.pushState({ ...(window.history.state ?? {}), [PUSHED_MARK]: true }, '', url);
    window.dispatchEvent(new Event(CHANGED));
  }, []);

  const close = useCallback(() => {
    if (workItemIdFromSearch(window.location.search) === null) return;
    // Going back fires popstate, which every user of the hook reads.
    if (pushedByOpen()) {
      window.history.back();
      return;
    }
    const { pathname, search, hash } = window.location;
    window.history.replaceState(
      window.history.state,
      '',
      `${pathname}${searchWithWorkItem(search, null)}${hash}`,
    );
    window.dispatchEvent(new Event(CHANGED));
  }, []);

  return { workItemId, open, close };
}
