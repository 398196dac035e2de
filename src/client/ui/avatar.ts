/** Up to two initials: first letters of the first and last words of a name. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

export const AVATAR_PALETTE_SIZE = 7;

/** A stable palette slot for an identity, so a person keeps the same colour everywhere. */
export function avatarColorIndex(key: string): number {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % AVATAR_PALETTE_SIZE;
}
