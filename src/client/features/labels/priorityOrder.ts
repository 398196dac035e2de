/**
 * The prioritised labels' order as the labels page changes it: pure functions over label ids, so
 * drag, star and the move buttons share one tested rule.
 */

/** The order with `id` placed at `index` (0 first), taken from wherever it was; clamped to the ends. */
export function placeAt(order: readonly number[], id: number, index: number): number[] {
  const without = order.filter((each) => each !== id);
  const at = Math.max(0, Math.min(index, without.length));
  return [...without.slice(0, at), id, ...without.slice(at)];
}

/** The order with `id` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveBy(order: readonly number[], id: number, delta: -1 | 1): number[] {
  const from = order.indexOf(id);
  if (from === -1) return [...order];
  return placeAt(order, id, from + delta);
}

/** Labels by their priority, lowest first (ties by title, as GitLab's list shows them). */
export function byPriority<T extends { readonly priority: number | null; readonly title: string }>(
  labels: readonly T[],
): T[] {
  return labels
    .filter((label) => label.priority !== null)
    .sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0) || a.title.localeCompare(b.title));
}
