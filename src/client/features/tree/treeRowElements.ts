/**
 * Reading the overlay's rows back from the DOM (TreeOverlay writes them): an item row carries its
 * key in `data-key`, a 'Show more' row its parent's key in `data-more-key`, every row `data-row`.
 */
import { parseTreeItemKey, type TreeItemKey } from '../../../core/layout/tree/treeItem.ts';

/** A `data-key` or `data-more-key` value as an item key; null when absent or not a key. */
export const rowKey = (value: string | undefined): TreeItemKey | null =>
  value && parseTreeItemKey(value) ? (value as TreeItemKey) : null;

/** Rows the keyboard stops on: items and 'Show more' rows (a loading row goes when its page arrives). */
export const isFocusStop = (element: HTMLElement): boolean =>
  element.dataset.key !== undefined || element.dataset.moreKey !== undefined;
