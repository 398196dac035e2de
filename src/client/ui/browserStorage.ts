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
