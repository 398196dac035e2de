/** Light or dark; the visitor's choice is remembered, otherwise the system preference decides. */
export type Theme = 'light' | 'dark';

/** Shared with the server's pre-paint script in the HTML shell. */
export const THEME_STORAGE_KEY = 'theme';

export function parseStoredTheme(value: string | null | undefined): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

/**
 * The theme in effect: this browser's own choice (the top bar's toggle), else the signed-in user's
 * colour mode from their preferences ('auto' and none follow the system), else the system's.
 */
export function resolveTheme(
  stored: Theme | null,
  systemPrefersDark: boolean,
  userMode: string | null = null,
): Theme {
  const chosen = stored ?? parseStoredTheme(userMode);
  return chosen ?? (systemPrefersDark ? 'dark' : 'light');
}

export const otherTheme = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');
