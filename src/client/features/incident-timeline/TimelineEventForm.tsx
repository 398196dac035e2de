import { useId, useRef, useState } from 'react';
import {
  PREDEFINED_TIMELINE_EVENT_TAGS,
  TIMELINE_TEXT_MAX_LENGTH,
  textOfTags,
  timelineTextLength,
  utcDayOf,
  utcInstantOf,
} from '../../../core/domain/incidentTimeline.ts';
import type { TimelineEventChanges, TimelineWriteResult } from '../../data/index.ts';
import { systemClock } from '../../lib/clock.ts';
import { Alert, Button } from '../../ui/index.ts';
import { TIMELINE_TEXT } from './timelineTexts.ts';

interface FormValues {
  readonly day: string;
  readonly hour: string;
  readonly minute: string;
  readonly text: string;
  readonly tags: readonly string[];
}

/** The form's fields for an instant (now when adding): its UTC day, hour and minute. */
function valuesAt(instant: string, text: string, tags: readonly string[]): FormValues {
  const date = new Date(instant);
  return {
    day: utcDayOf(instant),
    hour: String(date.getUTCHours()),
    minute: String(date.getUTCMinutes()),
    text,
    tags,
  };
}

/**
 * GitLab's timeline event form: the date, the hour and minute in UTC, and the text with its
 * 280-character counter (read out politely as it changes). Adding offers "Save and add another
 * event", which keeps the form open and empty; the failure the server gives shows above the buttons.
 */
export function TimelineEventForm({
  initial,
  showSaveAndAdd,
  onSave,
  onCancel,
  failureText,
}: {
  /** The event being edited; none for a new one (now, empty). */
  readonly initial?:
    | { readonly occurredAt: string; readonly note: string; readonly tags: readonly string[] }
    | undefined;
  readonly showSaveAndAdd: boolean;
  readonly onSave: (changes: TimelineEventChanges, addAnother: boolean) => Promise<TimelineWriteResult>;
  readonly onCancel: () => void;
  readonly failureText: (error: string | null) => string;
}) {
  const [values, setValues] = useState<FormValues>(() =>
    valuesAt(
      initial?.occurredAt ?? systemClock.now().toISOString(),
      initial?.note ?? '',
      initial?.tags ?? [],
    ),
  );
  // GitLab writes the text for the chosen tags until a person types their own.
  const [textTyped, setTextTyped] = useState(initial !== undefined);
  const tagChoices = [...new Set([...PREDEFINED_TIMELINE_EVENT_TAGS, ...(initial?.tags ?? [])])];
  const toggleTag = (tag: string, chosen: boolean) =>
    setValues((current) => {
      const tags = tagChoices.filter((name) => (name === tag ? chosen : current.tags.includes(name)));
      return { ...current, tags, text: textTyped ? current.text : textOfTags(tags) };
    });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const ids = {
    date: useId(),
    hours: useId(),
    minutes: useId(),
    text: useId(),
    hint: useId(),
  };

  const remaining = TIMELINE_TEXT_MAX_LENGTH - timelineTextLength(values.text);
  const occurredAt = utcInstantOf(values.day, Number(values.hour), Number(values.minute));
  const valid = values.text.trim() !== '' && remaining >= 0 && occurredAt !== null;
  const set = (field: keyof FormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const save = async (addAnother: boolean) => {
    if (!valid || busy) return;
    setBusy(true);
    setFailure(null);
    const answer = await onSave(
      { note: values.text, occurredAt, timelineEventTagNames: values.tags },
      addAnother,
    );
    setBusy(false);
    if (!answer.ok) {
      setFailure(failureText(answer.error));
      return;
    }
    if (addAnother) {
      setValues(valuesAt(systemClock.now().toISOString(), '', []));
      setTextTyped(false);
      textRef.current?.focus();
    }
  };

  return (
    <form
      className="timeline-form"
      data-testid="timeline-event-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save(false);
      }}
    >
      <div className="timeline-form-when">
        <div className="timeline-form-field">
          <label htmlFor={ids.date}>{TIMELINE_TEXT.date}</label>
          <input
            id={ids.date}
            type="date"
            className="input"
            value={values.day}
            required
            onChange={set('day')}
            data-testid="timeline-input-date"
          />
        </div>
        <fieldset className="timeline-form-field timeline-form-time">
          <legend>{TIMELINE_TEXT.time}</legend>
          <label htmlFor={ids.hours} className="sr-only">
            {TIMELINE_TEXT.hours}
          </label>
          <input
            id={ids.hours}
            type="number"
            className="input"
            min={0}
            max={23}
            value={values.hour}
            required
            onChange={set('hour')}
            data-testid="timeline-input-hours"
          />
          <label htmlFor={ids.minutes} className="sr-only">
            {TIMELINE_TEXT.minutes}
          </label>
          <input
            id={ids.minutes}
            type="number"
            className="input"
            min={0}
            max={59}
            value={values.minute}
            required
            onChange={set('minute')}
            data-testid="timeline-input-minutes"
          />
          <span className="muted">{TIMELINE_TEXT.utc}</span>
        </fieldset>
      </div>
      {occurredAt === null ? <p className="timeline-form-invalid">{TIMELINE_TEXT.invalidTime}</p> : null}
      <fieldset className="timeline-form-field timeline-form-tags" data-testid="timeline-tags">
        <legend>{TIMELINE_TEXT.tagsLabel}</legend>
        {tagChoices.map((tag) => (
          <label key={tag} className="timeline-form-tag">
            <input
              type="checkbox"
              checked={values.tags.includes(tag)}
              onChange={(event) => toggleTag(tag, event.target.checked)}
            />
            {tag}
          </label>
        ))}
      </fieldset>
      <div className="timeline-form-field">
        <label htmlFor={ids.text}>{TIMELINE_TEXT.areaLabel}</label>
        <div className="timeline-form-text">
          <textarea
            id={ids.text}
            ref={textRef}
            className="input"
            rows={3}
            value={values.text}
            placeholder={TIMELINE_TEXT.areaPlaceholder}
            maxLength={TIMELINE_TEXT_MAX_LENGTH}
            aria-describedby={ids.hint}
            onChange={(event) => {
              setTextTyped(true);
              set('text')(event);
            }}
            // biome-ignore lint/a11y/noAutofocus: the form opens on request; its text is what comes next
            autoFocus
            data-testid="timeline-input-note"
          />
          <span aria-hidden="true" className="timeline-form-counter" data-testid="timeline-text-remaining">
            {remaining}
          </span>
        </div>
        <span id={ids.hint} className="sr-only">
          {TIMELINE_TEXT.hint}
        </span>
        <span role="status" className="sr-only">
          {TIMELINE_TEXT.textRemaining(remaining)}
        </span>
      </div>
      {failure ? (
        <Alert variant="danger" testId="timeline-form-error">
          {failure}
        </Alert>
      ) : null}
      <div className="timeline-form-buttons">
        <Button
          type="submit"
          variant="confirm"
          disabled={!valid || busy}
          aria-busy={busy}
          data-testid="timeline-save"
        >
          {TIMELINE_TEXT.save}
        </Button>
        {showSaveAndAdd ? (
          <Button
            disabled={!valid || busy}
            onClick={() => void save(true)}
            data-testid="timeline-save-and-add"
          >
            {TIMELINE_TEXT.saveAndAdd}
          </Button>
        ) : null}
        <Button variant="tertiary" disabled={busy} onClick={onCancel} data-testid="timeline-cancel">
          {TIMELINE_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
