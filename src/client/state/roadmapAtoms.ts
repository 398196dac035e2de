/**
 * The roadmap's UI state that is not in the URL: which epics are expanded (and which are fetching
 * their children), and presentation mode. Settings and filters live in the URL (locationAtoms).
 */
import { atom, useAtom } from 'jotai';
import { useCallback } from 'react';

const expandedEpicsAtom = atom<ReadonlySet<number>>(new Set<number>());
const childrenLoadingAtom = atom<ReadonlySet<number>>(new Set<number>());
const presentationAtom = atom(false);

function withMember(set: ReadonlySet<number>, id: number, member: boolean): ReadonlySet<number> {
  if (set.has(id) === member) return set;
  const next = new Set(set);
  if (member) next.add(id);
  else next.delete(id);
  return next;
}

export interface RoadmapTreeState {
  readonly expanded: ReadonlySet<number>;
  readonly loadingChildren: ReadonlySet<number>;
  setExpanded(id: number, expanded: boolean): void;
  setLoadingChildren(id: number, loading: boolean): void;
  /** Spec: "Changing the filter, epic state, date range or sort clears the epics, child flags…". */
  reset(): void;
}

export function useRoadmapTreeState(): RoadmapTreeState {
  const [expanded, setExpandedSet] = useAtom(expandedEpicsAtom);
  const [loadingChildren, setLoadingSet] = useAtom(childrenLoadingAtom);
  const setExpanded = useCallback(
    (id: number, value: boolean) => setExpandedSet((set) => withMember(set, id, value)),
    [setExpandedSet],
  );
  const setLoadingChildren = useCallback(
    (id: number, value: boolean) => setLoadingSet((set) => withMember(set, id, value)),
    [setLoadingSet],
  );
  const reset = useCallback(() => {
    setExpandedSet(new Set());
    setLoadingSet(new Set());
  }, [setExpandedSet, setLoadingSet]);
  return { expanded, loadingChildren, setExpanded, setLoadingChildren, reset };
}

export function usePresentationMode(): [on: boolean, setOn: (on: boolean) => void] {
  return useAtom(presentationAtom);
}
