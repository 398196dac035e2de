/** Scoped labels (`priority::high`): the scope is everything before the last `::`. */
export function labelScope(title: string): string | null {
  const at = title.lastIndexOf('::');
  return at > 0 ? title.slice(0, at) : null;
}

/**
 * A scoped label as its two parts, split at the last `::` as GitLab does (`a::b::c` → `a::b` + `c`),
 * or null when either part would be empty (a chip needs both).
 */
export function splitScopedLabel(title: string): { scope: string; value: string } | null {
  const scope = labelScope(title);
  if (scope === null || scope.length + 2 >= title.length) return null;
  return { scope, value: title.slice(scope.length + 2) };
}

/**
 * Applies GitLab's rule that an item holds at most one label per scope: among labels of one scope,
 * the one added last wins. `labels` is in the order they were applied.
 */
export function keepOneLabelPerScope<T extends { readonly title: string }>(labels: readonly T[]): T[] {
  const lastIndexOfScope = new Map<string, number>();
  labels.forEach((label, index) => {
    const scope = labelScope(label.title);
    if (scope !== null) lastIndexOfScope.set(scope, index);
  });
  return labels.filter((label, index) => {
    const scope = labelScope(label.title);
    return scope === null || lastIndexOfScope.get(scope) === index;
  });
}

export const DEFAULT_LABEL_COLOR = '#6699cc';
