import { useEffect } from 'react';
import type { CommandRegistry } from './commands.ts';
import { isTypingTarget, keyName } from './keys.ts';

/** Runs the registered command bound to each key press outside text fields. */
export function useShortcuts(registry: CommandRegistry): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || isTypingTarget(event.target)) return;
      const key = keyName(event);
      // Escape in an open modal dialog is the dialog's own close request (its cancel event), which
      // a prevented keydown would swallow.
      if (key === 'esc' && document.querySelector('dialog[open]')) return;
      const command = key ? registry.match(key) : undefined;
      if (!command) return;
      event.preventDefault();
      command.run();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [registry]);
}
