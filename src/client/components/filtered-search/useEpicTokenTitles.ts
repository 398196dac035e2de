import { useEffect, useState } from 'react';
import { epicIidOf, type FilterToken } from '../../../core/domain/searchTokens.ts';
import type { SuggestionFetchers } from './suggestionSource.ts';

/** Titles already looked up, by token value: a chip put back by the URL or history needs no second fetch. */
const knownTitles = new Map<string, string>();

/** The group an epic token's value names (`group/path::&5`), or the bar's group for a bare iid. */
function epicTokenGroup(value: string, fullPath: string): string {
  const at = value.lastIndexOf('::&');
  return at >= 0 ? value.slice(0, at) : fullPath;
}

/**
 * GitLab's Epic chip shows the epic's title, not its reference. Epic tokens that come from the URL carry
 * only `group::&iid`, so their titles are looked up once; a chip keeps its reference until (or unless)
 * the title arrives.
 */
export function useEpicTokenTitles(
  fullPath: string,
  tokens: readonly FilterToken[],
  fetchEpics: SuggestionFetchers['epics'],
): ReadonlyMap<string, string> {
  const [, setVersion] = useState(0);
  const missing = tokens
    .filter((token) => token.type === 'epic' && !knownTitles.has(token.value))
    .map((token) => token.value);
  const missingKey = [...new Set(missing)].join('\n');
  useEffect(() => {
    if (!missingKey) return;
    const controller = new AbortController();
    for (const value of missingKey.split('\n')) {
      const iid = epicIidOf(value);
      fetchEpics({ fullPath: epicTokenGroup(value, fullPath), search: iid }, controller.signal)
        .then((epics) => {
          const epic = epics.find((candidate) => candidate.iid === iid);
          if (!epic?.title) return;
          knownTitles.set(value, epic.title);
          setVersion((version) => version + 1);
        })
        // A title is a nicety: on failure the chip keeps showing the reference.
        .catch(() => undefined);
    }
    return () => controller.abort();
  }, [fullPath, missingKey, fetchEpics]);
  return knownTitles;
}

/** Remembers the title of an epic picked from the suggestions, so its chip shows it at once. */
export function rememberEpicTokenTitle(value: string, title: string): void {
  if (title) knownTitles.set(value, title);
}
