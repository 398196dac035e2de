import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { ISSUABLE_TEXT } from './issuableTexts.ts';
import { prepareTaskCheckboxes } from './taskCheckboxes.ts';

/**
 * A markdown textarea with GitLab's Write / Preview tabs; the preview is rendered and sanitised by the
 * server (`preview_markdown`), exactly as the saved description will be.
 */
export function MarkdownField({
  value,
  onChange,
  onKeyDown,
  previewMarkdown,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  /** The server's rendering of `text` (GitLab's preview_markdown); keep it stable across renders. */
  previewMarkdown: (text: string, signal: AbortSignal) => Promise<string>;
  disabled: boolean;
}) {
  const id = useId();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<{ html: string } | 'loading' | 'failed'>('loading');

  useEffect(() => {
    if (tab !== 'preview' || value.trim() === '') return;
    const controller = new AbortController();
    setPreview('loading');
    previewMarkdown(value, controller.signal)
      .then((html) => setPreview({ html }))
      .catch(() => {
        if (!controller.signal.aborted) setPreview('failed');
      });
    return () => controller.abort();
  }, [tab, value, previewMarkdown]);

  const tabButton = (name: 'write' | 'preview', label: string) => (
    <button
      type="button"
      role="tab"
      id={`${id}-${name}-tab`}
      aria-selected={tab === name}
      aria-controls={`${id}-${name}`}
      className={`md-tab${tab === name ? ' is-active' : ''}`}
      onClick={() => setTab(name)}
      data-testid={`markdown-${name}-tab`}
    >
      {label}
    </button>
  );

  return (
    <div className="md-field">
      <div role="tablist" aria-label={ISSUABLE_TEXT.description} className="md-tabs">
        {tabButton('write', ISSUABLE_TEXT.write)}
        {tabButton('preview', ISSUABLE_TEXT.preview)}
      </div>
      <div id={`${id}-write`} role="tabpanel" aria-labelledby={`${id}-write-tab`} hidden={tab !== 'write'}>
        <label htmlFor={`${id}-textarea`} className="sr-only">
          {ISSUABLE_TEXT.description}
        </label>
        <textarea
          id={`${id}-textarea`}
          className="input md-textarea"
          value={value}
          placeholder={ISSUABLE_TEXT.descriptionPlaceholder}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={disabled}
          rows={12}
          data-testid="issuable-description-input"
        />
      </div>
      <div
        id={`${id}-preview`}
        role="tabpanel"
        aria-labelledby={`${id}-preview-tab`}
        hidden={tab !== 'preview'}
        className="md-preview"
        data-testid="markdown-preview"
        aria-busy={tab === 'preview' && preview === 'loading'}
      >
        {tab !== 'preview' ? null : value.trim() === '' ? (
          <p className="muted">{ISSUABLE_TEXT.nothingToPreview}</p>
        ) : preview === 'loading' ? (
          <p className="muted">{ISSUABLE_TEXT.loadingPreview}</p>
        ) : preview === 'failed' ? (
          <p className="text-danger">{ISSUABLE_TEXT.previewFailed}</p>
        ) : (
          <div
            className="md"
            ref={(element) => {
              if (element) prepareTaskCheckboxes(element, false);
            }}
            // Rendered and sanitised by the server's markdown renderer (an allowlist), never by the browser.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised markdown HTML
            dangerouslySetInnerHTML={{ __html: preview.html }}
          />
        )}
      </div>
    </div>
  );
}
