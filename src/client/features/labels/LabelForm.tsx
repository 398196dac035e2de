import { type FormEvent, useId, useState } from 'react';
import type { LabelFields } from '../../data/index.ts';
import { Button, LabelChip } from '../../ui/index.ts';
import { LABELS_TEXT, SUGGESTED_COLORS } from './labelsTexts.ts';

/** The new / edit label form: title, description and colour, with a live preview of the chip. */
export function LabelForm({
  initial,
  isNew,
  saving,
  onSave,
  onCancel,
}: {
  initial: LabelFields;
  isNew: boolean;
  saving: boolean;
  onSave: (fields: LabelFields) => void;
  onCancel: () => void;
}) {
  const ids = { title: useId(), description: useId(), color: useId(), error: useId() };
  const [fields, setFields] = useState(initial);
  const [tried, setTried] = useState(false);
  const missingTitle = fields.title.trim() === '';
  const set = (field: keyof LabelFields, value: string) =>
    setFields((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!missingTitle) onSave({ ...fields, title: fields.title.trim() });
  };
  return (
    <form className="form-stack label-form" onSubmit={submit} noValidate data-testid="label-form">
      <h2>{isNew ? LABELS_TEXT.newLabel : LABELS_TEXT.editLabel}</h2>
      <label htmlFor={ids.title}>{LABELS_TEXT.title}</label>
      <input
        id={ids.title}
        className="input"
        value={fields.title}
        maxLength={255}
        onChange={(event) => set('title', event.target.value)}
        aria-invalid={tried && missingTitle}
        aria-describedby={tried && missingTitle ? ids.error : undefined}
        data-testid="label-title-input"
        // biome-ignore lint/a11y/noAutofocus: the form was opened to name a label.
        autoFocus
      />
      {tried && missingTitle ? (
        <p id={ids.error} className="issuable-form-error">
          {LABELS_TEXT.titleRequired}
        </p>
      ) : null}
      <label htmlFor={ids.description}>{LABELS_TEXT.description}</label>
      <textarea
        id={ids.description}
        className="input"
        rows={2}
        maxLength={1024}
        value={fields.description}
        onChange={(event) => set('description', event.target.value)}
      />
      <label htmlFor={ids.color}>{LABELS_TEXT.color}</label>
      <div className="label-color-row">
        <input
          id={ids.color}
          type="color"
          className="label-color-input"
          value={fields.color.length === 7 ? fields.color : '#428bca'}
          onChange={(event) => set('color', event.target.value)}
          data-testid="label-color-input"
        />
        <input
          className="input label-color-text"
          aria-label={`${LABELS_TEXT.color} (hex)`}
          value={fields.color}
          maxLength={7}
          onChange={(event) => set('color', event.target.value)}
        />
        <LabelChip title={fields.title.trim() || LABELS_TEXT.title} color={fields.color} textColor="" />
      </div>
      <p className="muted">{LABELS_TEXT.colorHelp}</p>
      <div className="label-swatches">
        {SUGGESTED_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            className="label-swatch"
            style={{ background: color }}
            aria-label={color}
            aria-pressed={fields.color.toLowerCase() === color}
            onClick={() => set('color', color)}
          />
        ))}
      </div>
      <div className="issuable-form-actions">
        <Button type="submit" variant="confirm" disabled={saving} data-testid="label-save">
          {isNew ? LABELS_TEXT.create : LABELS_TEXT.save}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          {LABELS_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
