import { useState } from 'react';
import { deleteGeoSite, type GeoSite } from '../../data/index.ts';
import { Alert, Button, Dialog } from '../../ui/index.ts';
import { GEO_TEXT } from './geoTexts.ts';

/** GitLab's confirmation before a site is removed; a refusal shows in the dialog. */
export function RemoveGeoSiteDialog({
  site,
  onClose,
  onRemoved,
}: {
  site: GeoSite;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await deleteGeoSite(site.id);
      if (result.ok) {
        onRemoved();
        return;
      }
      setFailure(result.error || GEO_TEXT.removeFailed);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : GEO_TEXT.removeFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      title={site.primary ? GEO_TEXT.removePrimaryTitle : GEO_TEXT.removeSecondaryTitle}
      onClose={onClose}
      testId="geo-remove-dialog"
    >
      <p>{site.primary ? GEO_TEXT.removePrimary : GEO_TEXT.removeSecondary}</p>
      <p className="geo-remove-name">
        <strong>{site.name}</strong> <span className="muted geo-break">{site.url}</span>
      </p>
      {failure ? (
        <Alert variant="danger" testId="geo-remove-error">
          {failure}
        </Alert>
      ) : null}
      <div className="dialog-actions">
        <Button onClick={onClose} disabled={busy}>
          {GEO_TEXT.cancel}
        </Button>
        <Button
          variant="danger"
          onClick={() => void remove()}
          disabled={busy}
          aria-busy={busy}
          data-testid="geo-remove-confirm"
        >
          {GEO_TEXT.removeSite}
        </Button>
      </div>
    </Dialog>
  );
}
