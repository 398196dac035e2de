import { useEffect, useState } from 'react';
import { fetchUserIssues, type UserIssue } from './userIssuesRest.ts';

export interface UserIssues {
  readonly issues: readonly UserIssue[];
  readonly loading: boolean;
  readonly failed: boolean;
}

/** The issues a user opened, for their profile; nothing is read when `enabled` is false. */
export function useUserIssues(username: string, enabled: boolean): UserIssues {
  const [state, setState] = useState<UserIssues>({ issues: [], loading: enabled, failed: false });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetchUserIssues(username, controller.signal).then(
      (issues) => setState({ issues, loading: false, failed: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setState({ issues: [], loading: false, failed: true });
      },
    );
    return () => controller.abort();
  }, [username, enabled]);
  return state;
}
