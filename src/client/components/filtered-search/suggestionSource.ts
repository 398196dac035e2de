/**
 * Where each token's value suggestions come from, as dropdown values. The fetchers are injected (the
 * data layer's by default) so the mapping is testable without a network.
 */

import { epicTokenValue, type FilterTokenType } from '../../../core/domain/searchTokens.ts';
import {
  type EpicSuggestionState,
  fetchEmojiSuggestions,
  fetchEpicSuggestions,
  fetchLabelSuggestions,
  fetchMilestoneSuggestions,
  fetchUserSuggestions,
} from '../../data/index.ts';
import type { ValueSuggestion } from './searchBarState.ts';
import { rememberEpicTokenTitle } from './useEpicTokenTitles.ts';

export interface SuggestionFetchers {
  readonly users: typeof fetchUserSuggestions;
  readonly labels: typeof fetchLabelSuggestions;
  readonly milestones: typeof fetchMilestoneSuggestions;
  readonly emoji: typeof fetchEmojiSuggestions;
  readonly epics: typeof fetchEpicSuggestions;
}

export const NETWORK_FETCHERS: SuggestionFetchers = {
  users: fetchUserSuggestions,
  labels: fetchLabelSuggestions,
  milestones: fetchMilestoneSuggestions,
  emoji: fetchEmojiSuggestions,
  epics: fetchEpicSuggestions,
};

export interface SuggestionScope {
  /** The group whose labels, milestones and epics are offered. */
  readonly fullPath: string;
  /** Ranks the group's members first among authors and assignees. */
  readonly groupId: string | number | null;
  readonly epicsState: EpicSuggestionState;
}

const value = (
  token: string,
  title: string,
  detail: string | null = null,
  color: string | null = null,
): ValueSuggestion => ({ value: token, title, detail, color });

/** One suggestion per value: projects may share a milestone title, and the token keeps only the title. */
function uniqueValues(suggestions: readonly ValueSuggestion[]): ValueSuggestion[] {
  const seen = new Set<string>();
  return suggestions.filter((suggestion) => !seen.has(suggestion.value) && seen.add(suggestion.value));
}

/** The suggestions for `type` matching `search` (already unquoted), one per value. Rejects when the fetch fails. */
export async function fetchValueSuggestions(
  fetchers: SuggestionFetchers,
  scope: SuggestionScope,
  type: FilterTokenType,
  search: string,
  signal: AbortSignal,
): Promise<ValueSuggestion[]> {
  return uniqueValues(await fetchByType(fetchers, scope, type, search, signal));
}

async function fetchByType(
  fetchers: SuggestionFetchers,
  scope: SuggestionScope,
  type: FilterTokenType,
  search: string,
  signal: AbortSignal,
): Promise<ValueSuggestion[]> {
  const { fullPath } = scope;
  switch (type) {
    case 'author':
    case 'assignee':
      return (await fetchers.users({ search, groupId: scope.groupId }, signal)).map((user) =>
        value(user.username, user.name, `@${user.username}`),
      );
    case 'label':
      return (await fetchers.labels({ fullPath, search }, signal)).map((label) =>
        value(label.title, label.title, null, label.color),
      );
    case 'milestone':
      return (await fetchers.milestones({ fullPath, search }, signal)).map((milestone) =>
        value(milestone.title, milestone.title),
      );
    case 'my-reaction':
      return (await fetchers.emoji({ search }, signal)).map((emoji) => value(emoji.name, emoji.name));
    case 'epic':
      return (await fetchers.epics({ fullPath, search, state: scope.epicsState }, signal)).map((epic) => {
        const tokenValue = epicTokenValue(epic.groupFullPath, epic.iid);
        rememberEpicTokenTitle(tokenValue, epic.title);
        return value(
          tokenValue,
          epic.title,
          epic.groupFullPath === fullPath ? `&${epic.iid}` : `${epic.groupFullPath}&${epic.iid}`,
        );
      });
    case 'confidential':
      return [];
  }
}
