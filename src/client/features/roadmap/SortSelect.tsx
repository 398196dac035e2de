import { useId } from 'react';
import { SORT_VALUES, type SortValue } from '../../../core/layout/sortOrder.ts';
import { SORT_LABELS } from './roadmapTexts.ts';

/** Spec: "Start date and Due date, each ascending or descending." */
export function SortSelect({ value, onChange }: { value: SortValue; onChange: (value: SortValue) => void }) {
  const id = useId();
  return (
    <div className="roadmap-sort">
      <label htmlFor={id}>Sort by</label>
      <select
        id={id}
        className="select"
        value={value}
        data-testid="roadmap-sort"
        onChange={(event) => {
          const next = SORT_VALUES.find((sort) => sort === event.target.value);
          if (next) onChange(next);
        }}
      >
        {SORT_VALUES.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
