import { useCallback, useEffect, useState } from 'react';
import { systemClock } from '../../lib/clock.ts';

/** How long 'Copied' stays (spec: the clipboard tooltip reverts after 1000 ms). */
const COPIED_TOOLTIP_MS = 1000;

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies text with the Clipboard API. 'copied' reverts to 'idle' after 1000 ms; 'failed' stays
 * until the next attempt or `reset` (the person needs time to read how to copy by hand).
 */
export function useCopyToClipboard(): { state: CopyState; copy: (text: string) => void; reset: () => void } {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    return systemClock.after(COPIED_TOOLTIP_MS, () => setState('idle'));
  }, [state]);
  const copy = useCallback((text: string) => {
    const write =
      navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('No clipboard in this context'));
    write.then(
      () => setState('copied'),
      (error: unknown) => {
        console.error(error);
        setState('failed');
      },
    );
  }, []);
  const reset = useCallback(() => setState('idle'), []);
  return { state, copy, reset };
}
