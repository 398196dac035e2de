import { useCallback, useEffect, useRef, useState } from 'react';
import { type ActivityEventView, fetchUserActivity } from './userActivityRest.ts';

export interface UserActivity {
  readonly events: readonly ActivityEventView[];
  readonly loading: boolean;
  readonly failed: boolean;
  /** Whether older events follow. */
  readonly hasMore: boolean;
  /** Reads the next page and appends it. */
  readonly loadMore: () => void;
}

interface State {
  readonly events: readonly ActivityEventView[];
  readonly nextPage: number | null;
  readonly loading: boolean;
  readonly failed: boolean;
}

/** A user's profile Activity, a page at a time (GitLab's profile loads more as one asks). */
export function useUserActivity(username: string): UserActivity {
  const [state, setState] = useState<State>({ events: [], nextPage: 1, loading: true, failed: false });
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(
    (page: number) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState((before) => ({ ...before, loading: true, failed: false }));
      fetchUserActivity(username, page, current.signal).then(
        (result) =>
          setState((before) => ({
            events: page === 1 ? result.events : [...before.events, ...result.events],
            nextPage: result.nextPage,
            loading: false,
            failed: false,
          })),
        (error: unknown) => {
          if (current.signal.aborted) return;
          console.error(error);
          setState((before) => ({ ...before, loading: false, failed: true }));
        },
      );
    },
    [username],
  );

  useEffect(() => {
    load(1);
    return () => controller.current?.abort();
  }, [load]);

  const { nextPage } = state;
  const loadMore = useCallback(() => {
    if (nextPage !== null) load(nextPage);
  }, [load, nextPage]);

  return {
    events: state.events,
    loading: state.loading,
    failed: state.failed,
    hasMore: state.nextPage !== null,
    loadMore,
  };
}
