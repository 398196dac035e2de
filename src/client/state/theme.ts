/** Light or dark; the visitor's choice is remembered, otherwise the system preference decides. */
export type Theme = 'light' | 'dark';

/** Shared with the server's pre-paint script in the HTML shell. */
export const THEME_STORAGE_KEY = 'theme';

export function parseStoredTheme(value: string | null | undefined): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

export function resolveTheme(stored: Theme | null, systemPrefersDark: boolean): Theme {
  return stored ?? (systemPrefersDark ? 'dark' : 'light');
}

export const otherTheme = (theme: Theme): Theme => (theme === 'dark' ? 'light' : 'dark');
