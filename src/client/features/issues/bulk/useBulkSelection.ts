import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { selectedOnPage, toggleAll, toggleOne } from './bulkDraft.ts';

/** The list's bulk edit mode and which issues of the page are selected (database ids). */
export interface BulkSelection {
  readonly editing: boolean;
  /** The selected issues that are on the page, in its order. */
  readonly selectedIds: readonly number[];
  /** Every issue of the page is selected (and there is one). */
  readonly allSelected: boolean;
  readonly isSelected: (id: number) => boolean;
  readonly select: (id: number, checked: boolean) => void;
  readonly toggleAll: () => void;
  readonly start: () => void;
  /** Leaves bulk edit and forgets the selection. */
  readonly stop: () => void;
}

/**
 * Bulk edit's selection, local to the list (it lives only while the sidebar is open). Issues that
 * leave the page (another page, a filter) drop out of `selectedIds`, so nothing off-screen is edited.
 */
export function useBulkSelection(pageIds: readonly number[]): BulkSelection {
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const selectedIds = useMemo(() => selectedOnPage(selected, pageIds), [selected, pageIds]);
  const select = useCallback(
    (id: number, checked: boolean) => setSelected((previous) => toggleOne(previous, id, checked)),
    [],
  );
  return {
    editing,
    selectedIds,
    allSelected: pageIds.length > 0 && selectedIds.length === pageIds.length,
    isSelected: (id) => selected.has(id),
    select,
    toggleAll: () => setSelected((previous) => toggleAll(previous, pageIds)),
    start: () => setEditing(true),
    stop: () => {
      setEditing(false);
      setSelected(new Set());
    },
  };
}

/**
 * The Bulk edit button's ref: when bulk edit ends (Cancel, or after Update all) the button comes
 * back and takes the focus, which would otherwise fall to the page with the sidebar's buttons.
 */
export function useReturnFocus(editing: boolean): RefObject<HTMLButtonElement | null> {
  const ref = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) ref.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return ref;
}
