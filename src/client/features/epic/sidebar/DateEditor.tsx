/**
 * The date picker of a date block: the browser's date input (YYYY-MM-DD, with the min and max the
 * other date allows), a note when the chosen day is past, and a refusal before sending when the
 * day is incomplete or breaks the start < due order.
 */
import { type FormEvent, useId, useState } from 'react';
import { err } from '../../../../core/lib/result.ts';
import { type CalendarDate, parseCalendarDate } from '../../../../core/time/calendarDate.ts';
import { SIDEBAR_TEXT } from '../../../components/sidebar/index.ts';
import type { EpicDateKind } from '../../../data/index.ts';
import { Button } from '../../../ui/index.ts';
import { checkDateChoice, type DateBounds, type DateChoice, isPastDate } from './epicDates.ts';

export function DateEditor({
  kind,
  initial,
  other,
  bounds,
  today,
  onApply,
  onCancel,
}: {
  kind: EpicDateKind;
  initial: CalendarDate | null;
  /** The other date in effect, which this one must stay on the right side of. */
  other: CalendarDate | null;
  bounds: DateBounds;
  today: CalendarDate;
  onApply: (date: CalendarDate | null) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState<string>(initial ?? '');
  // The browser reports a half-typed day as an empty value with `badInput` set.
  const [incomplete, setIncomplete] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const noteId = useId();
  const problemId = useId();
  const chosen = parseCalendarDate(value);
  const past = chosen !== undefined && isPastDate(chosen, today);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const choice: DateChoice = incomplete ? err('invalid') : checkDateChoice(kind, value, other);
    if (!choice.ok) {
      setProblem(choice.error === 'order' ? SIDEBAR_TEXT.dateOrder : SIDEBAR_TEXT.dateInvalid);
      return;
    }
    onApply(choice.value);
  };

  return (
    <form
      className="sidebar-form"
      // The order check below explains itself; the browser's own min/max bubble would not.
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
      data-testid={`sidebar-${kind}-date-form`}
    >
      <label htmlFor={inputId} className="sidebar-form-label">
        {SIDEBAR_TEXT.chooseDate(kind)}
      </label>
      <input
        id={inputId}
        type="date"
        className={past ? 'input sidebar-date-input is-past' : 'input sidebar-date-input'}
        value={value}
        min={bounds.min ?? undefined}
        max={bounds.max ?? undefined}
        aria-invalid={problem !== null}
        aria-describedby={
          [past ? noteId : '', problem ? problemId : ''].filter(Boolean).join(' ') || undefined
        }
        // biome-ignore lint/a11y/noAutofocus: the person asked for the editor; focus goes to its only field.
        autoFocus
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setIncomplete(event.currentTarget.validity.badInput);
          setProblem(null);
        }}
      />
      {past ? (
        <p id={noteId} className="sidebar-past-note">
          {SIDEBAR_TEXT.pastDate}
        </p>
      ) : null}
      {problem ? (
        <p id={problemId} className="sidebar-field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="sidebar-form-actions">
        <Button type="submit" variant="confirm">
          {SIDEBAR_TEXT.apply}
        </Button>
        <Button onClick={onCancel}>{SIDEBAR_TEXT.cancel}</Button>
      </div>
    </form>
  );
}
