import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** What a row renderer gets: its position in the whole list, and the ref that measures its height. */
export interface WindowedRow {
  readonly index: number;
  /** `aria-rowindex` of the row: the header row is 1, so the list's first row is 2. */
  readonly rowIndex: number;
  readonly measure: (row: HTMLTableRowElement | null) => void;
}

/**
 * The body of a table whose rows scroll with the page but only those in view (and a few either
 * side) are in the document: thousands of rows cost what a screenful does. Rows out of view are the
 * height of one spacer row above and one below; each rendered row is measured, so rows of any
 * height (cards on a phone) keep their places. The table itself should carry `aria-rowcount`, and
 * each row its `rowIndex` as `aria-rowindex`, so assistive technology knows the whole list.
 */
export function WindowedTableBody({
  count,
  estimatedRowHeight,
  columns,
  renderRow,
  onRangeChange,
}: {
  count: number;
  estimatedRowHeight: number;
  columns: number;
  renderRow: (row: WindowedRow) => ReactNode;
  /** The rows now rendered, first and last (to fetch what they need). */
  onRangeChange?: (first: number, last: number) => void;
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = (bodyRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - scrollMargin) > 1) setScrollMargin(top);
  });
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimatedRowHeight,
    overscan: 8,
    scrollMargin,
  });
  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows.at(-1);
  const firstIndex = first?.index ?? 0;
  const lastIndex = last?.index ?? 0;
  useEffect(() => onRangeChange?.(firstIndex, lastIndex), [onRangeChange, firstIndex, lastIndex]);
  const before = first ? first.start - scrollMargin : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0;
  return (
    <tbody ref={bodyRef}>
      {before > 0 ? <SpacerRow height={before} columns={columns} /> : null}
      {rows.map((row) =>
        renderRow({ index: row.index, rowIndex: row.index + 2, measure: virtualizer.measureElement }),
      )}
      {after > 0 ? <SpacerRow height={after} columns={columns} /> : null}
    </tbody>
  );
}

/** The height of the rows out of view, so the page scrolls as if they were there. */
function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr className="windowed-spacer" style={{ height }}>
      <td colSpan={columns} aria-hidden="true" />
    </tr>
  );
}
