import { createStore, Provider } from 'jotai';
import { createElement, type ReactNode } from 'react';

/** One store per mounted page; imperative callers (commands, history) receive it explicitly. */
export type AppStore = ReturnType<typeof createStore>;

export const createAppStore = (): AppStore => createStore();

export function StateProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return createElement(Provider, { store }, children);
}
