import { useState } from 'react';
import type { MetricImage, MetricImages } from '../../../data/index.ts';
import { Button, Dialog } from '../../../ui/index.ts';
import { INCIDENT_TEXT } from './incidentTexts.ts';
import { MetricImageDetailsDialog } from './MetricImageDetailsDialog.tsx';

/**
 * One metric image: its thumbnail and its text (a link when it has one; the file name when it has
 * no text), with Edit and Delete for those who may change the incident's images.
 */
export function MetricImageCard({
  image,
  images,
  canManage,
}: {
  image: MetricImage;
  images: MetricImages;
  canManage: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const caption = image.urlText ?? image.url ?? image.filename;

  return (
    <li className="metric-image-card" data-testid="metric-image">
      <figure>
        <a href={image.filePath} target="_blank" rel="noopener noreferrer" className="metric-image-thumb">
          <img src={image.filePath} alt={image.urlText ?? image.filename} loading="lazy" />
        </a>
        <figcaption className="metric-image-caption">
          {image.url ? (
            <a
              href={image.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              data-testid="metric-image-link"
            >
              {caption}
            </a>
          ) : (
            <span data-testid="metric-image-label">{caption}</span>
          )}
          {canManage ? (
            <span className="metric-image-actions">
              <Button
                variant="tertiary"
                icon="pencil"
                iconOnly
                aria-label={INCIDENT_TEXT.editImage}
                title={INCIDENT_TEXT.editImage}
                onClick={() => setEditing(true)}
                data-testid="metric-image-edit"
              />
              <Button
                variant="tertiary"
                icon="trash"
                iconOnly
                aria-label={INCIDENT_TEXT.deleteImage}
                title={INCIDENT_TEXT.deleteImage}
                onClick={() => {
                  setDeleteError(null);
                  setDeleting(true);
                }}
                data-testid="metric-image-delete"
              />
            </span>
          ) : null}
        </figcaption>
      </figure>
      {canManage ? (
        <>
          <MetricImageDetailsDialog
            open={editing}
            title={INCIDENT_TEXT.editDetailsTitle}
            confirm={INCIDENT_TEXT.update}
            initial={{ url: image.url ?? '', urlText: image.urlText ?? '' }}
            file={null}
            canReplace
            testId="metric-image-edit-dialog"
            onClose={() => setEditing(false)}
            onSubmit={async (link, replacement, onProgress) => {
              // Replacing is GitLab's upload of the new image, then the old one's deletion.
              if (replacement) {
                await images.upload(replacement, link, onProgress);
                await images.remove(image.id);
              } else {
                await images.update(image.id, link);
              }
              setEditing(false);
            }}
          />
          <DeleteMetricImageDialog
            open={deleting}
            error={deleteError}
            onClose={() => setDeleting(false)}
            onConfirm={async () => {
              try {
                await images.remove(image.id);
              } catch (failure) {
                setDeleteError(failure instanceof Error ? failure.message : String(failure));
              }
            }}
          />
        </>
      ) : null}
    </li>
  );
}

function DeleteMetricImageDialog({
  open,
  error,
  onClose,
  onConfirm,
}: {
  open: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      title={INCIDENT_TEXT.deleteTitle}
      onClose={onClose}
      testId="metric-image-delete-dialog"
    >
      <p>{INCIDENT_TEXT.deleteBody}</p>
      {error ? (
        <p className="metric-image-delete-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <Button onClick={onClose} disabled={busy}>
          {INCIDENT_TEXT.cancel}
        </Button>
        <Button
          variant="danger"
          disabled={busy}
          aria-busy={busy}
          data-testid="metric-image-delete-confirm"
          onClick={() => {
            setBusy(true);
            void onConfirm().finally(() => setBusy(false));
          }}
        >
          {INCIDENT_TEXT.delete}
        </Button>
      </div>
    </Dialog>
  );
}
