import { useEffect, useRef } from 'react';
import { BULK_EDIT_TEXT } from './bulkEditTexts.ts';
import type { BulkSelection } from './useBulkSelection.ts';

/** The "Select all" checkbox above the rows: mixed while only some of the page is selected. */
export function SelectAll({ bulk }: { bulk: BulkSelection }) {
  const ref = useRef<HTMLInputElement>(null);
  const some = bulk.selectedIds.length > 0 && !bulk.allSelected;
  useEffect(() => {
    // `indeterminate` has no attribute: it is set on the element.
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <div className="bulk-select-all">
      <label className="bulk-select-all-label">
        <input
          ref={ref}
          type="checkbox"
          checked={bulk.allSelected}
          // biome-ignore lint/a11y/noAutofocus: Bulk edit was pressed to choose issues; their list starts here.
          autoFocus
          onChange={bulk.toggleAll}
          data-testid="bulk-select-all"
        />
        {BULK_EDIT_TEXT.selectAll}
      </label>
      <span className="muted" data-testid="bulk-selected-count">
        {BULK_EDIT_TEXT.selected(bulk.selectedIds.length)}
      </span>
    </div>
  );
}
