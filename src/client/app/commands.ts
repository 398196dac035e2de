/**
 * The command registry: every keyboard shortcut is a command (data), and the help dialog lists
 * exactly what is registered. Commands read and change the world only through injected functions.
 */
export interface Command {
  readonly id: string;
  readonly label: string;
  /** Alternative key names (see keys.ts), e.g. `['s', '/']`; a combination is `shift+g`. */
  readonly keys: readonly string[];
  /** The heading it is listed under in the help dialog. */
  readonly group: string;
  readonly isEnabled: () => boolean;
  readonly run: () => void;
}

export interface CommandGroup {
  readonly group: string;
  readonly commands: readonly Command[];
}

export class CommandRegistry {
  readonly #commands = new Map<string, Command>();

  /** Adds a command; returns the function that removes it again. */
  register(command: Command): () => void {
    if (this.#commands.has(command.id)) throw new Error(`Command "${command.id}" is already registered`);
    this.#commands.set(command.id, command);
    return () => {
      if (this.#commands.get(command.id) === command) this.#commands.delete(command.id);
    };
  }

  list(): readonly Command[] {
    return [...this.#commands.values()];
  }

  /** Commands by group, groups and commands in registration order. */
  grouped(): readonly CommandGroup[] {
    const groups = new Map<string, Command[]>();
    for (const command of this.#commands.values()) {
      const list = groups.get(command.group) ?? [];
      list.push(command);
      groups.set(command.group, list);
    }
    return [...groups].map(([group, commands]) => ({ group, commands }));
  }

  /** The first enabled command bound to `key`. */
  match(key: string): Command | undefined {
    for (const command of this.#commands.values()) {
      if (command.keys.includes(key) && command.isEnabled()) return command;
    }
    return undefined;
  }
}

export interface AppCommandEffects {
  readonly toggleHelp: () => void;
  readonly isHelpOpen: () => boolean;
  readonly closeOverlays: () => void;
  readonly goTo: (path: string) => void;
  /** Focuses the page's search box; the page declares whether it has one. */
  readonly focusSearch: () => void;
}

export const GLOBAL_GROUP = 'Global shortcuts';
export const NAVIGATION_GROUP = 'Navigation';
export const SEARCH_GROUP = 'Search and filter';

/** The shortcuts that work on a page (texts from the shortcut table of the spec). */
export function appCommands(effects: AppCommandEffects, page: { hasSearch: boolean }): Command[] {
  const whenHelpClosed = () => !effects.isHelpOpen();
  const commands: Command[] = [
    {
      id: 'help.toggle',
      label: 'Toggle shortcut help',
      keys: ['?'],
      group: GLOBAL_GROUP,
      isEnabled: () => true,
      run: effects.toggleHelp,
    },
    {
      id: 'overlays.hide',
      label: 'Hide popovers',
      keys: ['esc'],
      group: GLOBAL_GROUP,
      isEnabled: () => true,
      run: effects.closeOverlays,
    },
    {
      id: 'navigation.groups',
      label: 'Go to groups',
      keys: ['shift+g'],
      group: NAVIGATION_GROUP,
      isEnabled: whenHelpClosed,
      run: () => effects.goTo('/'),
    },
  ];
  if (page.hasSearch) {
    commands.push(
      {
        id: 'search.focus',
        label: 'Search',
        keys: ['s', '/'],
        group: SEARCH_GROUP,
        isEnabled: whenHelpClosed,
        run: effects.focusSearch,
      },
      {
        id: 'filter.focus',
        label: 'Filter bar',
        keys: ['f'],
        group: SEARCH_GROUP,
        isEnabled: whenHelpClosed,
        run: effects.focusSearch,
      },
    );
  }
  return commands;
}
