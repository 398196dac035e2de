import {
  DASHBOARD_ISSUES_PATH,
  DASHBOARD_MERGE_REQUESTS_PATH,
  DASHBOARD_TODOS_PATH,
  newIssuePath,
  projectIssuesPath,
  projectPath,
} from '../../core/domain/webPaths.ts';

/**
 * The command registry: every keyboard shortcut is a command (data), and the help dialog lists
 * exactly what is registered. Commands read and change the world only through injected functions.
 */
export interface Command {
  readonly id: string;
  readonly label: string;
  /**
   * Alternative key names (see keys.ts), e.g. `['s', '/']`; a combination is `shift+g`, a sequence
   * of presses is written with spaces, `g i`.
   */
  readonly keys: readonly string[];
  /** The heading it is listed under in the help dialog. */
  readonly group: string;
  readonly isEnabled: () => boolean;
  readonly run: () => void;
}

/** A command as the help lists it: its keys as the person set them, and whether they may. */
export interface CommandEntry {
  readonly id: string;
  readonly label: string;
  readonly keys: readonly string[];
  readonly customizable: boolean;
  readonly customized: boolean;
}

export interface CommandGroup {
  readonly group: string;
  readonly commands: readonly CommandEntry[];
}

/** Keys nobody may rebind: the help itself, and closing what is open. */
const FIXED_COMMANDS: ReadonlySet<string> = new Set(['help.toggle', 'overlays.hide']);

/** Why a new binding was refused, or null when it was taken. */
export type CustomizeRefusal = { readonly conflict: string } | { readonly invalid: true };

export class CommandRegistry {
  readonly #commands = new Map<string, Command>();
  #custom: Readonly<Record<string, readonly string[]>> = {};
  #disabled = false;
  readonly #listeners = new Set<() => void>();
  #version = 0;

  /** Adds a command; returns the function that removes it again. */
  register(command: Command): () => void {
    if (this.#commands.has(command.id)) throw new Error(`Command "${command.id}" is already registered`);
    this.#commands.set(command.id, command);
    this.#changed();
    return () => {
      if (this.#commands.get(command.id) === command) this.#commands.delete(command.id);
      this.#changed();
    };
  }

  list(): readonly Command[] {
    return [...this.#commands.values()];
  }

  /** Changes to the bindings or the switch (the help dialog redraws). */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Moves with every change, for useSyncExternalStore. */
  version(): number {
    return this.#version;
  }

  #changed(): void {
    this.#version++;
    for (const listener of this.#listeners) listener();
  }

  /** The keys a command answers to: the person's own, else its defaults. */
  keysOf(command: Command): readonly string[] {
    return this.#custom[command.id] ?? command.keys;
  }

  /** The person's bindings (id → keys), as loaded or changed. */
  customKeys(): Readonly<Record<string, readonly string[]>> {
    return this.#custom;
  }

  setCustomKeys(custom: Readonly<Record<string, readonly string[]>>): void {
    this.#custom = Object.fromEntries(
      Object.entries(custom).filter(([id, keys]) => !FIXED_COMMANDS.has(id) && keys.length > 0),
    );
    this.#changed();
  }

  /**
   * Binds `id` to `keys` instead of its defaults; refused when a key is malformed or already
   * answers to another command (the conflict names it). Keys equal to the defaults drop the custom
   * binding.
   */
  customize(id: string, keys: readonly string[]): CustomizeRefusal | null {
    const command = this.#commands.get(id);
    if (!command || FIXED_COMMANDS.has(id) || keys.length === 0 || !keys.every(isShortcutKeys))
      return { invalid: true };
    for (const other of this.#commands.values()) {
      if (other.id === id) continue;
      const theirs = this.keysOf(other);
      const clash = keys.some((key) =>
        theirs.some((their) => key === their || key.startsWith(`${their} `) || their.startsWith(`${key} `)),
      );
      if (clash) return { conflict: other.label };
    }
    const { [id]: _previous, ...rest } = this.#custom;
    const same =
      keys.length === command.keys.length && keys.every((key, index) => key === command.keys[index]);
    this.#custom = same ? rest : { ...rest, [id]: [...keys] };
    this.#changed();
    return null;
  }

  /** Whether shortcuts are off (GitLab's 'Toggle shortcuts'); '?' and esc still work. */
  disabled(): boolean {
    return this.#disabled;
  }

  setDisabled(disabled: boolean): void {
    this.#disabled = disabled;
    this.#changed();
  }

  /** Commands by group, groups and commands in registration order. */
  grouped(): readonly CommandGroup[] {
    const groups = new Map<string, CommandEntry[]>();
    for (const command of this.#commands.values()) {
      const list = groups.get(command.group) ?? [];
      list.push({
        id: command.id,
        label: command.label,
        keys: this.keysOf(command),
        customizable: !FIXED_COMMANDS.has(command.id),
        customized: this.#custom[command.id] !== undefined,
      });
      groups.set(command.group, list);
    }
    return [...groups].map(([group, commands]) => ({ group, commands }));
  }

  #active(command: Command): boolean {
    return (!this.#disabled || FIXED_COMMANDS.has(command.id)) && command.isEnabled();
  }

  /** The first enabled command bound to `key` (a press, or presses joined by spaces). */
  match(key: string): Command | undefined {
    for (const command of this.#commands.values()) {
      if (this.keysOf(command).includes(key) && this.#active(command)) return command;
    }
    return undefined;
  }

  /** Whether `keys` (presses joined by spaces) begin a longer sequence of an enabled command. */
  startsSequence(keys: string): boolean {
    const prefix = `${keys} `;
    for (const command of this.#commands.values()) {
      if (this.#active(command) && this.keysOf(command).some((key) => key.startsWith(prefix))) return true;
    }
    return false;
  }
}

/** One press as keys.ts names it (`g`, `shift+g`, `ctrl+k`, `?`), or two joined by a space. */
const PRESS = /^(?:(?:ctrl|alt|meta|shift)\+)*(?:[^\s+]|\+|esc|space|enter|tab|arrow(?:up|down|left|right))$/;

export function isShortcutKeys(keys: string): boolean {
  const presses = keys.split(' ');
  return presses.length >= 1 && presses.length <= 2 && presses.every((press) => PRESS.test(press));
}

/** "Pending key-sequence timeout in the keyboard library is 1000 ms." */
export const KEY_SEQUENCE_TIMEOUT_MS = 1000;

/**
 * Follows key presses into sequences (`g` then `i`): a press that begins a sequence waits up to
 * KEY_SEQUENCE_TIMEOUT_MS for the next; a press that neither finishes nor continues one is matched
 * alone, as if nothing were pending.
 */
export class KeySequencer {
  #pending = '';
  #pendingAt = 0;

  constructor(private readonly registry: CommandRegistry) {}

  /** The command the press completes, 'pending' when it begins or continues a sequence, else null. */
  press(key: string, at: number): Command | 'pending' | null {
    const pending = this.#pending && at - this.#pendingAt <= KEY_SEQUENCE_TIMEOUT_MS ? this.#pending : '';
    this.#pending = '';
    for (const keys of pending ? [`${pending} ${key}`, key] : [key]) {
      const command = this.registry.match(keys);
      if (command) return command;
      if (this.registry.startsSequence(keys)) {
        this.#pending = keys;
        this.#pendingAt = at;
        return 'pending';
      }
    }
    return null;
  }
}

/** The project a page belongs to, whose go-to keys it offers. */
export interface ProjectShortcutContext {
  readonly fullPath: string;
  /** The viewer may open the new-issue form (signed in). */
  readonly canCreateIssue: boolean;
}

export interface AppCommandEffects {
  readonly toggleHelp: () => void;
  readonly isHelpOpen: () => boolean;
  readonly closeOverlays: () => void;
  readonly goTo: (path: string) => void;
  /** Focuses the page's filter bar; the page declares whether it has one. */
  readonly focusSearch: () => void;
  /** Focuses the top bar's search box, which every page shows. */
  readonly focusGlobalSearch: () => void;
  /** Presses the control marked `data-shortcut-target` = `target`; false when the page shows none. */
  readonly press: (target: string) => boolean;
  /** Whether the page shows the control marked `target` now. */
  readonly shows: (target: string) => boolean;
  /** Opens the comment form, quoting the text selected on the page (GitLab's r). */
  readonly reply: () => void;
}

export const GLOBAL_GROUP = 'Global shortcuts';
export const NAVIGATION_GROUP = 'Navigation';
export const SEARCH_GROUP = 'Search and filter';
export const PROJECT_GROUP = 'Project';
export const ISSUABLE_GROUP = 'Epics, issues, and merge requests';
export const MERGE_REQUEST_GROUP = 'Merge requests';

/** The issuable keys and the control each presses; an epic has no assignees or milestone. */
const ISSUABLE_KEYS = [
  { id: 'issuable.edit', label: 'Edit description', key: 'e', target: 'issuable-edit', epic: true },
  { id: 'issuable.labels', label: 'Change label', key: 'l', target: 'sidebar-labels', epic: true },
  { id: 'issuable.assignee', label: 'Change assignee', key: 'a', target: 'sidebar-assignees', epic: false },
  { id: 'issuable.milestone', label: 'Change milestone', key: 'm', target: 'sidebar-milestone', epic: false },
] as const;

/**
 * A merge request's own keys (GitLab's merge request shortcuts), each pressing a control its page
 * shows. The file keys (] [ j k) and commit keys are not registered: there are no diffs to walk.
 */
const MERGE_REQUEST_KEYS = [
  { id: 'mergeRequest.nextThread', label: 'Go to next unresolved thread', key: 'n', target: 'thread-next' },
  {
    id: 'mergeRequest.previousThread',
    label: 'Go to previous unresolved thread',
    key: 'p',
    target: 'thread-previous',
  },
  { id: 'mergeRequest.copyBranch', label: 'Copy source branch name', key: 'b', target: 'copy-source-branch' },
] as const;

/**
 * The shortcuts that work on a page (texts from the shortcut table of the spec). A key whose page
 * does not exist in this product (projects, activity, milestones and snippets dashboards; a
 * project's files, commits, wiki …) is not registered, so not listed.
 */
export function appCommands(
  effects: AppCommandEffects,
  page: {
    hasSearch: boolean;
    signedIn?: boolean;
    project?: ProjectShortcutContext | null;
    /** The page shows an epic, an issue or a merge request, whose keys it offers. */
    issuable?: 'epic' | 'issue' | 'merge_request' | null;
  },
): Command[] {
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
  if (page.signedIn) {
    commands.push(
      {
        id: 'navigation.issues',
        label: 'Go to issues',
        keys: ['shift+i'],
        group: NAVIGATION_GROUP,
        isEnabled: whenHelpClosed,
        run: () => effects.goTo(DASHBOARD_ISSUES_PATH),
      },
      {
        id: 'navigation.mergeRequests',
        label: 'Go to merge requests',
        keys: ['shift+m'],
        group: NAVIGATION_GROUP,
        isEnabled: whenHelpClosed,
        run: () => effects.goTo(DASHBOARD_MERGE_REQUESTS_PATH),
      },
      {
        id: 'navigation.todos',
        label: 'Go to to-do',
        keys: ['shift+t'],
        group: NAVIGATION_GROUP,
        isEnabled: whenHelpClosed,
        run: () => effects.goTo(DASHBOARD_TODOS_PATH),
      },
    );
  }
  if (page.issuable) {
    commands.push({
      id: 'issuable.reply',
      label: 'Comment or reply',
      keys: ['r'],
      group: ISSUABLE_GROUP,
      isEnabled: () => whenHelpClosed() && effects.shows('comment'),
      run: effects.reply,
    });
    for (const spec of ISSUABLE_KEYS) {
      if (page.issuable === 'epic' && !spec.epic) continue;
      commands.push({
        id: spec.id,
        label: spec.label,
        keys: [spec.key],
        group: ISSUABLE_GROUP,
        // Only for who may change it: the control is shown to them alone.
        isEnabled: () => whenHelpClosed() && effects.shows(spec.target),
        run: () => effects.press(spec.target),
      });
    }
  }
  if (page.issuable === 'merge_request') {
    for (const spec of MERGE_REQUEST_KEYS) {
      commands.push({
        id: spec.id,
        label: spec.label,
        keys: [spec.key],
        group: MERGE_REQUEST_GROUP,
        isEnabled: () => whenHelpClosed() && effects.shows(spec.target),
        run: () => effects.press(spec.target),
      });
    }
  }
  const project = page.project;
  if (project) {
    commands.push(
      {
        id: 'project.overview',
        label: 'Go to the project’s overview page',
        keys: ['g p'],
        group: PROJECT_GROUP,
        isEnabled: whenHelpClosed,
        run: () => effects.goTo(projectPath(project.fullPath)),
      },
      {
        id: 'project.issues',
        label: 'Go to issues',
        keys: ['g i'],
        group: PROJECT_GROUP,
        isEnabled: whenHelpClosed,
        run: () => effects.goTo(projectIssuesPath(project.fullPath)),
      },
    );
    if (project.canCreateIssue) {
      commands.push({
        id: 'project.newIssue',
        label: 'New issue',
        keys: ['i'],
        group: PROJECT_GROUP,
        isEnabled: whenHelpClosed,
        run: () => effects.goTo(newIssuePath(project.fullPath)),
      });
    }
  }
  // GitLab's s and / focus the top bar's search, on every page; f the page's filter bar, where it has one.
  commands.push({
    id: 'search.focus',
    label: 'Search',
    keys: ['s', '/'],
    group: SEARCH_GROUP,
    isEnabled: whenHelpClosed,
    run: effects.focusGlobalSearch,
  });
  if (page.hasSearch) {
    commands.push({
      id: 'filter.focus',
      label: 'Filter bar',
      keys: ['f'],
      group: SEARCH_GROUP,
      isEnabled: whenHelpClosed,
      run: effects.focusSearch,
    });
  }
  return commands;
}
