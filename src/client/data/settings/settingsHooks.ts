import { useCallback, useEffect, useState } from 'react';

/** A list the page reads once and again after each write. */
export interface ReloadableList<T> {
  readonly items: readonly T[];
  readonly loading: boolean;
  readonly failed: boolean;
  readonly reload: () => void;
}

/** Reads `fetchList` on mount and on `reload`; a newer read supersedes an older one. */
export function useReloadableList<T>(fetchList: (signal: AbortSignal) => Promise<T[]>): ReloadableList<T> {
  const [items, setItems] = useState<readonly T[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    // Each generation reads again; the number itself is only the trigger.
    void generation;
    const controller = new AbortController();
    setLoading(true);
    fetchList(controller.signal).then(
      (list) => {
        setItems(list);
        setFailed(false);
        setLoading(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setFailed(true);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [fetchList, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { items, loading, failed, reload };
}
