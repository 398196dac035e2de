import { type FormEvent, useEffect, useId, useState } from 'react';
import type { MetricImageLinkFields } from '../../../data/index.ts';
import { Alert, Button, Dialog } from '../../../ui/index.ts';
import { INCIDENT_TEXT } from './incidentTexts.ts';

/**
 * The image details dialog: the text and link shown with an image, and the file to upload (given
 * when adding; optional when editing, to replace the image). While a file uploads, a progress bar
 * shows the share sent; the server's refusal shows word for word and the dialog stays open.
 */
export function MetricImageDetailsDialog({
  open,
  title,
  confirm,
  initial,
  file,
  canReplace = false,
  testId,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  confirm: string;
  initial: MetricImageLinkFields;
  /** The file chosen before the dialog opened (adding), or null. */
  file: File | null;
  /** Editing: a new file may be chosen to replace the image. */
  canReplace?: boolean;
  testId: string;
  onClose: () => void;
  onSubmit: (
    link: MetricImageLinkFields,
    file: File | null,
    onProgress: (sent: number) => void,
  ) => Promise<void>;
}) {
  const [urlText, setUrlText] = useState(initial.urlText);
  const [url, setUrl] = useState(initial.url);
  const [replacement, setReplacement] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { text: useId(), link: useId(), file: useId(), help: useId() };

  useEffect(() => {
    if (!open) return;
    setUrlText(initial.urlText);
    setUrl(initial.url);
    setReplacement(null);
    setProgress(null);
    setError(null);
  }, [open, initial.url, initial.urlText]);

  const chosen = file ?? replacement;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setProgress(chosen ? 0 : null);
    try {
      await onSubmit({ url: url.trim(), urlText: urlText.trim() }, chosen, setProgress);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setProgress(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} title={title} onClose={busy ? () => undefined : onClose} testId={testId}>
      <form className="metric-image-form" onSubmit={(event) => void submit(event)}>
        <p id={ids.help} className="muted">
          {INCIDENT_TEXT.detailsDescription}
        </p>
        {file ? <p className="metric-image-form-file">{file.name}</p> : null}
        {error ? (
          <Alert variant="danger" testId="metric-image-error">
            {error}
          </Alert>
        ) : null}
        <div className="form-field">
          <label htmlFor={ids.text}>{INCIDENT_TEXT.textLabel}</label>
          <input
            id={ids.text}
            className="input"
            value={urlText}
            maxLength={128}
            aria-describedby={ids.help}
            onChange={(event) => setUrlText(event.currentTarget.value)}
            data-testid="metric-image-text"
          />
        </div>
        <div className="form-field">
          <label htmlFor={ids.link}>{INCIDENT_TEXT.linkLabel}</label>
          <input
            id={ids.link}
            className="input"
            type="url"
            value={url}
            maxLength={255}
            placeholder="https://"
            onChange={(event) => setUrl(event.currentTarget.value)}
            data-testid="metric-image-url"
          />
        </div>
        {canReplace ? (
          <div className="form-field">
            <label htmlFor={ids.file}>{INCIDENT_TEXT.replaceLabel}</label>
            <input
              id={ids.file}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(event) => setReplacement(event.currentTarget.files?.[0] ?? null)}
              data-testid="metric-image-replace-input"
            />
          </div>
        ) : null}
        {progress !== null ? (
          <div className="metric-upload-progress">
            <progress
              max={1}
              value={progress}
              aria-label={INCIDENT_TEXT.uploadProgress}
              data-testid="metric-image-progress"
            />
            <span className="muted">{INCIDENT_TEXT.uploading}</span>
          </div>
        ) : null}
        <div className="dialog-actions">
          <Button onClick={onClose} disabled={busy}>
            {INCIDENT_TEXT.cancel}
          </Button>
          <Button
            type="submit"
            variant="confirm"
            disabled={busy}
            aria-busy={busy}
            data-testid="metric-image-submit"
          >
            {confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
