import { useCallback, useEffect, useState } from 'react';
import { usePageSettled } from './idle.ts';

/** What a page read, whether it is reading (again), and how to read it again after a write. */
export interface Reloadable<T> {
  /** The last answer; kept while a newer read runs, so a list does not blink as it reloads. */
  readonly value: T | null;
  readonly loading: boolean;
  readonly failed: boolean;
  /** Why the last read failed (null while it has not). */
  readonly error: Error | null;
  readonly reload: () => void;
}

interface ReadState<T> {
  /** The key of the last read started. */
  readonly key: string | null;
  readonly value: T | null;
  readonly loading: boolean;
  readonly failed: boolean;
  readonly error: Error | null;
}

/**
 * Reads `load` whenever `key` changes or `reload` is called (a null key reads nothing); a newer read
 * aborts the older. It is loading from the render that brings a new key (not only once the read
 * starts), so the page is never idle between a change and its read.
 */
export function useReloadable<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): Reloadable<T> {
  const [state, setState] = useState<ReadState<T>>({
    key,
    value: null,
    loading: key !== null,
    failed: false,
    error: null,
  });
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names everything `load` reads; each generation reads again.
  useEffect(() => {
    if (key === null) {
      setState((previous) => ({ ...previous, key, loading: false }));
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, key, loading: true }));
    load(controller.signal).then(
      (value) => setState({ key, value, loading: false, failed: false, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        const reason = error instanceof Error ? error : new Error(String(error));
        setState((previous) => ({ ...previous, loading: false, failed: true, error: reason }));
      },
    );
    return () => controller.abort();
  }, [key, generation]);
  const loading = state.loading || (key !== null && state.key !== key);
  usePageSettled(!loading);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { value: state.value, loading, failed: state.failed, error: state.error, reload };
}
