import { useCallback, useState } from 'react';

/** A page's writes one at a time: whether one runs, and the last one's notice or error. */
export interface Writes {
  readonly busy: boolean;
  readonly error: string | null;
  readonly notice: string | null;
  /** Runs `write`; its answer becomes the notice, a failure's message the error. True on success. */
  run(write: () => Promise<string>): Promise<boolean>;
  showError(message: string | null): void;
}

/**
 * The state every small management page keeps around its writes (add, save, delete): a busy flag
 * for its buttons, one notice or error at a time, and `onDone` (a reload) after each success.
 */
export function useWrites(onDone: () => void): Writes {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const run = useCallback(
    async (write: () => Promise<string>) => {
      setBusy(true);
      setError(null);
      setNotice(null);
      try {
        setNotice(await write());
        onDone();
        return true;
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [onDone],
  );
  return { busy, error, notice, run, showError: setError };
}
