/**
 * The person's shortcut settings, kept in the browser: their own bindings (GitLab's
 * customisations key) and 'Toggle shortcuts' (`shortcutsDisabled`, as the spec names it).
 */
import { type ListStorage, readStoredEntry, writeStoredEntry } from '../lib/index.ts';
import { type CommandRegistry, isShortcutKeys } from './commands.ts';

export const SHORTCUT_CUSTOMIZATIONS_KEY = 'gl-keyboard-shortcuts-customizations';
export const SHORTCUTS_DISABLED_KEY = 'shortcutsDisabled';

function parseCustomKeys(text: string | null): Record<string, string[]> {
  const value: unknown = text ? JSON.parse(text) : {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const custom: Record<string, string[]> = {};
  for (const [id, keys] of Object.entries(value)) {
    if (
      Array.isArray(keys) &&
      keys.length > 0 &&
      keys.every((key) => typeof key === 'string' && isShortcutKeys(key))
    )
      custom[id] = keys;
  }
  return custom;
}

/** Loads the stored settings into the registry, and stores every later change. */
export function keepShortcutPreferences(registry: CommandRegistry, storage: ListStorage | null): () => void {
  registry.setCustomKeys(
    readStoredEntry(storage, SHORTCUT_CUSTOMIZATIONS_KEY, parseCustomKeys, {}, 'shortcut customisations'),
  );
  registry.setDisabled(
    readStoredEntry(
      storage,
      SHORTCUTS_DISABLED_KEY,
      (text) => text === 'true',
      false,
      'the shortcuts switch',
    ),
  );
  return registry.subscribe(() => {
    const custom = registry.customKeys();
    writeStoredEntry(
      storage,
      SHORTCUT_CUSTOMIZATIONS_KEY,
      Object.keys(custom).length === 0 ? null : JSON.stringify(custom),
      'shortcut customisations',
    );
    writeStoredEntry(
      storage,
      SHORTCUTS_DISABLED_KEY,
      registry.disabled() ? 'true' : null,
      'the shortcuts switch',
    );
  });
}
