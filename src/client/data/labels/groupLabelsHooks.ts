import { useCallback, useEffect, useState } from 'react';
import { fetchGroupLabels, type ManagedLabel } from './groupLabelsRest.ts';

export interface GroupLabelsList {
  /** The group's own labels. */
  readonly own: readonly ManagedLabel[];
  /** Its ancestors' labels, which it uses but does not manage. */
  readonly inherited: readonly ManagedLabel[];
  readonly loading: boolean;
  readonly failed: boolean;
  readonly reload: () => void;
}

/** The labels page's two lists, read again on `reload` and when the search changes. */
export function useGroupLabelsList(groupId: string, search: string): GroupLabelsList {
  const [state, setState] = useState({
    own: [] as readonly ManagedLabel[],
    inherited: [] as readonly ManagedLabel[],
    loading: true,
    failed: false,
  });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    void generation;
    Promise.all([
      fetchGroupLabels(groupId, { inherited: false, search }, controller.signal),
      fetchGroupLabels(groupId, { inherited: true, search }, controller.signal),
    ]).then(
      ([own, all]) => {
        const ownIds = new Set(own.map((label) => label.id));
        setState({
          own,
          inherited: all.filter((label) => !ownIds.has(label.id)),
          loading: false,
          failed: false,
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setState({ own: [], inherited: [], loading: false, failed: true });
      },
    );
    return () => controller.abort();
  }, [groupId, search, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...state, reload };
}
