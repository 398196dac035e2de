import { type KeyboardEvent, useCallback, useRef } from 'react';

/**
 * Keyboard focus for a WAI-ARIA tab list with manual activation: ← and → move focus between the
 * tabs (wrapping), Home and End to the first and last; Enter, Space or a click selects. Put `ref`
 * and `onKeyDown` on the element with role="tablist".
 */
export function useTabListKeys<Element extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<Element>(null);
  const onKeyDown = useCallback((event: KeyboardEvent<Element>) => {
    const tabs = Array.from(ref.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []);
    const index = tabs.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    tabs[target]?.focus();
  }, []);
  return { ref, onKeyDown };
}
