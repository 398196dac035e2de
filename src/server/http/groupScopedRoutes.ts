/** GitLab nests groups at most 20 levels deep. */
const MAX_GROUP_DEPTH = 20;

/**
 * Route patterns for `/groups/<group full path>/-/<suffix>`, one per nesting depth. A full path spans
 * several segments and the router takes a wildcard only at a pattern's end (where the page routes'
 * `/groups/*` sits), so each depth gets a pattern of its own; read the path back with `groupPathOf`.
 */
export function groupScopedPatterns(suffix: string): string[] {
  return Array.from({ length: MAX_GROUP_DEPTH }, (_, depth) => {
    const segments = Array.from({ length: depth + 1 }, (_, index) => `:group${index}`);
    return `/groups/${segments.join('/')}/-/${suffix}`;
  });
}

/** The group full path matched by one of `groupScopedPatterns`. */
export function groupPathOf(params: unknown): string {
  const values = params as Record<string, string | undefined>;
  const segments: string[] = [];
  for (let index = 0; values[`group${index}`] !== undefined; index++) segments.push(values[`group${index}`]!);
  return segments.join('/');
}

/** Projects sit at least one group deep, so their full paths span two to 21 segments. */
const MAX_PROJECT_DEPTH = MAX_GROUP_DEPTH + 1;

/** Route patterns for `/<project full path>/-/<suffix>`, one per depth (as for groups above). */
export function projectScopedPatterns(suffix: string): string[] {
  return Array.from({ length: MAX_PROJECT_DEPTH - 1 }, (_, index) => {
    const segments = Array.from({ length: index + 2 }, (_, segment) => `:project${segment}`);
    return `/${segments.join('/')}/-/${suffix}`;
  });
}

/** The project full path matched by one of `projectScopedPatterns`. */
export function projectPathOf(params: unknown): string {
  const values = params as Record<string, string | undefined>;
  const segments: string[] = [];
  for (let index = 0; values[`project${index}`] !== undefined; index++)
    segments.push(values[`project${index}`]!);
  return segments.join('/');
}
