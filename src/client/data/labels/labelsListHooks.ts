import { useCallback, useEffect, useState } from 'react';
import { fetchLabels, type LabelOwnerRef, type ManagedLabel } from './labelsRest.ts';

export interface LabelsList {
  /** The place's own labels. */
  readonly own: readonly ManagedLabel[];
  /** Its ancestor groups' labels, which it uses but does not manage. */
  readonly inherited: readonly ManagedLabel[];
  readonly loading: boolean;
  readonly failed: boolean;
  readonly reload: () => void;
}

/** Splits a project's labels (which come with its groups') into its own and its groups'. */
async function fetchSplit(owner: LabelOwnerRef, search: string, signal: AbortSignal) {
  if (owner.kind === 'project') {
    const all = await fetchLabels(owner, { inherited: true, search }, signal);
    return {
      own: all.filter((label) => label.isProjectLabel),
      inherited: all.filter((label) => !label.isProjectLabel),
    };
  }
  const [own, all] = await Promise.all([
    fetchLabels(owner, { inherited: false, search }, signal),
    fetchLabels(owner, { inherited: true, search }, signal),
  ]);
  const ownIds = new Set(own.map((label) => label.id));
  return { own, inherited: all.filter((label) => !ownIds.has(label.id)) };
}

/** A labels page's two lists, read again on `reload` and when the search changes. */
export function useLabelsList(owner: LabelOwnerRef, search: string): LabelsList {
  const [state, setState] = useState({
    own: [] as readonly ManagedLabel[],
    inherited: [] as readonly ManagedLabel[],
    loading: true,
    failed: false,
  });
  const [generation, setGeneration] = useState(0);
  const { kind, id } = owner;
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    void generation;
    fetchSplit({ kind, id }, search, controller.signal).then(
      ({ own, inherited }) => setState({ own, inherited, loading: false, failed: false }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setState({ own: [], inherited: [], loading: false, failed: true });
      },
    );
    return () => controller.abort();
  }, [kind, id, search, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...state, reload };
}
