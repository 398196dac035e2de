import { useCallback, useMemo, useState } from 'react';

/** Which rows of the report's page are chosen for a status change (global ids). */
export interface RowSelection {
  /** The chosen rows that are on the page, in its order. */
  readonly selectedIds: readonly string[];
  /** Every row of the page is chosen (and there is one). */
  readonly allSelected: boolean;
  readonly isSelected: (id: string) => boolean;
  readonly select: (id: string, checked: boolean) => void;
  /** Chooses every row of the page, or none when all were. */
  readonly toggleAll: () => void;
  readonly clear: () => void;
}

/**
 * The report's selection, local to the page. Rows that leave the page (another page, a filter)
 * drop out of `selectedIds`, so nothing out of sight is changed.
 */
export function useRowSelection(pageIds: readonly string[]): RowSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const selectedIds = useMemo(() => pageIds.filter((id) => selected.has(id)), [selected, pageIds]);
  const select = useCallback(
    (id: string, checked: boolean) =>
      setSelected((previous) => {
        const next = new Set(previous);
        if (checked) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const allSelected = pageIds.length > 0 && selectedIds.length === pageIds.length;
  return {
    selectedIds,
    allSelected,
    isSelected: (id) => selected.has(id),
    select,
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(pageIds)),
    clear: () => setSelected(new Set()),
  };
}
