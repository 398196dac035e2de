/**
 * The left navigation's state: collapsed or not on wide screens (remembered in GitLab's cookie), and
 * whether its drawer is open on narrow ones (below lg, where it covers the page).
 */
import { atom, useAtom } from 'jotai';
import { atomWithDefault } from 'jotai/utils';
import { useCallback, useEffect, useState } from 'react';
import { SMALL_SCREEN_QUERY } from './collapsedGutter.ts';
import { parseSideNavCollapsed, sideNavCollapsedCookie } from './sideNav.ts';

const collapsedAtom = atomWithDefault<boolean>(() =>
  typeof document === 'undefined' ? false : parseSideNavCollapsed(document.cookie),
);
const drawerOpenAtom = atom(false);

export interface SideNavState {
  /** Below lg: the navigation is a drawer over the page. */
  readonly narrow: boolean;
  /** Whether the navigation shows: not collapsed on wide screens, the drawer open on narrow ones. */
  readonly open: boolean;
  setOpen(open: boolean): void;
}

function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(
    () => typeof window !== 'undefined' && (window.matchMedia?.(SMALL_SCREEN_QUERY).matches ?? false),
  );
  useEffect(() => {
    const query = window.matchMedia?.(SMALL_SCREEN_QUERY);
    if (!query) return;
    const onChange = () => setNarrow(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return narrow;
}

export function useSideNav(): SideNavState {
  const narrow = useNarrowScreen();
  const [collapsed, setCollapsed] = useAtom(collapsedAtom);
  const [drawerOpen, setDrawerOpen] = useAtom(drawerOpenAtom);
  useEffect(() => {
    // Crossing the breakpoint closes the drawer: it is opened for one visit to the navigation.
    if (!narrow) setDrawerOpen(false);
  }, [narrow, setDrawerOpen]);
  const setOpen = useCallback(
    (open: boolean) => {
      if (narrow) {
        setDrawerOpen(open);
        return;
      }
      setCollapsed(!open);
      // biome-ignore lint/suspicious/noDocumentCookie: GitLab's cookie, built in one tested place; the Cookie Store API is not in every browser.
      document.cookie = sideNavCollapsedCookie(!open);
    },
    [narrow, setCollapsed, setDrawerOpen],
  );
  return { narrow, open: narrow ? drawerOpen : !collapsed, setOpen };
}
