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

/** Reactions grouped by emoji in the order first given, with who gave them. */
export function groupAwards<T extends { readonly name: string; readonly user: { readonly id: number } }>(
  awards: readonly T[],
): { name: string; awards: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const award of awards) {
    const list = groups.get(award.name);
    if (list) list.push(award);
    else groups.set(award.name, [award]);
  }
  return [...groups].map(([name, list]) => ({ name, awards: list }));
}
