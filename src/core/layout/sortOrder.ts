/**
 * Roadmap sort: by start or end date, ascending or descending, on the ORIGINAL (un-clamped) dates,
 * in the server's order so that pages arriving in any order never reorder what is drawn: GitLab's
 * keyset order, "date NULLS LAST, id DESC" — an epic without the date sorts last in both directions,
 * and equal dates put the higher id first.
 */
import { UNDEFINED_END, UNDEFINED_START } from './clampEpic.ts';

export const SORT_VALUES = ['start_date_asc', 'start_date_desc', 'end_date_asc', 'end_date_desc'] as const;
export type SortValue = (typeof SORT_VALUES)[number];

/** Spec: "The sort value from the page is accepted only if it is start_date_asc or end_date_asc." */
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
 * Float64Array (no comparator) orders by date; equal keys are then put in id order by the caller
 * (visibleEpics' sortSlots). Days are offset by 2^22 (±11,000 years); a missing date is the largest
 * key; the product stays below 2^53, so it is exact.
 */
const DAY_OFFSET = 2 ** 22;
const KEY_MAX = 2 ** 23 - 1;
/** Slots (epics ever stored between compactions) must stay below this. */
export const SLOT_SPACE = 2 ** 26;

/** The packed sort key of one slot. */
export function packedSortKey(sort: SortValue, start: number, end: number, slot: number): number {
  const byStart = sort === 'start_date_asc' || sort === 'start_date_desc';
  const missing = byStart ? start === UNDEFINED_START : end === UNDEFINED_END;
  let key = KEY_MAX;
  if (!missing) {
    key = (byStart ? start : end) + DAY_OFFSET;
    if (sort === 'start_date_desc' || sort === 'end_date_desc') key = KEY_MAX - 1 - key;
  }
  return key * SLOT_SPACE + slot;
}

/** The date part of a packed key: slots with equal ones tie. */
export function dateOfPackedKey(packed: number): number {
  return Math.floor(packed / SLOT_SPACE);
}

/** The slot of a packed key. */
export function slotOfPackedKey(packed: number): number {
  return packed % SLOT_SPACE;
}
