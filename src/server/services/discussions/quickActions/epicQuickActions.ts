import { nounFor } from '../../../../core/domain/plural.ts';
import { labelReference, labelTitlesOf } from '../../../../core/domain/quickActions.ts';
import { formatCalendarDate } from '../../../../core/time/formatting.ts';
import { parseNaturalDate } from '../../../../core/time/naturalDate.ts';
import type { LabelRow } from '../../../db/schema.ts';
import type { EpicChanges } from '../../epics/epicChanges.ts';
import { updateEpic } from '../../epics/epicCommands.ts';
import { setEpicSubscription } from '../../subscriptionService.ts';
import { addEpicTodo, markAllOwnTodosDone } from '../../todoService.ts';
import { reactAction } from './awardActions.ts';
import type { EpicActionContext } from './epicActionContext.ts';
import { epicRelationActions } from './epicRelationActions.ts';
import { findLabelsByTitles, fixedAction, type QuickActionDefinition } from './quickActionTypes.ts';

/**
 * An epic's quick actions (GitLab's IssuableActions for epics and the new epic look's `/due`), each
 * changing the epic through updateEpic or the to-do and subscription services, as its sidebar does.
 */

type EpicAction = QuickActionDefinition<EpicActionContext, EpicActionContext, EpicActionContext>;

/** GitLab's set_epic_metadata and update_epic are one right here: the epic sidebar's update_epic. */
const canUpdate = (context: EpicActionContext) => context.canUpdate;

async function save(context: EpicActionContext, changes: EpicChanges): Promise<void> {
  context.epic = await updateEpic(context.db, context.access, context.group, context.epic, changes);
}

const labelsText = (labels: readonly LabelRow[]) =>
  `${labels.map((label) => labelReference(label.title)).join(' ')} ${nounFor(labels.length, 'label')}`;

const labelsOf = (context: EpicActionContext, params: string) =>
  findLabelsByTitles(context.db, context.group, labelTitlesOf(params));

const label: EpicAction = {
  names: ['label', 'labels'],
  available: (context) => canUpdate(context) && context.anyLabel,
  explain: async (context, params) => {
    const labels = await labelsOf(context, params);
    return labels.length ? `Adds ${labelsText(labels)}.` : null;
  },
  execute: async (context, params, outcome) => {
    const labels = await labelsOf(context, params);
    if (labels.length === 0) return;
    await save(context, { addLabelIds: labels.map((row) => row.id) });
    outcome.commandsChanges.add_label_ids = labels.map((row) => row.id);
    outcome.messages.push(`Added ${labelsText(labels)}.`);
  },
};

const unlabel: EpicAction = {
  names: ['unlabel', 'remove_label'],
  available: (context) => context.labels.length > 0 && canUpdate(context),
  explain: async (context, params) => {
    const labels = params === '' ? [] : await labelsOf(context, params);
    return labels.length ? `Removes ${labelsText(labels)}.` : 'Removes all labels.';
  },
  execute: async (context, params, outcome) => {
    if (params === '') {
      await save(context, { labels: [] });
      outcome.commandsChanges.label_ids = [];
      outcome.messages.push('Removed all labels.');
      return;
    }
    const labels = await labelsOf(context, params);
    if (labels.length === 0) return;
    await save(context, { removeLabelIds: labels.map((row) => row.id) });
    outcome.commandsChanges.remove_label_ids = labels.map((row) => row.id);
    outcome.messages.push(`Removed ${labelsText(labels)}.`);
  },
};

const relabel: EpicAction = {
  names: ['relabel'],
  available: (context) => context.labels.length > 0 && canUpdate(context),
  explain: async (context, params) => {
    const labels = await labelsOf(context, params);
    return labels.length ? `Replaces all labels with ${labelsText(labels)}.` : null;
  },
  execute: async (context, params, outcome) => {
    const labels = await labelsOf(context, params);
    if (labels.length === 0) return;
    await save(context, { labels: labels.map((row) => row.title) });
    outcome.commandsChanges.label_ids = labels.map((row) => row.id);
    outcome.messages.push(`Replaced all labels with ${labelsText(labels)}.`);
  },
};

const close = fixedAction<EpicActionContext, EpicActionContext, EpicActionContext>(
  ['close'],
  { explanation: 'Closes this epic.', message: 'Closed this epic.' },
  (context) => context.epic.state === 'opened' && canUpdate(context),
  async (context, outcome) => {
    await save(context, { stateEvent: 'close' });
    outcome.commandsChanges.state_event = 'close';
  },
);

const reopen = fixedAction<EpicActionContext, EpicActionContext, EpicActionContext>(
  ['reopen'],
  { explanation: 'Reopens this epic.', message: 'Reopened this epic.' },
  (context) => context.epic.state === 'closed' && canUpdate(context),
  async (context, outcome) => {
    await save(context, { stateEvent: 'reopen' });
    outcome.commandsChanges.state_event = 'reopen';
  },
);

const title: EpicAction = {
  names: ['title'],
  available: canUpdate,
  explain: async (_context, params) => (params === '' ? null : `Changes the title to "${params}".`),
  execute: async (context, params, outcome) => {
    if (params === '') return;
    await save(context, { title: params });
    outcome.commandsChanges.title = params;
    outcome.messages.push(`Changed the title to "${params}".`);
  },
};

const confidential = fixedAction<EpicActionContext, EpicActionContext, EpicActionContext>(
  ['confidential'],
  { explanation: 'Makes this epic confidential.', message: 'Made this epic confidential.' },
  (context) => !context.epic.confidential && canUpdate(context),
  async (context, outcome) => {
    await save(context, { confidential: true });
    outcome.commandsChanges.confidential = true;
  },
);

/** The new epic look's `/due`: a fixed due date, as the epic sidebar's date picker sets it. */
const due: EpicAction = {
  names: ['due'],
  available: canUpdate,
  explain: async (context, params) => {
    const date = parseNaturalDate(params, context.today);
    return date ? `Sets the due date to ${formatCalendarDate(date)}.` : null;
  },
  execute: async (context, params, outcome) => {
    const date = parseNaturalDate(params, context.today);
    if (!date) {
      outcome.errorMessages.push('Failed to set due date because the date format is invalid.');
      return;
    }
    await save(context, { dueDateFixed: date, dueDateIsFixed: true });
    outcome.commandsChanges.due_date = date;
    outcome.messages.push(`Set the due date to ${formatCalendarDate(date)}.`);
  },
};

const todo = fixedAction<EpicActionContext, EpicActionContext, EpicActionContext>(
  ['todo'],
  { explanation: 'Adds a to-do item.', message: 'Added a to-do item.' },
  (context) => !context.pendingTodo,
  async (context, outcome) => {
    await addEpicTodo(context.db, context.access, context.group, context.epic, context.access.now());
    outcome.commandsChanges.todo_event = 'add';
  },
);

const done = fixedAction<EpicActionContext, EpicActionContext, EpicActionContext>(
  ['done'],
  { explanation: 'Marks to-do item as done.', message: 'Marked to-do item as done.' },
  (context) => context.pendingTodo,
  async (context, outcome) => {
    const target = { type: 'Epic' as const, id: context.epic.id };
    await markAllOwnTodosDone(context.db, context.access, context.access.now(), target);
    outcome.commandsChanges.todo_event = 'done';
  },
);

const subscribe = fixedAction<EpicActionContext, EpicActionContext, EpicActionContext>(
  ['subscribe'],
  { explanation: 'Subscribes to notifications.', message: 'Subscribed to notifications.' },
  (context) => !context.subscribed,
  async (context, outcome) => {
    await setEpicSubscription(context.db, context.access, context.epic, true);
    outcome.commandsChanges.subscription_event = 'subscribe';
  },
);

const unsubscribe = fixedAction<EpicActionContext, EpicActionContext, EpicActionContext>(
  ['unsubscribe'],
  { explanation: 'Unsubscribes from notifications.', message: 'Unsubscribed from notifications.' },
  (context) => context.subscribed,
  async (context, outcome) => {
    await setEpicSubscription(context.db, context.access, context.epic, false);
    outcome.commandsChanges.subscription_event = 'unsubscribe';
  },
);

/** Every quick action an epic knows. */
export const EPIC_QUICK_ACTIONS: readonly EpicAction[] = [
  close,
  reopen,
  title,
  label,
  unlabel,
  relabel,
  confidential,
  due,
  todo,
  done,
  subscribe,
  unsubscribe,
  reactAction(
    () => true,
    (context) => ({ type: 'Epic', group: context.group, epic: context.epic }),
  ),
  ...epicRelationActions,
];
