import { useEffect } from 'react';
import { systemClock } from '../lib/clock.ts';
import { isTypingTarget, keyName } from '../lib/index.ts';
import { type CommandRegistry, KeySequencer } from './commands.ts';

/** Runs the registered command bound to each key press (or sequence of presses) outside text fields. */
export function useShortcuts(registry: CommandRegistry): void {
  useEffect(() => {
    const sequencer = new KeySequencer(registry);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || isTypingTarget(event.target)) return;
      const key = keyName(event);
      // Escape in an open modal dialog is the dialog's own close request (its cancel event), which
      // a prevented keydown would swallow.
      if (key === 'esc' && document.querySelector('dialog[open]')) return;
      const outcome = key ? sequencer.press(key, systemClock.now().getTime()) : null;
      if (!outcome) return;
      event.preventDefault();
      if (outcome !== 'pending') outcome.run();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [registry]);
}
