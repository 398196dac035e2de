/** A scoped label `key::value` is split at its last `::`, as GitLab does (`a::b::c` → `a::b` + `c`). */
export function splitScopedLabel(title: string): { scope: string; value: string } | null {
  const index = title.lastIndexOf('::');
  if (index <= 0 || index + 2 >= title.length) return null;
  return { scope: title.slice(0, index), value: title.slice(index + 2) };
}
