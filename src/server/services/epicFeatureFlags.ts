import type { FeatureFlags } from '../config.ts';

/**
 * GitLab's rule for epic writes under `epic_color_highlight`: while the flag is off, `color` is
 * dropped from a create or update (GraphQL and REST alike), so an update that asked only for a
 * colour is left empty and refused as such ("The list of epic attributes is empty").
 */
export function withEpicFeatureFlags<T extends { readonly color?: unknown }>(
  changes: T,
  flags: FeatureFlags,
): T {
  if (flags.epicColorHighlight || changes.color === undefined) return changes;
  const { color: _dropped, ...allowed } = changes;
  return allowed as T;
}
