import type { Executor } from '../../../db/executor.ts';
import { findGroupLabelsByTitles } from '../../../db/repositories/labelRepository.ts';
import type { LabelRow, NamespaceRow } from '../../../db/schema.ts';
import { ServiceError } from '../../errors.ts';

/**
 * What running a text's quick actions did, in GitLab's words: `commands_changes` (the attributes
 * the commands changed, GitLab's `@updates`), and the messages the comment form shows
 * (`quick_actions_status`).
 */
export interface QuickActionOutcome {
  readonly commandsChanges: Record<string, unknown>;
  readonly messages: string[];
  readonly errorMessages: string[];
}

export const emptyOutcome = (): QuickActionOutcome => ({
  commandsChanges: {},
  messages: [],
  errorMessages: [],
});

/**
 * One command (with its aliases) for one kind of item: whether this user may use it on this item
 * as it is now (GitLab's `condition`: an unavailable command stays in the text as typed), what it
 * will do (the preview's explanation; null shows nothing), and doing it through the item's services.
 */
export interface QuickActionDefinition<Context extends Explain, Explain extends State, State> {
  readonly names: readonly string[];
  /** Reads only the state before any command ran, so that a new item's commands can be found first. */
  available(state: State): boolean;
  /** Reads the state and the item's container: a new item's preview explains before it exists. */
  explain(context: Explain, params: string): Promise<string | null>;
  execute(context: Context, params: string, outcome: QuickActionOutcome): Promise<void>;
}

/** GitLab's answer when a service refuses the change a command asked for. */
export const NO_PERMISSION = "You don't have sufficient permission to perform this action.";

/** A refused service call as the message the comment form shows; anything else is a bug and rethrown. */
export function failureMessage(error: unknown): string {
  if (!(error instanceof ServiceError)) throw error;
  return error.kind === 'forbidden' || error.kind === 'unauthorized' ? NO_PERMISSION : error.message;
}

/**
 * The existing labels with these titles among the group's own and its ancestors' (the nearest wins),
 * in the order named; unknown titles are skipped, as GitLab's find_labels skips them (a quick action
 * never creates a label).
 */
export async function findLabelsByTitles(
  db: Executor,
  group: NamespaceRow,
  titles: readonly string[],
): Promise<LabelRow[]> {
  const found = await findGroupLabelsByTitles(db, group.traversal_ids, titles.slice(0, 100));
  const depth = (label: LabelRow) => group.traversal_ids.indexOf(label.group_id ?? -1);
  const nearest = new Map<string, LabelRow>();
  for (const label of found) {
    const known = nearest.get(label.title);
    if (!known || depth(label) > depth(known)) nearest.set(label.title, label);
  }
  return titles.flatMap((title) => nearest.get(title) ?? []);
}

/** A definition whose explanation and message do not depend on its params. */
export function fixedAction<Context extends Explain, Explain extends State, State>(
  names: readonly string[],
  texts: { readonly explanation: string; readonly message: string },
  available: (state: State) => boolean,
  run: (context: Context, outcome: QuickActionOutcome) => Promise<void>,
): QuickActionDefinition<Context, Explain, State> {
  return {
    names,
    available,
    explain: async () => texts.explanation,
    execute: async (context, _params, outcome) => {
      await run(context, outcome);
      outcome.messages.push(texts.message);
    },
  };
}
