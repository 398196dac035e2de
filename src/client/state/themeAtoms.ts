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
  return resolveTheme(readStoredTheme(), prefersDark);
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

const themeAtom = atom<Theme | null>(null);

/** The current theme and a toggle that remembers the choice. */
export function useTheme(): { theme: Theme; toggle: () => void } {
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
  return { theme, toggle };
}
