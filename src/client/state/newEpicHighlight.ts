/**
 * The epic just created from the roadmap: remembered for the roadmap page that the new-epic page
 * returns to, which highlights it (spec: "a newly added epic is highlighted"). Session storage: one tab, one navigation.
 */
const KEY = 'plantrack.roadmap.newEpicId';

export function rememberNewEpic(id: number): void {
  try {
    sessionStorage.setItem(KEY, String(id));
  } catch {
    // Storage can be disabled; the highlight is a courtesy, the epic is created either way.
  }
}

/** The remembered epic id, or null. */
export function pendingNewEpic(): number | null {
  try {
    const value = Number(sessionStorage.getItem(KEY));
    return Number.isSafeInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function forgetNewEpic(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // See rememberNewEpic.
  }
}
