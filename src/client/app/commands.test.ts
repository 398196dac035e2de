import { describe, expect, it, vi } from 'vitest';
import {
  type AppCommandEffects,
  appCommands,
  type Command,
  CommandRegistry,
  KEY_SEQUENCE_TIMEOUT_MS,
  KeySequencer,
} from './commands.ts';

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
    focusGlobalSearch: vi.fn(),
    press: vi.fn(() => true),
    shows: () => true,
    reply: vi.fn(),
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
  it('registers the search shortcut on every page and the filter shortcut only with a filter bar', () => {
    expect(appCommands(effects(), { hasSearch: false }).map((c) => c.id)).toEqual([
      'help.toggle',
      'overlays.hide',
      'navigation.groups',
      'search.focus',
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

describe('key sequences', () => {
  const registryOf = (...commands: Command[]) => {
    const registry = new CommandRegistry();
    for (const c of commands) registry.register(c);
    return registry;
  };

  it('waits for the second key of a sequence, then runs it', () => {
    const issues = command('issues', ['g i']);
    const sequencer = new KeySequencer(registryOf(issues, command('overview', ['g p'])));
    expect(sequencer.press('g', 0)).toBe('pending');
    expect(sequencer.press('i', 400)).toBe(issues);
    // The sequence is spent: a lone i is nothing.
    expect(sequencer.press('i', 500)).toBeNull();
  });

  it('forgets a pending key after 1000 ms', () => {
    const newIssue = command('new', ['i']);
    const sequencer = new KeySequencer(registryOf(command('issues', ['g i']), newIssue));
    expect(sequencer.press('g', 0)).toBe('pending');
    expect(KEY_SEQUENCE_TIMEOUT_MS).toBe(1000);
    expect(sequencer.press('i', 1001)).toBe(newIssue);
  });

  it('matches a press that ends no sequence on its own', () => {
    const help = command('help', ['?']);
    const sequencer = new KeySequencer(registryOf(command('issues', ['g i']), help));
    expect(sequencer.press('g', 0)).toBe('pending');
    expect(sequencer.press('?', 10)).toBe(help);
    expect(sequencer.press('x', 20)).toBeNull();
  });

  it('offers a project’s go-to keys on its pages, and New issue to those signed in', () => {
    const fx = effects();
    const project = { fullPath: 'acme/api', canCreateIssue: true };
    const registry = registryOf(...appCommands(fx, { hasSearch: false, signedIn: true, project }));
    const sequencer = new KeySequencer(registry);
    sequencer.press('g', 0);
    (sequencer.press('i', 1) as Command).run();
    expect(fx.goTo).toHaveBeenLastCalledWith('/acme/api/-/issues');
    sequencer.press('g', 2);
    (sequencer.press('p', 3) as Command).run();
    expect(fx.goTo).toHaveBeenLastCalledWith('/acme/api');
    (sequencer.press('i', 10) as Command).run();
    expect(fx.goTo).toHaveBeenLastCalledWith('/acme/api/-/issues/new');
    registry.match('shift+t')?.run();
    expect(fx.goTo).toHaveBeenLastCalledWith('/dashboard/todos');
    registry.match('shift+i')?.run();
    expect(fx.goTo).toHaveBeenLastCalledWith('/dashboard/issues');
    registry.match('shift+m')?.run();
    expect(fx.goTo).toHaveBeenLastCalledWith('/dashboard/merge_requests');
    expect(registry.match('shift+m')?.label).toBe('Go to merge requests');

    const visitor = appCommands(effects(), {
      hasSearch: false,
      signedIn: false,
      project: { ...project, canCreateIssue: false },
    });
    expect(visitor.map((c) => c.id)).toEqual([
      'help.toggle',
      'overlays.hide',
      'navigation.groups',
      'project.overview',
      'project.issues',
      'search.focus',
    ]);
  });
});

describe('issuable keys', () => {
  it('press the page’s own controls: e, l, a, m on an issue; no a or m on an epic', () => {
    const fx = effects();
    const issue = appCommands(fx, { hasSearch: false, issuable: 'issue' });
    expect(
      issue.filter((c) => c.group === 'Epics, issues, and merge requests').map((c) => c.keys[0]),
    ).toEqual(['r', 'e', 'l', 'a', 'm']);
    issue.find((c) => c.id === 'issuable.labels')?.run();
    expect(fx.press).toHaveBeenCalledWith('sidebar-labels');
    issue.find((c) => c.id === 'issuable.reply')?.run();
    expect(fx.reply).toHaveBeenCalled();
    const epic = appCommands(fx, { hasSearch: false, issuable: 'epic' });
    expect(epic.map((c) => c.keys[0])).not.toContain('a');
    expect(epic.map((c) => c.keys[0])).not.toContain('m');
  });

  it('are off where the control is not shown (who may not edit)', () => {
    const readOnly: AppCommandEffects = { ...effects(), shows: () => false };
    const registry = new CommandRegistry();
    for (const c of appCommands(readOnly, { hasSearch: false, issuable: 'issue' })) registry.register(c);
    expect(registry.match('e')).toBeUndefined();
    expect(registry.match('l')).toBeUndefined();
  });
});

describe('the person’s own keys', () => {
  const registryWith = (...commands: Command[]) => {
    const registry = new CommandRegistry();
    for (const c of commands) registry.register(c);
    return registry;
  };

  it('rebind a command, refuse keys another command has, and go back to the defaults', () => {
    const todos = command('todos', ['shift+t']);
    const issues = command('issues', ['g i']);
    const registry = registryWith(command('help.toggle', ['?']), todos, issues);
    expect(registry.customize('todos', ['shift+k'])).toBeNull();
    expect(registry.match('shift+k')).toBe(todos);
    expect(registry.match('shift+t')).toBeUndefined();
    // Taken, or the start of another's sequence, or not keys at all.
    expect(registry.customize('todos', ['g i'])).toEqual({ conflict: 'issues' });
    expect(registry.customize('todos', ['g'])).toEqual({ conflict: 'issues' });
    expect(registry.customize('todos', ['shift+ k'])).toEqual({ invalid: true });
    // The help's own key is fixed.
    expect(registry.customize('help.toggle', ['h'])).toEqual({ invalid: true });
    expect(registry.customKeys()).toEqual({ todos: ['shift+k'] });
    expect(registry.customize('todos', ['shift+t'])).toBeNull();
    expect(registry.customKeys()).toEqual({});
  });

  it('are all off while shortcuts are toggled off, but ?', () => {
    const help = command('help.toggle', ['?']);
    const registry = registryWith(help, command('todos', ['shift+t']));
    registry.setDisabled(true);
    expect(registry.match('shift+t')).toBeUndefined();
    expect(registry.match('?')).toBe(help);
  });
});
