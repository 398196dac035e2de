import { atom, useAtom } from 'jotai';
import { useCallback } from 'react';
import type { AppStore } from './store.ts';

/** Whether the keyboard-shortcuts help dialog is open. */
const helpOpenAtom = atom(false);
/** The id of the one open popover (menus, dropdowns), or null. */
const openPopoverAtom = atom<string | null>(null);

export function useHelpDialog(): [open: boolean, setOpen: (open: boolean) => void] {
  return useAtom(helpOpenAtom);
}

export function usePopover(id: string): [open: boolean, setOpen: (open: boolean) => void] {
  const [openId, setOpenId] = useAtom(openPopoverAtom);
  const setOpen = useCallback(
    (open: boolean) => setOpenId((current) => (open ? id : current === id ? null : current)),
    [id, setOpenId],
  );
  return [openId === id, setOpen];
}

export const isHelpOpen = (store: AppStore): boolean => store.get(helpOpenAtom);

export function toggleHelp(store: AppStore): void {
  store.set(helpOpenAtom, !store.get(helpOpenAtom));
}

/** Esc: hide whatever floats above the page. */
export function closeOverlays(store: AppStore): void {
  store.set(openPopoverAtom, null);
  store.set(helpOpenAtom, false);
}
