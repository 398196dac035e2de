import { type DragEvent, useId, useRef, useState } from 'react';
import { formatSize } from '../../../../core/domain/formats.ts';
import type { MetricImageLinkFields, MetricImages } from '../../../data/index.ts';
import { INCIDENT_TEXT } from './incidentTexts.ts';
import { MetricImageDetailsDialog } from './MetricImageDetailsDialog.tsx';

const ACCEPTED = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * GitLab's metric image drop zone: drop a file on it or pick one with the file picker, then give it
 * an optional text and link in the details dialog, which uploads it with a progress bar.
 */
export function MetricImageUpload({
  upload,
  maxBytes,
}: {
  upload: MetricImages['upload'];
  /** The largest file the server takes (0: not told, and not said). */
  maxBytes: number;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) setFile(dropped);
  };

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is the mouse's shortcut; the file picker inside is the way in for everyone */}
      <div
        className={dragging ? 'metric-dropzone metric-dropzone-active' : 'metric-dropzone'}
        data-testid="metric-image-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPTED}
          className="sr-only metric-dropzone-input"
          data-testid="metric-image-file-input"
          onChange={(event) => {
            const picked = event.currentTarget.files?.[0];
            if (picked) setFile(picked);
            // The same file may be picked again after a refusal.
            event.currentTarget.value = '';
          }}
        />
        {dragging ? (
          <p>{INCIDENT_TEXT.dropping}</p>
        ) : (
          <p>
            {INCIDENT_TEXT.dropDescriptionBefore}
            <label htmlFor={inputId} className="metric-dropzone-link">
              {INCIDENT_TEXT.dropDescriptionLink}
            </label>
            {INCIDENT_TEXT.dropDescriptionAfter}
          </p>
        )}
        {maxBytes > 0 ? (
          <p className="muted metric-dropzone-limits" data-testid="metric-image-limits">
            {INCIDENT_TEXT.acceptedFiles(formatSize(maxBytes))}
          </p>
        ) : null}
      </div>
      <MetricImageDetailsDialog
        open={file !== null}
        title={INCIDENT_TEXT.addDetailsTitle}
        confirm={INCIDENT_TEXT.upload}
        initial={{ url: '', urlText: '' }}
        file={file}
        testId="metric-image-upload-dialog"
        onClose={() => setFile(null)}
        onSubmit={async (link: MetricImageLinkFields, chosen, onProgress) => {
          if (chosen) await upload(chosen, link, onProgress);
          setFile(null);
        }}
      />
    </>
  );
}
