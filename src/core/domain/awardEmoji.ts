/**
 * The emoji a reaction may use, by GitLab's names (a subset of its emoji set: the ones its picker
 * offers first and the ones people use most). GitLab counts `thumbsup` and `thumbsdown` as
 * upvotes and downvotes.
 */
export const AWARD_EMOJI: Readonly<Record<string, string>> = {
  thumbsup: '👍',
  thumbsdown: '👎',
  smile: '😄',
  laughing: '😆',
  smiley: '😃',
  joy: '😂',
  slight_smile: '🙂',
  wink: '😉',
  heart_eyes: '😍',
  thinking: '🤔',
  confused: '😕',
  cry: '😢',
  scream: '😱',
  rage: '😡',
  sweat_smile: '😅',
  upside_down: '🙃',
  sunglasses: '😎',
  nerd: '🤓',
  eyes: '👀',
  tada: '🎉',
  rocket: '🚀',
  fire: '🔥',
  star: '⭐',
  sparkles: '✨',
  heart: '❤️',
  broken_heart: '💔',
  '100': '💯',
  clap: '👏',
  pray: '🙏',
  muscle: '💪',
  ok_hand: '👌',
  wave: '👋',
  raised_hands: '🙌',
  point_up: '☝️',
  white_check_mark: '✅',
  heavy_check_mark: '✔️',
  x: '❌',
  warning: '⚠️',
  bulb: '💡',
  bug: '🐛',
  zap: '⚡',
  boom: '💥',
  hourglass: '⌛',
  coffee: '☕',
  beers: '🍻',
  cake: '🍰',
  pizza: '🍕',
  trophy: '🏆',
  medal: '🏅',
  lock: '🔒',
  memo: '📝',
  question: '❓',
  exclamation: '❗',
  construction: '🚧',
  hammer_and_wrench: '🛠️',
  chart_with_upwards_trend: '📈',
  calendar: '📆',
  speech_balloon: '💬',
  // GitLab's status page publishes the comments that carry it.
  microphone: '🎤',
  see_no_evil: '🙈',
  partying_face: '🥳',
  handshake: '🤝',
};

/** The emoji the picker shows first, as GitLab's frequently used. */
export const FREQUENT_AWARD_EMOJI: readonly string[] = [
  'thumbsup',
  'thumbsdown',
  'tada',
  'heart',
  'rocket',
  'eyes',
  'smile',
  'confused',
];

export function isAwardEmojiName(name: string): boolean {
  return Object.hasOwn(AWARD_EMOJI, name);
}

/** The reactions an epic or issue always offers, at zero until given (GitLab's default awards). */
export const DEFAULT_AWARD_EMOJI: readonly string[] = ['thumbsup', 'thumbsdown'];

/** A reaction with who gave it, as the award bar reads it. */
export interface GivenAward {
  readonly name: string;
  readonly user: { readonly id: number; readonly name: string; readonly username: string };
}

/**
 * Reactions grouped by emoji as GitLab's award list shows them: `thumbsup`, then `thumbsdown`, then
 * the others in the order first given. The `defaults` are there even when nobody gave them.
 */
export function groupAwards<T extends { readonly name: string }>(
  awards: readonly T[],
  defaults: readonly string[] = [],
): { name: string; awards: T[] }[] {
  const groups = new Map<string, T[]>(defaults.map((name) => [name, []]));
  for (const award of awards) {
    const list = groups.get(award.name);
    if (list) list.push(award);
    else groups.set(award.name, [award]);
  }
  const votes = DEFAULT_AWARD_EMOJI.filter((name) => groups.has(name));
  const others = [...groups.keys()].filter((name) => !DEFAULT_AWARD_EMOJI.includes(name));
  return [...votes, ...others].map((name) => ({ name, awards: groups.get(name) ?? [] }));
}

/** How many names a reaction's tooltip lists before `and N more` (GitLab's TOOLTIP_NAME_COUNT). */
export const AWARD_TOOLTIP_NAME_COUNT = 10;

/**
 * The tooltip of one emoji's reactions, in GitLab's words: `You and Ada Lovelace reacted with
 * :thumbsup:`; the reader is "You" first in the sentence, "you" later, and is kept among the names
 * listed when more than ten reacted. Empty when nobody did.
 */
export function awardTooltip(
  awards: readonly GivenAward[],
  name: string,
  currentUsername: string | null,
): string {
  if (awards.length === 0) return '';
  const isMine = (award: GivenAward) => currentUsername !== null && award.user.username === currentUsername;
  const ordered = [...awards];
  const mine = ordered.findIndex(isMine);
  if (ordered.length > AWARD_TOOLTIP_NAME_COUNT && mine > AWARD_TOOLTIP_NAME_COUNT - 1) {
    const [me] = ordered.splice(mine, 1);
    if (me) ordered.splice(AWARD_TOOLTIP_NAME_COUNT - 1, 0, me);
  }
  const names = ordered
    .map((award, index) => (isMine(award) ? (index === 0 ? 'You' : 'you') : award.user.name))
    .slice(0, AWARD_TOOLTIP_NAME_COUNT);
  const remaining = ordered.length - names.length;
  let title: string;
  if (remaining > 0) title = `${names.join(', ')}, and ${remaining} more`;
  else if (names.length > 1) {
    title = `${names.slice(0, -1).join(', ')}${names.length > 2 ? ',' : ''} and ${names[names.length - 1]}`;
  } else title = names[0] ?? '';
  return `${title} reacted with :${name}:`;
}

/** The emoji whose name holds the search, case-insensitively (the picker's search). */
export function searchAwardEmoji(names: readonly string[], search: string): string[] {
  const needle = search.trim().replace(/^:|:$/g, '').toLowerCase();
  if (needle === '') return [...names];
  return names.filter((name) => name.toLowerCase().includes(needle));
}
