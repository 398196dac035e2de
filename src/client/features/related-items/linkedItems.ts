/** The Linked items card's list logic: its groups by link type, and merging an add's answer. */
import type { LinkedIssuable, LinkType } from '../../data/index.ts';

/** GitLab's order of the groups: what this item blocks, what blocks it, then the rest. */
export const LINK_GROUP_ORDER: readonly LinkType[] = ['blocks', 'is_blocked_by', 'relates_to'];

export interface LinkGroup {
  readonly linkType: LinkType;
  readonly items: readonly LinkedIssuable[];
}

/** The non-empty groups in GitLab's order; an item without a link type relates to the epic. */
export function groupByLinkType(items: readonly LinkedIssuable[]): LinkGroup[] {
  return LINK_GROUP_ORDER.map((linkType) => ({
    linkType,
    items: items.filter((item) => (item.linkType ?? 'relates_to') === linkType),
  })).filter((group) => group.items.length > 0);
}

/**
 * The list after an add: the answer's items replace those with the same id (their link type may
 * have changed) and new ones follow. Works whether the server answers the whole list or the new
 * items only.
 */
export function mergeLinkedItems(
  current: readonly LinkedIssuable[],
  added: readonly LinkedIssuable[],
): LinkedIssuable[] {
  const byId = new Map(added.map((item) => [item.id, item]));
  const kept = current.map((item) => byId.get(item.id) ?? item);
  const known = new Set(current.map((item) => item.id));
  return [...kept, ...added.filter((item) => !known.has(item.id))];
}
