import { describe, expect, it, vi } from 'vitest';
import { type AppCommandEffects, appCommands, type Command, CommandRegistry } from './commands.ts';

const command = (id: string, keys: string[], enabled = true, group = 'G'): Command => ({
  id,
  label: id,
  keys,
  group,
  isEnabled: () => enabled,
  run: vi.fn(),
});

function effects(helpOpen = false): AppCommandEffects {
  return {
    toggleHelp: vi.fn(),
    isHelpOpen: () => helpOpen,
    closeOverlays: vi.fn(),
    goTo: vi.fn(),
    focusSearch: vi.fn(),
  };
}

describe('CommandRegistry', () => {
  it('matches the first enabled command bound to a key', () => {
    const registry = new CommandRegistry();
    registry.register(command('off', ['a'], false));
    const on = command('on', ['a', 'b']);
    registry.register(on);
    expect(registry.match('a')).toBe(on);
    expect(registry.match('b')).toBe(on);
    expect(registry.match('c')).toBeUndefined();
  });

  it('refuses a duplicate id and unregisters with the returned function', () => {
    const registry = new CommandRegistry();
    const unregister = registry.register(command('x', ['x']));
    expect(() => registry.register(command('x', ['y']))).toThrow(/already registered/);
    unregister();
    expect(registry.list()).toEqual([]);
  });

  it('groups commands in registration order', () => {
    const registry = new CommandRegistry();
    registry.register(command('a', ['a'], true, 'One'));
    registry.register(command('b', ['b'], true, 'Two'));
    registry.register(command('c', ['c'], true, 'One'));
    expect(registry.grouped().map(({ group, commands }) => [group, commands.map((c) => c.id)])).toEqual([
      ['One', ['a', 'c']],
      ['Two', ['b']],
    ]);
  });
});

describe('appCommands', () => {
  it('registers search and filter shortcuts only on pages with a search box', () => {
    expect(appCommands(effects(), { hasSearch: false }).map((c) => c.id)).toEqual([
      'help.toggle',
      'overlays.hide',
      'navigation.groups',
    ]);
    const searchable = appCommands(effects(), { hasSearch: true });
    expect(searchable.find((c) => c.id === 'search.focus')?.keys).toEqual(['s', '/']);
    expect(searchable.find((c) => c.id === 'filter.focus')?.keys).toEqual(['f']);
  });

  it('goes to the groups page with shift+g', () => {
    const fx = effects();
    const registry = new CommandRegistry();
    for (const c of appCommands(fx, { hasSearch: false })) registry.register(c);
    registry.match('shift+g')?.run();
    expect(fx.goTo).toHaveBeenCalledWith('/');
  });

  it('keeps only help and esc active while the help dialog is open', () => {
    const registry = new CommandRegistry();
    for (const c of appCommands(effects(true), { hasSearch: true })) registry.register(c);
    expect(registry.match('?')?.id).toBe('help.toggle');
    expect(registry.match('esc')?.id).toBe('overlays.hide');
    expect(registry.match('shift+g')).toBeUndefined();
    expect(registry.match('s')).toBeUndefined();
  });
});
