import { type FormEvent, useId, useState } from 'react';
import { Field } from '../../components/forms/index.ts';
import { createGeoSite, type GeoSite, type GeoSiteRefusal, updateGeoSite } from '../../data/index.ts';
import { Alert, Button, Dialog } from '../../ui/index.ts';
import {
  draftOfSite,
  fieldProblem,
  fieldsOfDraft,
  type GeoSiteDraft,
  refusalSummary,
  shownFields,
} from './geoSiteDraft.ts';
import { GEO_TEXT } from './geoTexts.ts';

/**
 * GitLab's site form in a dialog: add a site (POST) or change one (PUT). The server's refusals
 * show beside their fields, word for word; those of fields the form does not show, above it.
 */
export function GeoSiteFormDialog({
  site,
  newDraft,
  onClose,
  onSaved,
}: {
  /** The site to change; null to add one. */
  site: GeoSite | null;
  /** What a new site starts from. */
  newDraft: GeoSiteDraft;
  onClose: () => void;
  onSaved: (site: GeoSite, added: boolean) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<GeoSiteDraft>(() => (site ? draftOfSite(site) : newDraft));
  const [refusal, setRefusal] = useState<GeoSiteRefusal | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof GeoSiteDraft>(key: K, value: GeoSiteDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = fieldsOfDraft(draft);
    if (!fields.ok) {
      setRefusal(fields.error);
      return;
    }
    setBusy(true);
    setRefusal(null);
    let result: Awaited<ReturnType<typeof createGeoSite>>;
    try {
      result = site ? await updateGeoSite(site.id, fields.value) : await createGeoSite(fields.value);
    } catch (failure) {
      result = {
        ok: false,
        error: { fields: {}, message: failure instanceof Error ? failure.message : String(failure) },
      };
    }
    setBusy(false);
    if (result.ok) onSaved(result.value, site === null);
    else setRefusal(result.error);
  };

  const problem = (field: string) => fieldProblem(refusal, field);
  const summary = refusalSummary(refusal, shownFields(draft));
  const textInput = (key: 'name' | 'url' | 'internalUrl', field: string, autoFocus = false) => (
    <input
      id={`${id}-${field}`}
      className="input"
      value={draft[key]}
      onChange={(event) => set(key, event.target.value)}
      aria-invalid={problem(field) ? true : undefined}
      maxLength={255}
      autoComplete="off"
      spellCheck={false}
      // The dialog focuses what carries `autofocus` as it opens (React only focuses on mount, before it opens).
      ref={autoFocus ? (element) => element?.setAttribute('autofocus', '') : undefined}
      data-testid={`geo-form-${field}`}
    />
  );
  const numberInput = (key: 'filesMaxCapacity' | 'verificationMaxCapacity', field: string) => (
    <input
      id={`${id}-${field}`}
      className="input geo-form-number"
      inputMode="numeric"
      value={draft[key]}
      onChange={(event) => set(key, event.target.value)}
      aria-invalid={problem(field) ? true : undefined}
      data-testid={`geo-form-${field}`}
    />
  );

  return (
    <Dialog
      open
      title={site ? GEO_TEXT.editSite : GEO_TEXT.addSite}
      onClose={onClose}
      testId="geo-site-form"
      className="geo-form-dialog"
    >
      <form className="geo-form" onSubmit={submit} noValidate>
        {summary ? (
          <Alert variant="danger" testId="geo-form-error">
            {summary}
          </Alert>
        ) : null}
        <Field
          id={`${id}-name`}
          label={GEO_TEXT.siteName}
          help={GEO_TEXT.siteNameHelp}
          problem={problem('name')}
        >
          {textInput('name', 'name', true)}
        </Field>
        <Field
          id={`${id}-url`}
          label={GEO_TEXT.externalUrl}
          help={GEO_TEXT.externalUrlHelp}
          problem={problem('url')}
        >
          {textInput('url', 'url')}
        </Field>
        <div className="form-stack-field">
          <label className="checkbox-row">
            <input
              type="checkbox"
              checked={draft.primary}
              onChange={(event) => set('primary', event.target.checked)}
              aria-invalid={problem('primary') ? true : undefined}
              data-testid="geo-form-primary"
            />
            {GEO_TEXT.primaryCheckbox}
          </label>
          {problem('primary') ? (
            <p className="form-error" role="alert">
              {problem('primary')}
            </p>
          ) : null}
        </div>
        <Field
          id={`${id}-internal_url`}
          label={GEO_TEXT.internalUrlOptional}
          help={GEO_TEXT.internalUrlHelp}
          problem={problem('internal_url')}
        >
          {textInput('internalUrl', 'internal_url')}
        </Field>
        <fieldset className="geo-form-tuning">
          <legend className="form-label">{GEO_TEXT.tuning}</legend>
          <p className="muted form-stack-help">{GEO_TEXT.tuningHelp}</p>
          {draft.primary ? null : (
            <Field
              id={`${id}-files_max_capacity`}
              label={GEO_TEXT.filesCapacity}
              problem={problem('files_max_capacity')}
            >
              {numberInput('filesMaxCapacity', 'files_max_capacity')}
            </Field>
          )}
          <Field
            id={`${id}-verification_max_capacity`}
            label={GEO_TEXT.verificationCapacity}
            problem={problem('verification_max_capacity')}
          >
            {numberInput('verificationMaxCapacity', 'verification_max_capacity')}
          </Field>
        </fieldset>
        <div className="dialog-actions">
          <Button onClick={onClose} disabled={busy}>
            {GEO_TEXT.cancel}
          </Button>
          <Button
            type="submit"
            variant="confirm"
            disabled={busy}
            aria-busy={busy}
            data-testid="geo-form-save"
          >
            {busy ? GEO_TEXT.saving : GEO_TEXT.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
