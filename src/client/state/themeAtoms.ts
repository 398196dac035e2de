import { atom, useAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { otherTheme, parseStoredTheme, resolveTheme, THEME_STORAGE_KEY, type Theme } from './theme.ts';

function readStoredTheme(): Theme | null {
  try {
    return parseStoredTheme(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    // Storage can be disabled (privacy settings); the system preference then decides.
    return null;
  }
}

/** The theme in effect when the page starts; called before the first render to avoid a flash. */
export function initialTheme(): Theme {
  const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  return resolveTheme(readStoredTheme(), prefersDark, document.documentElement.dataset.colorMode ?? null);
}

/**
 * Forgets this browser's own choice, so that the user's colour mode applies (after saving their
 * preferences) from the next page on.
 */
export function forgetBrowserTheme(): void {
  try {
    window.localStorage.removeItem(THEME_STORAGE_KEY);
  } catch (error) {
    console.warn('Could not forget the theme', error);
  }
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

const themeAtom = atom<Theme | null>(null);

/**
 * The current theme; a toggle that remembers the choice in this browser; and `followColorMode`,
 * which applies a colour mode just saved in the user's preferences (forgetting this browser's own
 * choice, so the saved one holds on every page and device).
 */
export function useTheme(): { theme: Theme; toggle: () => void; followColorMode: (mode: string) => void } {
  const [stored, setStored] = useAtom(themeAtom);
  const theme = stored ?? initialTheme();
  useEffect(() => applyTheme(theme), [theme]);
  const toggle = useCallback(() => {
    const next = otherTheme(theme);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch (error) {
      console.warn('Could not remember the theme', error);
    }
    setStored(next);
  }, [theme, setStored]);
  const followColorMode = useCallback(
    (mode: string) => {
      document.documentElement.dataset.colorMode = mode;
      forgetBrowserTheme();
      setStored(initialTheme());
    },
    [setStored],
  );
  return { theme, toggle, followColorMode };
}
