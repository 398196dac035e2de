import type { Kysely } from 'kysely';
import { type QuickActionNoun, quickActionHelp } from '../../../../core/domain/quickActionHelp.ts';
import {
  extractQuickActions,
  QUICK_ACTION_SUBSTITUTIONS,
  type QuickActionCommand,
} from '../../../../core/domain/quickActions.ts';
import type { Database, IssueRow } from '../../../db/schema.ts';
import type { AccessContext } from '../../access.ts';
import type { ProjectInNamespace } from '../../issueService.ts';
import type { NoteableTarget } from '../noteable.ts';
import { loadEpicActionContext } from './epicActionContext.ts';
import { EPIC_QUICK_ACTIONS } from './epicQuickActions.ts';
import {
  type IssueActionContext,
  loadIssueActionContext,
  newIssueActionState,
} from './issueActionContext.ts';
import { ISSUE_QUICK_ACTIONS } from './issueQuickActions.ts';
import {
  emptyOutcome,
  failureMessage,
  type QuickActionDefinition,
  type QuickActionOutcome,
} from './quickActionTypes.ts';

/**
 * A text's quick actions, found against the item as it is and ready to run (GitLab's
 * QuickActions::InterpretService): `text` is what remains to save, `commands` what was found.
 * `/cc @user` is GitLab's no-op and stays in the text as a mention; time tracking, `/duplicate`,
 * `/move`, `/clone`, `/promote` and `/copy_metadata` are not supported (they stay text).
 */
export interface PreparedQuickActions {
  readonly text: string;
  readonly commands: readonly QuickActionCommand[];
  /** The preview's explanations ("Adds ~bug label."), one per command that will do something. */
  explain(): Promise<string[]>;
  /** Runs the commands in order; one that fails adds its error message and the others still run. */
  execute(): Promise<QuickActionOutcome>;
}

/** Nothing to run: the text as it is (no user, or no line that could be a command). */
const untouched = (text: string): PreparedQuickActions => ({
  text,
  commands: [],
  explain: async () => [],
  execute: async () => emptyOutcome(),
});

/** A command can only sit at the start of a line; most texts have none, and skip every lookup. */
const mayHoldCommands = (text: string) => /(^|\n)\//.test(text);

function availableNames<State>(
  definitions: readonly { readonly names: readonly string[]; available(state: State): boolean }[],
  state: State,
): Set<string> {
  const names = new Set(Object.keys(QUICK_ACTION_SUBSTITUTIONS));
  for (const definition of definitions) {
    if (definition.available(state)) for (const name of definition.names) names.add(name);
  }
  return names;
}

function prepare<Context extends Explain, Explain extends State, State>(
  definitions: readonly QuickActionDefinition<Context, Explain, State>[],
  explainContext: Explain,
  text: string,
  context: () => Context,
): PreparedQuickActions {
  const state: State = explainContext;
  const extracted = extractQuickActions(text, availableNames(definitions, state));
  const steps = extracted.commands.flatMap((command) => {
    const definition = definitions.find((candidate) => candidate.names.includes(command.name));
    return definition ? [{ definition, params: command.params }] : [];
  });
  return {
    text: extracted.text,
    commands: extracted.commands,
    explain: async () => {
      const explanations: string[] = [];
      for (const { definition, params } of steps) {
        const explanation = await definition.explain(explainContext, params);
        if (explanation !== null) explanations.push(explanation);
      }
      return explanations;
    },
    execute: async () => {
      const outcome = emptyOutcome();
      const target = context();
      for (const { definition, params } of steps) {
        try {
          await definition.execute(target, params, outcome);
        } catch (error) {
          outcome.errorMessages.push(failureMessage(error));
        }
      }
      return outcome;
    },
  };
}

/**
 * Finds the quick actions of a comment or description on an existing epic or issue: the commands
 * this user may use on the item now, each run later through the item's own services.
 */
export async function prepareQuickActions(
  db: Kysely<Database>,
  access: AccessContext,
  target: NoteableTarget,
  text: string,
): Promise<PreparedQuickActions> {
  const user = access.actor.user;
  // Merge requests take no quick actions here: their text stays as written.
  if (!user || !mayHoldCommands(text) || target.type === 'MergeRequest') return untouched(text);
  if (target.type === 'Issue') {
    const context = await loadIssueActionContext(db, access, user, target.located);
    return prepare(ISSUE_QUICK_ACTIONS, context, text, () => context);
  }
  const context = await loadEpicActionContext(db, access, user, target);
  return prepare(EPIC_QUICK_ACTIONS, context, text, () => context);
}

export interface PreparedNewIssueQuickActions {
  readonly text: string;
  readonly hasCommands: boolean;
  /** The preview's explanations, against the issue about to be created. */
  explain(): Promise<string[]>;
  executeOn(issue: IssueRow): Promise<QuickActionOutcome>;
}

/**
 * The quick actions of a new issue's description (GitLab runs them on create): found before the
 * issue exists, so that it is saved without them, and run once `created()` has made it.
 */
export async function prepareNewIssueQuickActions(
  db: Kysely<Database>,
  access: AccessContext,
  project: ProjectInNamespace,
  description: string,
  confidential: boolean,
): Promise<PreparedNewIssueQuickActions> {
  const user = access.actor.user;
  if (!user || !mayHoldCommands(description)) {
    return {
      text: description,
      hasCommands: false,
      explain: async () => [],
      executeOn: async () => emptyOutcome(),
    };
  }
  const state = await newIssueActionState(db, access, project, confidential);
  const explainContext = { ...state, db, access, user, scope: project, located: null };
  let context: IssueActionContext | null = null;
  const prepared = prepare(ISSUE_QUICK_ACTIONS, explainContext, description, () => {
    if (!context) throw new Error('The new issue must exist before its quick actions run');
    return context;
  });
  return {
    text: prepared.text,
    hasCommands: prepared.commands.length > 0,
    explain: () => prepared.explain(),
    executeOn: async (issue) => {
      context = { ...explainContext, located: { ...project, issue } };
      return prepared.execute();
    },
  };
}

/** One command the `/` autocomplete offers (GitLab's autocomplete_sources/commands row). */
export interface AvailableQuickAction {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly description: string;
  readonly params: string;
}

function describeAvailable<State>(
  definitions: readonly { readonly names: readonly string[]; available(state: State): boolean }[],
  state: State,
  noun: QuickActionNoun,
): AvailableQuickAction[] {
  const names = [
    ...definitions.filter((definition) => definition.available(state)).map((definition) => definition.names),
    ...Object.keys(QUICK_ACTION_SUBSTITUTIONS).map((name) => [name]),
  ];
  return names.flatMap(([name, ...aliases]) => {
    const help = name === undefined ? null : quickActionHelp(name, noun);
    return name !== undefined && help ? [{ name, aliases, ...help }] : [];
  });
}

/**
 * The quick actions this user may use on the item as it is now, with their help (what the `/`
 * autocomplete lists): the same availability the text's commands are found with, so the list never
 * offers one that would stay text. None for an anonymous visitor.
 */
export async function listAvailableQuickActions(
  db: Kysely<Database>,
  access: AccessContext,
  target: NoteableTarget,
): Promise<AvailableQuickAction[]> {
  const user = access.actor.user;
  if (!user || target.type === 'MergeRequest') return [];
  if (target.type === 'Issue') {
    const context = await loadIssueActionContext(db, access, user, target.located);
    return describeAvailable(ISSUE_QUICK_ACTIONS, context, 'issue');
  }
  const context = await loadEpicActionContext(db, access, user, target);
  return describeAvailable(EPIC_QUICK_ACTIONS, context, 'epic');
}
