import { useCallback, useEffect, useRef, useState } from 'react';
import { searchWithWorkItem, workItemIdFromSearch } from './workItemParam.ts';

export interface WorkItemModalParam {
  /** The global id of the work item the URL names, or null. */
  readonly workItemId: string | null;
  /** Names the work item in the URL (a new history entry, so Back closes the modal). */
  open(id: string): void;
  /** Takes the parameter off the URL. */
  close(): void;
}

/**
 * The modal's `work_item_id` URL parameter (spec: "used and updated for the work item modal"): a
 * copied URL with it opens the modal on load, opening pushes a history entry, Back (popstate)
 * closes it, and closing goes back over the entry we pushed, or replaces the URL when the entry
 * came from a copied link.
 */
export function useWorkItemModalParam(): WorkItemModalParam {
  const [workItemId, setWorkItemId] = useState(() => workItemIdFromSearch(window.location.search));
  // Whether the current entry is one `open` pushed: then closing is going back.
  const pushed = useRef(false);

  useEffect(() => {
    const onPopState = () => {
      pushed.current = false;
      setWorkItemId(workItemIdFromSearch(window.location.search));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const open = useCallback((id: string) => {
    const { pathname, search, hash } = window.location;
    const next = searchWithWorkItem(search, id);
    if (next !== search) {
      window.history.pushState(window.history.state, '', `${pathname}${next}${hash}`);
      pushed.current = true;
    }
    setWorkItemId(workItemIdFromSearch(next));
  }, []);

  const close = useCallback(() => {
    setWorkItemId(null);
    if (pushed.current) {
      pushed.current = false;
      window.history.back();
      return;
    }
    const { pathname, search, hash } = window.location;
    window.history.replaceState(
      window.history.state,
      '',
      `${pathname}${searchWithWorkItem(search, null)}${hash}`,
    );
  }, []);

  return { workItemId, open, close };
}
