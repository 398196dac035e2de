/**
 * GitLab's value stream form, in a modal: a new stream (from the default template or none) or the
 * chosen custom stream's edit. The client checks first; the server's 422 shows next to the fields.
 */
import { useId, useState } from 'react';
import {
  createValueStream,
  fetchLabelSuggestions,
  type StageEvent,
  updateValueStream,
  useReloadable,
  type ValueStream,
} from '../../data/index.ts';
import { Alert, Button, Dialog } from '../../ui/index.ts';
import { StageFields } from './StageFields.tsx';
import {
  addStage,
  type DraftErrors,
  draftErrors,
  draftInput,
  draftOf,
  hasDraftErrors,
  moveStage,
  NO_ERRORS,
  newDraft,
  removeStage,
  serverErrors,
  toggleHidden,
  updateStage,
  type ValueStreamDraft,
  withName,
} from './valueStreamForm.ts';
import { VSA_TEXT } from './vsaTexts.ts';

export type FormMode = { readonly kind: 'create' } | { readonly kind: 'edit'; readonly stream: ValueStream };

export function ValueStreamFormDialog({
  fullPath,
  mode,
  template,
  events,
  onSaved,
  onClose,
}: {
  fullPath: string;
  mode: FormMode;
  /** The default stream, whose stages the default template copies. */
  template: ValueStream | null;
  events: readonly StageEvent[];
  onSaved: (stream: ValueStream, created: boolean) => void;
  onClose: () => void;
}) {
  const ids = { name: useId(), nameError: useId(), template: useId() };
  const [useTemplate, setUseTemplate] = useState(true);
  const [draft, setDraft] = useState<ValueStreamDraft>(() =>
    mode.kind === 'edit' ? draftOf(mode.stream) : newDraft(template),
  );
  const [errors, setErrors] = useState<DraftErrors>(NO_ERRORS);
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const labels = useReloadable(JSON.stringify(['vsa-form-labels', fullPath]), (signal) =>
    fetchLabelSuggestions({ fullPath, search: '' }, signal),
  );
  const creating = mode.kind === 'create';
  const title = creating ? VSA_TEXT.newValueStream : VSA_TEXT.editValueStream;

  const change = (next: ValueStreamDraft) => {
    setDraft(next);
    // Once the person has tried to save, problems follow their changes.
    if (errors !== NO_ERRORS) setErrors(draftErrors(next, events));
  };

  const submit = async () => {
    const found = draftErrors(draft, events);
    if (hasDraftErrors(found)) {
      setErrors(found);
      return;
    }
    setSaving(true);
    setMessage(null);
    const input = draftInput(draft);
    const answer =
      mode.kind === 'edit'
        ? await updateValueStream(fullPath, mode.stream.id, input)
        : await createValueStream(fullPath, input);
    setSaving(false);
    if (answer.ok) {
      onSaved(answer.value, creating);
      return;
    }
    setErrors(serverErrors(answer.error));
    setMessage(answer.error.message);
  };

  return (
    <Dialog open title={title} onClose={onClose} testId="vsa-form" className="vsa-form-dialog">
      <form
        className="vsa-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {message ? (
          <Alert variant="danger" testId="vsa-form-message">
            {message}
          </Alert>
        ) : null}
        <div className="vsa-form-field">
          <label htmlFor={ids.name} className="form-label">
            {VSA_TEXT.formName}
          </label>
          <input
            id={ids.name}
            className="input"
            value={draft.name}
            placeholder={VSA_TEXT.formNamePlaceholder}
            maxLength={100}
            aria-invalid={errors.name.length > 0 ? true : undefined}
            aria-describedby={errors.name.length > 0 ? ids.nameError : undefined}
            onChange={(event) => change(withName(draft, event.target.value))}
            data-testid="vsa-form-name"
          />
          {errors.name.length > 0 ? (
            <p id={ids.nameError} className="form-error" data-testid="vsa-form-name-error">
              {errors.name.join(', ')}
            </p>
          ) : null}
        </div>
        {creating ? (
          <fieldset className="vsa-form-template">
            <legend className="sr-only">Template</legend>
            {[true, false].map((fromDefaults) => (
              <label key={String(fromDefaults)} className="vsa-form-radio">
                <input
                  type="radio"
                  name={ids.template}
                  checked={useTemplate === fromDefaults}
                  onChange={() => {
                    setUseTemplate(fromDefaults);
                    change({ ...newDraft(fromDefaults ? template : null), name: draft.name });
                  }}
                />
                {fromDefaults ? VSA_TEXT.fromDefaultTemplate : VSA_TEXT.fromNoTemplate}
              </label>
            ))}
            {useTemplate ? <p className="muted">{VSA_TEXT.defaultTemplateHelp}</p> : null}
          </fieldset>
        ) : null}
        <h3 className="vsa-form-stages-title">{VSA_TEXT.stages}</h3>
        <ol className="vsa-form-stages">
          {draft.stages.map((stage, index) => (
            <StageFields
              key={stage.key}
              stage={stage}
              index={index}
              count={draft.stages.length}
              events={events}
              labels={labels.value ?? []}
              errors={errors.stages[index]}
              changes={{
                onChange: (patch) => change(updateStage(draft, index, patch, events)),
                onMove: (delta) => change(moveStage(draft, index, delta)),
                onToggleHidden: () => change(toggleHidden(draft, index)),
                onRemove: () => change(removeStage(draft, index)),
              }}
            />
          ))}
        </ol>
        <Button icon="todoAdd" onClick={() => change(addStage(draft))} data-testid="vsa-form-add-stage">
          {VSA_TEXT.addStage}
        </Button>
        <div className="vsa-form-footer">
          <Button onClick={onClose}>{VSA_TEXT.cancel}</Button>
          <Button type="submit" variant="confirm" disabled={saving} data-testid="vsa-form-submit">
            {saving ? VSA_TEXT.saving : creating ? VSA_TEXT.create : VSA_TEXT.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
