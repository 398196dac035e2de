/** A keyboard event reduced to what shortcut matching needs. */
export interface KeyInput {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

const NAMED: Readonly<Record<string, string>> = { Escape: 'esc', Esc: 'esc', ' ': 'space' };

/**
 * The shortcut name of a key press: `g`, `shift+g`, `?`, `/`, `esc`, `ctrl+k`. Shift is named only
 * for letters and named keys; for symbols it is already part of the character (`?` is shift+/).
 */
export function keyName(event: KeyInput): string | null {
  const { key } = event;
  if (!key || key === 'Shift' || key === 'Control' || key === 'Alt' || key === 'Meta' || key === 'Dead')
    return null;
  const single = [...key].length === 1;
  const isLetter = single && key.toLowerCase() !== key.toUpperCase();
  const base = NAMED[key] ?? (single ? key.toLowerCase() : key.toLowerCase());
  const modifiers = [
    event.ctrlKey ? 'ctrl' : '',
    event.altKey ? 'alt' : '',
    event.metaKey ? 'meta' : '',
    event.shiftKey && (isLetter || !single) ? 'shift' : '',
  ].filter(Boolean);
  return [...modifiers, base].join('+');
}

/** Keys typed into a field belong to the field, not to shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
      target.type,
    );
  }
  return false;
}
