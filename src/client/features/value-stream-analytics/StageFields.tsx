/**
 * One stage in the value stream form. A default stage shows its name and may be hidden or moved; a
 * custom one is named and given a start and an end event (the end limited to what the start
 * allows), with a label for label events, and may be removed. Problems show under their field.
 */
import { type ReactElement, useId } from 'react';
import type { StageEvent, VsaLabel } from '../../data/index.ts';
import { Button } from '../../ui/index.ts';
import { endEvents, eventOf, type FieldErrors, type FormStage, startEvents } from './valueStreamForm.ts';
import { VSA_TEXT } from './vsaTexts.ts';

export interface StageChanges {
  readonly onChange: (change: Partial<Omit<FormStage, 'key' | 'id' | 'custom'>>) => void;
  readonly onMove: (delta: -1 | 1) => void;
  readonly onToggleHidden: () => void;
  readonly onRemove: () => void;
}

export function StageFields({
  stage,
  index,
  count,
  events,
  labels,
  errors,
  changes,
}: {
  stage: FormStage;
  index: number;
  count: number;
  events: readonly StageEvent[];
  labels: readonly VsaLabel[];
  errors: FieldErrors | undefined;
  changes: StageChanges;
}) {
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const problem = (name: string) => errors?.[name]?.join(', ') || undefined;
  const heading = stage.custom ? stage.name || `${VSA_TEXT.customStage} ${index + 1}` : stage.name;
  const start = eventOf(events, stage.startEventIdentifier);
  const end = eventOf(events, stage.endEventIdentifier);
  return (
    <li
      className={`vsa-form-stage${stage.hidden ? ' is-hidden' : ''}`}
      aria-label={heading}
      data-testid="vsa-form-stage"
    >
      <div className="vsa-form-stage-header">
        <span className="vsa-form-stage-heading">
          {stage.custom ? null : <span className="vsa-form-stage-name">{stage.name}</span>}
          <span className="vsa-form-stage-kind muted">
            {stage.custom ? VSA_TEXT.customStage : VSA_TEXT.defaultStage}
            {stage.hidden ? ` · ${VSA_TEXT.hidden}` : ''}
          </span>
        </span>
        <div className="vsa-form-stage-actions">
          <Button
            variant="tertiary"
            icon="arrowUp"
            iconOnly
            aria-label={`${VSA_TEXT.moveUp}: ${heading}`}
            disabled={index === 0}
            onClick={() => changes.onMove(-1)}
          />
          <Button
            variant="tertiary"
            icon="arrowDown"
            iconOnly
            aria-label={`${VSA_TEXT.moveDown}: ${heading}`}
            disabled={index === count - 1}
            onClick={() => changes.onMove(1)}
          />
          {stage.custom ? (
            <Button
              variant="tertiary"
              icon="trash"
              iconOnly
              aria-label={`${VSA_TEXT.removeStage}: ${heading}`}
              onClick={changes.onRemove}
              data-testid="vsa-form-remove-stage"
            />
          ) : (
            <Button
              variant="tertiary"
              icon={stage.hidden ? 'eye' : 'eyeSlash'}
              aria-pressed={stage.hidden}
              onClick={changes.onToggleHidden}
              data-testid="vsa-form-hide-stage"
            >
              {stage.hidden ? VSA_TEXT.showStage : VSA_TEXT.hideStage}
              <span className="sr-only">: {heading}</span>
            </Button>
          )}
        </div>
      </div>
      {stage.custom ? (
        <div className="vsa-form-stage-fields">
          <Field id={field('name')} label={VSA_TEXT.stageName} problem={problem('name')}>
            <input
              id={field('name')}
              className="input"
              value={stage.name}
              maxLength={255}
              aria-invalid={problem('name') ? true : undefined}
              onChange={(event) => changes.onChange({ name: event.target.value })}
              data-testid="vsa-form-stage-name"
            />
          </Field>
          <Field id={field('start')} label={VSA_TEXT.startEvent} problem={problem('start_event_identifier')}>
            <select
              id={field('start')}
              className="select"
              value={stage.startEventIdentifier}
              aria-invalid={problem('start_event_identifier') ? true : undefined}
              onChange={(event) => changes.onChange({ startEventIdentifier: event.target.value })}
              data-testid="vsa-form-start-event"
            >
              <option value="">{VSA_TEXT.selectStartEvent}</option>
              {startEvents(events).map((event) => (
                <option key={event.identifier} value={event.identifier}>
                  {event.name}
                </option>
              ))}
            </select>
          </Field>
          {start?.labelBased ? (
            <LabelSelect
              id={field('start-label')}
              label={VSA_TEXT.startEventLabel}
              labels={labels}
              value={stage.startEventLabelId}
              problem={problem('start_event_label_id')}
              onChange={(startEventLabelId) => changes.onChange({ startEventLabelId })}
              testId="vsa-form-start-label"
            />
          ) : null}
          <Field id={field('end')} label={VSA_TEXT.endEvent} problem={problem('end_event_identifier')}>
            <select
              id={field('end')}
              className="select"
              value={stage.endEventIdentifier}
              disabled={!start}
              aria-invalid={problem('end_event_identifier') ? true : undefined}
              onChange={(event) => changes.onChange({ endEventIdentifier: event.target.value })}
              data-testid="vsa-form-end-event"
            >
              <option value="">{start ? VSA_TEXT.selectEndEvent : VSA_TEXT.selectStartFirst}</option>
              {endEvents(events, stage.startEventIdentifier).map((event) => (
                <option key={event.identifier} value={event.identifier}>
                  {event.name}
                </option>
              ))}
            </select>
          </Field>
          {end?.labelBased ? (
            <LabelSelect
              id={field('end-label')}
              label={VSA_TEXT.endEventLabel}
              labels={labels}
              value={stage.endEventLabelId}
              problem={problem('end_event_label_id')}
              onChange={(endEventLabelId) => changes.onChange({ endEventLabelId })}
              testId="vsa-form-end-label"
            />
          ) : null}
        </div>
      ) : problem('name') ? (
        <p className="form-error" role="alert">
          {problem('name')}
        </p>
      ) : null}
    </li>
  );
}

function Field({
  id,
  label,
  problem,
  children,
}: {
  id: string;
  label: string;
  problem: string | undefined;
  children: ReactElement;
}) {
  return (
    <div className="vsa-form-field">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
      {problem ? (
        <p className="form-error" data-testid="vsa-form-field-error">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function LabelSelect({
  id,
  label,
  labels,
  value,
  problem,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  labels: readonly VsaLabel[];
  value: number | null;
  problem: string | undefined;
  onChange: (labelId: number | null) => void;
  testId: string;
}) {
  return (
    <Field id={id} label={label} problem={problem}>
      <select
        id={id}
        className="select"
        value={value === null ? '' : String(value)}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
        data-testid={testId}
      >
        <option value="">{VSA_TEXT.selectLabel}</option>
        {labels.map((one) => (
          <option key={one.id} value={one.id}>
            {one.title}
          </option>
        ))}
      </select>
    </Field>
  );
}
