import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import type { AppStore } from './store.ts';

export type ToastVariant = 'info' | 'success' | 'danger';

export interface Toast {
  readonly id: number;
  readonly message: string;
  readonly variant: ToastVariant;
}

const toastsAtom = atom<readonly Toast[]>([]);
let nextToastId = 1;

const pushToastAtom = atom(null, (get, set, toast: { message: string; variant?: ToastVariant }) => {
  const id = nextToastId++;
  set(toastsAtom, [...get(toastsAtom), { id, message: toast.message, variant: toast.variant ?? 'info' }]);
});

const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.id !== id),
  );
});

export function pushToast(store: AppStore, message: string, variant: ToastVariant = 'info'): void {
  store.set(pushToastAtom, { message, variant });
}

export function useToasts(): { toasts: readonly Toast[]; dismiss: (id: number) => void } {
  return { toasts: useAtomValue(toastsAtom), dismiss: useSetAtom(dismissToastAtom) };
}

export function usePushToast(): (message: string, variant?: ToastVariant) => void {
  const push = useSetAtom(pushToastAtom);
  return useCallback((message, variant) => push({ message, variant: variant ?? 'info' }), [push]);
}
