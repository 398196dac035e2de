/**
 * The save cycle the optimistic sidebar blocks share (dates, labels, colour): show the pending
 * value at once, write it, and on failure fall back to the saved value (useOptimistic does that when
 * the transition ends) with the block's own text and the server's first error.
 */
import { useOptimistic, useState, useTransition } from 'react';
import type { SidebarWriteResult } from '../../data/index.ts';
import { type BlockError, writeError } from './index.ts';

export interface OptimisticSave<T> {
  /** The pending value while a save runs, else the saved one. */
  readonly shown: T;
  save(pending: T, write: () => Promise<SidebarWriteResult>): void;
  readonly error: BlockError | null;
  dismissError(): void;
}

export function useOptimisticSave<T>(saved: T, failureText: string): OptimisticSave<T> {
  const [shown, showPending] = useOptimistic<T, T>(saved, (_, next) => next);
  const [, startSaving] = useTransition();
  const [error, setError] = useState<BlockError | null>(null);
  const save = (pending: T, write: () => Promise<SidebarWriteResult>) => {
    setError(null);
    startSaving(async () => {
      showPending(pending);
      const result = await write();
      if (!result.ok) setError(writeError(failureText, result.error));
    });
  };
  return { shown, save, error, dismissError: () => setError(null) };
}
