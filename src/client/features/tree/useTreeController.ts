/**
 * One TreeController per mounted tree card: made on mount, disposed on unmount (its worker goes
 * with it), and the card re-renders when its visible state changes.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { EpicTreeData } from '../../data/epicTreeData.ts';
import { TreeController, type TreeViewState } from './treeController.ts';

export interface TreeControllerInput {
  readonly data: EpicTreeData;
  readonly fullPath: string;
  readonly iid: string;
  readonly signedIn: boolean;
  readonly isShowingLabels: boolean;
  readonly notify: (text: string) => void;
  readonly today: () => number;
}

export function useTreeController(input: TreeControllerInput): {
  controller: TreeController | null;
  state: TreeViewState | null;
} {
  const [controller, setController] = useState<TreeController | null>(null);
  const { data, fullPath, iid, signedIn } = input;
  // Options read later (labels, notify, today) are taken from the first render on purpose: the
  // labels toggle goes through setShowingLabels, and the others are stable callbacks.
  const [initial] = useState(input);
  useEffect(() => {
    const created = new TreeController({ ...initial, data, fullPath, iid, signedIn });
    setController(created);
    void created.load();
    return () => created.dispose();
  }, [initial, data, fullPath, iid, signedIn]);
  const state = useSyncExternalStore(
    (listener) => controller?.subscribe(listener) ?? (() => undefined),
    () => controller?.state ?? null,
  );
  return { controller, state };
}
