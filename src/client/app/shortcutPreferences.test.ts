import { describe, expect, it, vi } from 'vitest';
import { type Command, CommandRegistry } from './commands.ts';
import {
  keepShortcutPreferences,
  SHORTCUT_CUSTOMIZATIONS_KEY,
  SHORTCUTS_DISABLED_KEY,
} from './shortcutPreferences.ts';

const command = (id: string, keys: string[]): Command => ({
  id,
  label: id,
  keys,
  group: 'G',
  isEnabled: () => true,
  run: vi.fn(),
});

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe('shortcut settings kept in the browser', () => {
  it('load the stored keys and switch, dropping malformed entries, and store each change', () => {
    const storage = memoryStorage({
      [SHORTCUT_CUSTOMIZATIONS_KEY]: JSON.stringify({ todos: ['shift+k'], broken: [42], other: 'x' }),
      [SHORTCUTS_DISABLED_KEY]: 'true',
    });
    const registry = new CommandRegistry();
    registry.register(command('todos', ['shift+t']));
    keepShortcutPreferences(registry, storage);
    expect(registry.customKeys()).toEqual({ todos: ['shift+k'] });
    expect(registry.disabled()).toBe(true);

    registry.setDisabled(false);
    expect(storage.map.has(SHORTCUTS_DISABLED_KEY)).toBe(false);
    registry.customize('todos', ['shift+t']);
    expect(storage.map.has(SHORTCUT_CUSTOMIZATIONS_KEY)).toBe(false);
    registry.customize('todos', ['g t']);
    expect(JSON.parse(storage.map.get(SHORTCUT_CUSTOMIZATIONS_KEY) ?? '{}')).toEqual({ todos: ['g t'] });
  });

  it('read unparsable storage as nothing stored', () => {
    const registry = new CommandRegistry();
    keepShortcutPreferences(registry, memoryStorage({ [SHORTCUT_CUSTOMIZATIONS_KEY]: '{not json' }));
    expect(registry.customKeys()).toEqual({});
  });
});
