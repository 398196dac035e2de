import {
  SCOPE_TITLES,
  SEARCH_SCOPES,
  type SearchScope,
  type SearchSuggestion,
  searchPagePath,
} from '../../../core/domain/globalSearch.ts';
import { topEligibleUsage, type UsageEntry } from '../../../core/domain/recentUsage.ts';
import { groupPath, projectPath } from '../../../core/domain/webPaths.ts';
import { SEARCH_TEXTS } from './searchTexts.ts';

/**
 * What the top bar's search box lists, as data: the frequently visited groups and projects while
 * the box is empty, the suggestions by kind as one types, and where Enter goes. The component
 * only renders it and moves the active option.
 */

export interface SearchOption {
  /** Unique in the list: the option element's id suffix. */
  readonly key: string;
  readonly title: string;
  readonly subtitle: string;
  readonly path: string;
  /** For the avatar's colour. */
  readonly colorKey: string;
}

export interface OptionGroup {
  readonly label: string;
  readonly options: readonly SearchOption[];
}

interface Frequent extends UsageEntry {
  readonly name: string;
}

/** The eligible frequent groups, then projects, `count` of each at most. */
export function frequentOptionGroups(
  groups: readonly Frequent[],
  projects: readonly Frequent[],
  count: number,
): OptionGroup[] {
  const options = (kind: 'group' | 'project', items: readonly Frequent[]) =>
    topEligibleUsage(items, count).map((item) => ({
      key: `frequent-${kind}-${item.fullPath}`,
      title: item.name || item.fullPath,
      subtitle: item.fullPath,
      path: kind === 'group' ? groupPath(item.fullPath) : projectPath(item.fullPath),
      colorKey: item.fullPath,
    }));
  return [
    { label: SEARCH_TEXTS.frequentGroups, options: options('group', groups) },
    { label: SEARCH_TEXTS.frequentProjects, options: options('project', projects) },
  ].filter((group) => group.options.length > 0);
}

/** The suggestions by kind, in the results page's tab order. */
export function suggestionOptionGroups(suggestions: readonly SearchSuggestion[]): OptionGroup[] {
  return SEARCH_SCOPES.map((scope: SearchScope) => ({
    label: SCOPE_TITLES[scope],
    options: suggestions
      .filter((suggestion) => suggestion.scope === scope)
      .map((suggestion) => ({
        key: `${scope}-${suggestion.id}`,
        title: suggestion.title,
        subtitle: suggestion.subtitle,
        path: suggestion.path,
        colorKey: suggestion.subtitle,
      })),
  })).filter((group) => group.options.length > 0);
}

export const flattenOptions = (groups: readonly OptionGroup[]): SearchOption[] =>
  groups.flatMap((group) => group.options);

/** The active option after an arrow key: -1 is none (the input); moving past either end wraps. */
export function moveActive(active: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return delta === 1 ? 0 : count - 1;
  return (active + delta + count) % count;
}

/** Where Enter goes: the active option, else the results page of the term, else nowhere. */
export function enterTarget(
  options: readonly SearchOption[],
  active: number,
  term: string,
  groupId: number | null,
): string | null {
  const option = active >= 0 ? options[active] : undefined;
  if (option) return option.path;
  const trimmed = term.trim();
  if (trimmed === '') return null;
  return searchPagePath(trimmed, groupId === null ? {} : { groupId });
}
