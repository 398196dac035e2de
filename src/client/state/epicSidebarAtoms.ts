/**
 * Whether the epic page's right sidebar is collapsed: one atom, so the sidebar's own toggle and
 * the header's small-screen toggle (spec) act on the same state. Every toggle is remembered in
 * the `collapsed_gutter` cookie; crossing the lg breakpoint re-applies GitLab's default.
 */
import { useAtom, useSetAtom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import { useCallback, useEffect } from 'react';
import {
  collapsedGutterCookie,
  initialCollapsed,
  parseCollapsedGutter,
  SMALL_SCREEN_QUERY,
} from './collapsedGutter.ts';

/** Below GitLab's lg breakpoint, where the open sidebar covers the page. */
export function isSmallScreen(): boolean {
  return typeof window !== 'undefined' && (window.matchMedia?.(SMALL_SCREEN_QUERY).matches ?? false);
}

function browserDefault(): boolean {
  const cookie = typeof document === 'undefined' ? '' : document.cookie;
  return initialCollapsed(parseCollapsedGutter(cookie), isSmallScreen());
}

/** Read from the cookie and the viewport when first used, not at module load. */
const collapsedAtom = atomWithDefault<boolean>(browserDefault);

export interface EpicSidebarCollapse {
  readonly collapsed: boolean;
  /** Collapses or expands the sidebar and remembers the choice in the cookie. */
  setCollapsed(collapsed: boolean): void;
}

export function useEpicSidebarCollapse(): EpicSidebarCollapse {
  const [collapsed, set] = useAtom(collapsedAtom);
  const setCollapsed = useCallback(
    (next: boolean) => {
      set(next);
      // biome-ignore lint/suspicious/noDocumentCookie: GitLab's cookie, built in one tested place; the Cookie Store API is not in every browser.
      document.cookie = collapsedGutterCookie(next);
    },
    [set],
  );
  return { collapsed, setCollapsed };
}

/** Collapses the sidebar when the viewport narrows below lg and restores the remembered state above it. */
export function useCollapseBelowLargeScreens(): void {
  const set = useSetAtom(collapsedAtom);
  useEffect(() => {
    const query = window.matchMedia?.(SMALL_SCREEN_QUERY);
    if (!query) return;
    const onChange = () => set(browserDefault());
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [set]);
}
