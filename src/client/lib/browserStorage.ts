/**
 * The browser's local storage, or null where there is none or it is refused (privacy modes,
 * sandboxed frames). Whatever uses it then simply keeps nothing; `purpose` names what is off.
 */
export function browserStorage(purpose: string): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch (error) {
    console.warn(`${purpose} are off: local storage is not available.`, error);
    return null;
  }
}

/** The part of Storage that the stored lists use (a Map-backed fake in tests). */
export type ListStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Reads and parses the entry at `key`; what storage or parsing throws leaves `fallback`.
 * `what` names the entry in the warning ('recent searches').
 */
export function readStoredEntry<T>(
  storage: Pick<Storage, 'getItem'> | null,
  key: string,
  parse: (text: string | null) => T,
  fallback: T,
  what: string,
): T {
  if (!storage) return fallback;
  try {
    return parse(storage.getItem(key));
  } catch (error) {
    console.warn(`Could not read ${what}.`, error);
    return fallback;
  }
}

/**
 * Writes `text` at `key`, or removes the entry when `text` is null. A full or refused storage only
 * loses the entry (what the person did has happened anyway), so it is warned about, not thrown.
 */
export function writeStoredEntry(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | null,
  key: string,
  text: string | null,
  what: string,
): void {
  if (!storage) return;
  try {
    if (text === null) storage.removeItem(key);
    else storage.setItem(key, text);
  } catch (error) {
    console.warn(`Could not save ${what}.`, error);
  }
}
