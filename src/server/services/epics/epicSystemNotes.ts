import {
  colorChangedNote,
  confidentialityChangedNote,
  datesChangedNote,
  descriptionChangedNote,
  labelsChangedNote,
  stateChangedNote,
  titleChangedNote,
} from '../../../core/domain/systemNotes.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import type { Executor } from '../../db/executor.ts';
import { findLabelsOfTargets } from '../../db/repositories/labelRepository.ts';
import type { EpicRow, LabelRow } from '../../db/schema.ts';
import { noteEpicParentChange } from '../discussions/relationNotes.ts';
import {
  epicTarget,
  type NoteAuthorship,
  writeDescriptionChange,
  writeSystemNotes,
} from '../discussions/systemNoteService.ts';

/**
 * The system notes of an epic save (GitLab's Epics::UpdateService), written by updateEpic in the
 * save's transaction whichever API made it: title, description (kept as a version), state,
 * confidentiality, colour, labels, the dates in use and the parent epic.
 */

export interface EpicBefore {
  readonly row: EpicRow;
  /** Null when the save does not touch labels. */
  readonly labels: readonly LabelRow[] | null;
}

export async function epicBefore(db: Executor, row: EpicRow, touchesLabels: boolean): Promise<EpicBefore> {
  const labels = touchesLabels ? ((await findLabelsOfTargets(db, 'Epic', [row.id])).get(row.id) ?? []) : null;
  return { row, labels };
}

export async function recordEpicChanges(
  db: Executor,
  before: EpicBefore,
  after: EpicRow,
  by: NoteAuthorship,
): Promise<void> {
  const target = epicTarget(after);
  const old = before.row;
  if (old.title !== after.title) {
    await writeSystemNotes(db, target, by, [titleChangedNote(old.title, after.title)]);
  }
  if (old.description !== after.description) {
    await writeDescriptionChange(db, target, by, {
      from: old.description,
      to: after.description,
      note: descriptionChangedNote(),
    });
  }
  let labels = null;
  if (before.labels !== null) {
    const now = (await findLabelsOfTargets(db, 'Epic', [after.id])).get(after.id) ?? [];
    const had = new Set(before.labels.map((label) => label.id));
    const has = new Set(now.map((label) => label.id));
    labels = labelsChangedNote(
      now.filter((label) => !had.has(label.id)),
      before.labels.filter((label) => !has.has(label.id)),
    );
  }
  const date = (value: string | null) => value as CalendarDate | null;
  await writeSystemNotes(db, target, by, [
    old.state !== after.state ? stateChangedNote(after.state === 'closed' ? 'closed' : 'reopened') : null,
    old.confidential !== after.confidential ? confidentialityChangedNote('epic', after.confidential) : null,
    old.color !== after.color ? colorChangedNote(old.color, after.color) : null,
    labels,
    datesChangedNote({
      startDate: { from: date(old.start_date), to: date(after.start_date) },
      dueDate: { from: date(old.due_date), to: date(after.due_date) },
    }),
  ]);
  await noteEpicParentChange(db, by, after, old.parent_id, after.parent_id);
}
