/**
 * Roadmap sort (spec §4 "Filters and tracking", §5): by start or end date, ascending or descending,
 * on the ORIGINAL (un-clamped) dates. A missing start sorts as −∞ and a missing end as +∞ (GitLab's
 * `sortEpics`). Ties keep insertion order, as GitLab's stable sort keeps server order.
 */
import { UNDEFINED_END, UNDEFINED_START } from './clampEpic.ts';

export const SORT_VALUES = ['start_date_asc', 'start_date_desc', 'end_date_asc', 'end_date_desc'] as const;
export type SortValue = (typeof SORT_VALUES)[number];

/** Spec §5: the sort from the page is accepted only if start_date_asc or end_date_asc. */
export const ALLOWED_INITIAL_SORT_VALUES: readonly SortValue[] = ['start_date_asc', 'end_date_asc'];
export const DEFAULT_SORT: SortValue = 'start_date_asc';

export function parseInitialSort(value: unknown): SortValue {
  return (ALLOWED_INITIAL_SORT_VALUES as readonly unknown[]).includes(value)
    ? (value as SortValue)
    : DEFAULT_SORT;
}

export function isSortValue(value: unknown): value is SortValue {
  return (SORT_VALUES as readonly unknown[]).includes(value);
}

/*
 * Packed sort keys: one float64 per epic, key × 2^26 + slot, so a native numeric sort of a
 * Float64Array (no comparator) orders by date then by slot (= insertion order). Days are offset by
 * 2^22 (±11,000 years); −∞ is 0 and +∞ is 2^23 − 1; the product stays below 2^53, so it is exact.
 */
const DAY_OFFSET = 2 ** 22;
const KEY_MAX = 2 ** 23 - 1;
/** Slots (epics ever stored between compactions) must stay below this. */
export const SLOT_SPACE = 2 ** 26;

/** The packed sort key of one slot. */
export function packedSortKey(sort: SortValue, start: number, end: number, slot: number): number {
  let key: number;
  if (sort === 'start_date_asc' || sort === 'start_date_desc') {
    key = start === UNDEFINED_START ? 0 : start + DAY_OFFSET;
  } else {
    key = end === UNDEFINED_END ? KEY_MAX : end + DAY_OFFSET;
  }
  if (sort === 'start_date_desc' || sort === 'end_date_desc') key = KEY_MAX - key;
  return key * SLOT_SPACE + slot;
}

/** The slot of a packed key. */
export function slotOfPackedKey(packed: number): number {
  return packed % SLOT_SPACE;
}
