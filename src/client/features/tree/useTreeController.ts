/**
 * One TreeController per mounted tree card: made on mount, disposed on unmount (its worker goes
 * with it), and the card re-renders when its visible state changes.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { TreeController, type TreeControllerOptions, type TreeViewState } from './treeController.ts';

export function useTreeController(input: TreeControllerOptions): {
  controller: TreeController | null;
  state: TreeViewState | null;
} {
  const [controller, setController] = useState<TreeController | null>(null);
  const { data, fullPath, iid, signedIn } = input;
  // Options read later (labels, notify, today) are taken from the first render on purpose: the
  // labels toggle goes through setShowingLabels, notify is a stable callback, and today is read once.
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
