import { nounFor } from '../../../../core/domain/plural.ts';
import { labelReference, labelTitlesOf } from '../../../../core/domain/quickActions.ts';
import { formatCalendarDate } from '../../../../core/time/formatting.ts';
import { parseNaturalDate } from '../../../../core/time/naturalDate.ts';
import type { LabelRow } from '../../../db/schema.ts';
import type { ItemActionKind, ItemActionState, ItemExplainContext } from './itemActionKind.ts';
import { findLabelsByTitles, fixedAction, type QuickActionDefinition } from './quickActionTypes.ts';

const labelsText = (labels: readonly LabelRow[]) =>
  `${labels.map((label) => labelReference(label.title)).join(' ')} ${nounFor(labels.length, 'label')}`;

const idsOf = (labels: readonly LabelRow[]) => labels.map((label) => label.id);

/**
 * The commands on an item's own fields that issues and epics share (GitLab's IssuableActions and
 * the new look's `/due`): state, title, labels, confidentiality and due date, each saved through
 * the kind's services.
 */
export function itemFieldActions<
  Context extends Explain,
  Explain extends State & ItemExplainContext,
  State extends ItemActionState,
>(kind: ItemActionKind<Context, Explain, State>): QuickActionDefinition<Context, Explain, State>[] {
  type Action = QuickActionDefinition<Context, Explain, State>;
  const { noun } = kind;
  const removable = (state: State) =>
    kind.persisted(state) && state.labels.length > 0 && kind.canSetMetadata(state);
  const labelsOf = (context: Explain, params: string) =>
    findLabelsByTitles(context.db, kind.labelGroup(context), labelTitlesOf(params));

  const close = fixedAction<Context, Explain, State>(
    ['close'],
    { explanation: `Closes this ${noun}.`, message: `Closed this ${noun}.` },
    (state) => kind.persisted(state) && kind.isOpen(state) && kind.canUpdate(state),
    async (context, outcome) => {
      await kind.save(context, { stateEvent: 'close' });
      outcome.commandsChanges.state_event = 'close';
    },
  );

  const reopen = fixedAction<Context, Explain, State>(
    ['reopen'],
    { explanation: `Reopens this ${noun}.`, message: `Reopened this ${noun}.` },
    (state) => kind.persisted(state) && !kind.isOpen(state) && kind.canUpdate(state),
    async (context, outcome) => {
      await kind.save(context, { stateEvent: 'reopen' });
      outcome.commandsChanges.state_event = 'reopen';
    },
  );

  const title: Action = {
    names: ['title'],
    available: (state) => kind.persisted(state) && kind.canUpdate(state),
    explain: async (_context, params) => (params === '' ? null : `Changes the title to "${params}".`),
    execute: async (context, params, outcome) => {
      if (params === '') return;
      await kind.save(context, { title: params });
      outcome.commandsChanges.title = params;
      outcome.messages.push(`Changed the title to "${params}".`);
    },
  };

  const label: Action = {
    names: ['label', 'labels'],
    available: (state) => kind.canSetMetadata(state) && state.anyLabel,
    explain: async (context, params) => {
      const labels = await labelsOf(context, params);
      return labels.length ? `Adds ${labelsText(labels)}.` : null;
    },
    execute: async (context, params, outcome) => {
      const labels = await labelsOf(context, params);
      if (labels.length === 0) return;
      await kind.save(context, { addLabelIds: idsOf(labels) });
      outcome.commandsChanges.add_label_ids = idsOf(labels);
      outcome.messages.push(`Added ${labelsText(labels)}.`);
    },
  };

  const unlabel: Action = {
    names: ['unlabel', 'remove_label'],
    available: removable,
    explain: async (context, params) => {
      const labels = params === '' ? [] : await labelsOf(context, params);
      return labels.length ? `Removes ${labelsText(labels)}.` : 'Removes all labels.';
    },
    execute: async (context, params, outcome) => {
      if (params === '') {
        await kind.replaceLabels(context, []);
        outcome.commandsChanges.label_ids = [];
        outcome.messages.push('Removed all labels.');
        return;
      }
      const labels = await labelsOf(context, params);
      if (labels.length === 0) return;
      await kind.save(context, { removeLabelIds: idsOf(labels) });
      outcome.commandsChanges.remove_label_ids = idsOf(labels);
      outcome.messages.push(`Removed ${labelsText(labels)}.`);
    },
  };

  const relabel: Action = {
    names: ['relabel'],
    available: removable,
    explain: async (context, params) => {
      const labels = await labelsOf(context, params);
      return labels.length ? `Replaces all labels with ${labelsText(labels)}.` : null;
    },
    execute: async (context, params, outcome) => {
      const labels = await labelsOf(context, params);
      if (labels.length === 0) return;
      await kind.replaceLabels(context, labels);
      outcome.commandsChanges.label_ids = idsOf(labels);
      outcome.messages.push(`Replaced all labels with ${labelsText(labels)}.`);
    },
  };

  const confidential = fixedAction<Context, Explain, State>(
    ['confidential'],
    { explanation: `Makes this ${noun} confidential.`, message: `Made this ${noun} confidential.` },
    (state) => !kind.isConfidential(state) && kind.canSetMetadata(state),
    async (context, outcome) => {
      await kind.save(context, { confidential: true });
      outcome.commandsChanges.confidential = true;
    },
  );

  const due: Action = {
    names: ['due'],
    available: (state) => kind.canSetMetadata(state),
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
      await kind.setDueDate(context, date);
      outcome.commandsChanges.due_date = date;
      outcome.messages.push(`Set the due date to ${formatCalendarDate(date)}.`);
    },
  };

  return [close, reopen, title, label, unlabel, relabel, confidential, due];
}
