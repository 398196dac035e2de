/**
 * The markdown field's suggestion fetches: GitLab's `autocomplete_sources` of the item's project or
 * group, searched on the server, and emoji (the reaction set, the ones the user awards first).
 * Answers are checked and mapped here, at the edge.
 */
import { AWARD_EMOJI } from '../../../core/domain/awardEmoji.ts';
import { type GfmSource, rankByQuery } from '../../../core/domain/gfmAutocomplete.ts';
import { AWARD_EMOJIS_AUTOCOMPLETE_PATH, type GfmSourcePaths } from '../../../core/domain/webPaths.ts';
import { getJsonArray, type Json, str } from '../restJson.ts';

export type GfmSuggestion =
  | {
      readonly kind: 'user';
      readonly key: string;
      readonly username: string;
      readonly name: string;
      readonly avatarUrl: string | null;
    }
  | {
      readonly kind: 'issue' | 'epic';
      readonly key: string;
      readonly reference: string;
      readonly title: string;
      readonly confidential: boolean;
    }
  | { readonly kind: 'milestone'; readonly key: string; readonly title: string; readonly expired: boolean }
  | { readonly kind: 'label'; readonly key: string; readonly title: string; readonly color: string }
  | {
      readonly kind: 'command';
      readonly key: string;
      readonly name: string;
      readonly aliases: readonly string[];
      readonly description: string;
      readonly params: string;
    }
  | { readonly kind: 'emoji'; readonly key: string; readonly name: string; readonly unicode: string };

/** How many rows the list shows of a source filtered on the client (commands, emoji). */
export const GFM_LOCAL_LIMIT = 12;

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

function toSuggestion(source: Exclude<GfmSource, 'emoji'>, row: Json): GfmSuggestion | null {
  const title = str(row.title) ?? '';
  switch (source) {
    case 'members': {
      const username = str(row.username);
      return username === null
        ? null
        : {
            kind: 'user',
            key: `user-${username}`,
            username,
            name: str(row.name) ?? username,
            avatarUrl: str(row.avatar_url),
          };
    }
    case 'issues':
    case 'epics': {
      const reference = str(row.reference);
      const kind = source === 'issues' ? 'issue' : 'epic';
      return reference === null
        ? null
        : { kind, key: `${kind}-${reference}`, reference, title, confidential: row.confidential === true };
    }
    case 'milestones':
      return title === ''
        ? null
        : { kind: 'milestone', key: `milestone-${num(row.id)}`, title, expired: row.expired === true };
    case 'labels':
      return title === ''
        ? null
        : { kind: 'label', key: `label-${num(row.id)}`, title, color: str(row.color) ?? '#6699cc' };
    case 'commands': {
      const name = str(row.name);
      const params = Array.isArray(row.params) ? row.params.filter((param) => typeof param === 'string') : [];
      const aliases = Array.isArray(row.aliases)
        ? row.aliases.filter((alias) => typeof alias === 'string')
        : [];
      return name === null
        ? null
        : {
            kind: 'command',
            key: `command-${name}`,
            name,
            aliases,
            description: str(row.description) ?? '',
            params: params.join(' '),
          };
    }
  }
}

/** GET one source with `search` (commands take none: the client filters their short list). */
export async function fetchGfmSource(
  paths: GfmSourcePaths,
  source: Exclude<GfmSource, 'emoji'>,
  search: string,
  signal: AbortSignal,
): Promise<GfmSuggestion[]> {
  const url =
    source === 'commands' ? paths.commands : `${paths[source]}&search=${encodeURIComponent(search)}`;
  const rows = await getJsonArray(url, signal);
  return rows.flatMap((row) => toSuggestion(source, row) ?? []);
}

const emojiOf = (name: string): GfmSuggestion => ({
  kind: 'emoji',
  key: `emoji-${name}`,
  name,
  unicode: AWARD_EMOJI[name] ?? '',
});

/** The emoji of the reaction set the signed-in user awards, most used first (none for a visitor). */
export async function fetchAwardedEmoji(signal: AbortSignal): Promise<GfmSuggestion[]> {
  const rows = await getJsonArray(AWARD_EMOJIS_AUTOCOMPLETE_PATH, signal);
  return rows.flatMap((row) => {
    const name = str(row.name);
    return name !== null && name in AWARD_EMOJI ? [emojiOf(name)] : [];
  });
}

/** Commands whose name or an alias holds the query, those starting with it first. */
export function filterCommands(commands: readonly GfmSuggestion[], query: string): GfmSuggestion[] {
  return rankByQuery(
    commands,
    (item) => (item.kind === 'command' ? [item.name, ...item.aliases] : []),
    query,
    GFM_LOCAL_LIMIT,
  );
}

/** Emoji of the reaction set matching the query, the ones the user awards first. */
export function emojiSuggestions(awarded: readonly string[], query: string): GfmSuggestion[] {
  const names = [...new Set([...awarded, ...Object.keys(AWARD_EMOJI)])].filter((name) => name in AWARD_EMOJI);
  return rankByQuery(names, (name) => [name], query, GFM_LOCAL_LIMIT).map(emojiOf);
}
