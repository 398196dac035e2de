/**
 * The emoji a status may carry, by GitLab's names (gemojione's), with the character each draws.
 * GitLab accepts any of its emoji names; this is the set its status picker shows first, which is
 * what people set: a name outside it is refused as GitLab refuses an unknown one.
 */
export const STATUS_EMOJI: Readonly<Record<string, string>> = {
  speech_balloon: '💬',
  palm_tree: '🌴',
  house: '🏠',
  house_with_garden: '🏡',
  coffee: '☕',
  beach_umbrella: '⛱️',
  airplane: '✈️',
  calendar: '📆',
  spiral_calendar_pad: '🗓️',
  thermometer_face: '🤒',
  face_with_thermometer: '🤒',
  sick: '🤢',
  nauseated_face: '🤢',
  red_circle: '🔴',
  no_entry: '⛔',
  no_entry_sign: '🚫',
  zzz: '💤',
  sleeping: '😴',
  headphones: '🎧',
  computer: '💻',
  rocket: '🚀',
  tada: '🎉',
  fire: '🔥',
  eyes: '👀',
  thinking: '🤔',
  smile: '😄',
  slight_smile: '🙂',
  sunglasses: '😎',
  baby: '👶',
  car: '🚗',
  train: '🚆',
  bus: '🚌',
  hamburger: '🍔',
  pizza: '🍕',
  books: '📚',
  pencil: '📝',
  microphone: '🎤',
  busts_in_silhouette: '👥',
  hourglass: '⌛',
  construction: '🚧',
  bulb: '💡',
  rainbow: '🌈',
  sunny: '☀️',
  snowflake: '❄️',
  umbrella: '☔',
  thumbsup: '👍',
  heart: '❤️',
  wave: '👋',
  muscle: '💪',
  dog: '🐶',
  cat: '🐱',
};

export const isStatusEmoji = (name: string): boolean => Object.hasOwn(STATUS_EMOJI, name);

/** The character of an emoji name; the default speech balloon for a name this set lacks. */
export const statusEmojiCharacter = (name: string): string => STATUS_EMOJI[name] ?? '💬';
