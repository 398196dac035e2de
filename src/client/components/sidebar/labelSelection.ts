/**
 * The labels block's rules: with scoped labels, choosing `scope::value` replaces the other labels of
 * that scope (spec, "Labels"); a save sends only what changed; each label links to the group's
 * epics list filtered by `label_name[]` (spec).
 */
import { toGlobalId } from '../../../core/domain/gid.ts';
import { labelScope } from '../../../core/domain/labels.ts';
import type { LabelSuggestion, LabelView } from '../../data/index.ts';

/** Checking adds the label, dropping the others of its scope; unchecking removes it. */
export function toggleLabel(selected: readonly LabelView[], label: LabelView, checked: boolean): LabelView[] {
  const others = selected.filter((item) => item.id !== label.id);
  if (!checked) return others;
  const scope = labelScope(label.title);
  return [...others.filter((item) => scope === null || labelScope(item.title) !== scope), label];
}

/** The label ids to add and to remove to go from `current` to `next`. */
export function labelChanges(
  current: readonly LabelView[],
  next: readonly LabelView[],
): { add: string[]; remove: string[] } {
  const currentIds = new Set(current.map((label) => label.id));
  const nextIds = new Set(next.map((label) => label.id));
  return {
    add: next.filter((label) => !currentIds.has(label.id)).map((label) => label.id),
    remove: current.filter((label) => !nextIds.has(label.id)).map((label) => label.id),
  };
}

export const hasLabelChanges = (changes: { add: readonly string[]; remove: readonly string[] }): boolean =>
  changes.add.length > 0 || changes.remove.length > 0;

/** The group's epics list showing only epics with this label. */
export function labelFilterHref(listEpicsPath: string, title: string): string {
  return `${listEpicsPath}?${new URLSearchParams([['label_name[]', title]])}`;
}

/** A label from the labels endpoint (numeric id) as the GraphQL label the epic carries (global id). */
export function labelFromSuggestion(suggestion: LabelSuggestion): LabelView {
  return {
    id: toGlobalId('Label', suggestion.id),
    title: suggestion.title,
    description: suggestion.description,
    color: suggestion.color,
    textColor: suggestion.textColor,
  };
}

/**
 * The picker's rows: without a search, the chosen labels first and then the others found; with a
 * search, what the server found, in its order.
 */
export function pickerOptions(
  chosen: readonly LabelView[],
  found: readonly LabelView[],
  search: string,
): LabelView[] {
  if (search.trim() !== '') return [...found];
  const chosenIds = new Set(chosen.map((label) => label.id));
  return [...chosen, ...found.filter((label) => !chosenIds.has(label.id))];
}

/**
 * Labels in the server's order (by title, as PostgreSQL's C collation compares: code units), so
 * a saved choice shows in the order it will have after the next load.
 */
export function sortByTitle(labels: readonly LabelView[]): LabelView[] {
  return [...labels].sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
}
