import {
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { UPLOAD_TEXTS } from '../../../core/domain/uploads.ts';
import { uploadMarkdownFile } from '../../data/index.ts';
import { Icon } from '../../ui/index.ts';
import { applyMarkdownShortcut, shortcutOfKey } from '../discussions/markdownShortcuts.ts';
import { GfmSuggestionList, gfmOptionId } from './GfmSuggestionList.tsx';
import { ISSUABLE_TEXT } from './issuableTexts.ts';
import { filesOf, useMarkdownUploads } from './markdownUploads.ts';
import { prepareTaskCheckboxes } from './taskCheckboxes.ts';
import { useGfmAutocomplete, useGfmSources } from './useGfmAutocomplete.ts';
import { useSuggestionPosition } from './useSuggestionPosition.ts';

/** What a form may do to its markdown field from outside: focus it, or insert text at the caret. */
export interface MarkdownFieldHandle {
  focus(): void;
  insert(text: string): void;
}

/**
 * A markdown textarea with GitLab's Write / Preview tabs; the preview is rendered and sanitised by the
 * server (`preview_markdown`), exactly as the saved text will be. The editing shortcuts of the spec
 * work in it: mod+b, mod+i, mod+shift+x, mod+k, and ctrl/cmd+shift+p toggles the preview. Under a
 * page that gives suggestion sources (an issue's, an epic's), GitLab's GFM autocomplete opens after
 * `@ # & % ~ :` and a line-starting `/`; the textarea is then its combobox. Where the page gives
 * an uploads path, files dropped, pasted or chosen with 'Attach a file or image' are uploaded and
 * linked at the caret (images as images).
 */
export function MarkdownField({
  value,
  onChange,
  onKeyDown,
  previewMarkdown,
  disabled,
  label = ISSUABLE_TEXT.description,
  placeholder = ISSUABLE_TEXT.descriptionPlaceholder,
  rows = 12,
  testId = 'issuable-description-input',
  tabsTestId = 'markdown',
  handle,
}: {
  value: string;
  onChange: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  /** The server's rendering of `text` (GitLab's preview_markdown); keep it stable across renders. */
  previewMarkdown: (text: string, signal: AbortSignal) => Promise<string>;
  disabled: boolean;
  label?: string;
  placeholder?: string;
  rows?: number;
  testId?: string;
  /** Prefix of the tabs' and preview's test ids, when a page holds more than one field. */
  tabsTestId?: string;
  handle?: Ref<MarkdownFieldHandle>;
}) {
  const id = useId();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);
  const sources = useGfmSources();
  const gfm = useGfmAutocomplete(value, sources);
  const listboxId = `${id}-gfm`;
  const listPosition = useSuggestionPosition(textarea, gfm.match?.start ?? null);
  const uploadsPath = useMarkdownUploads();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<readonly string[]>([]);
  const [uploadNotice, setUploadNotice] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  // An upload ends after other edits: it inserts into the text as it is then, at the caret then.
  const latestValue = useRef(value);
  latestValue.current = value;

  useEffect(() => {
    const selection = pendingSelection.current;
    if (selection && textarea.current) {
      textarea.current.setSelectionRange(selection[0], selection[1]);
      pendingSelection.current = null;
    }
  });

  useImperativeHandle(handle, () => ({
    focus: () => {
      setTab('write');
      textarea.current?.focus();
    },
    insert: (text: string) => {
      const element = textarea.current;
      const at = element?.selectionStart ?? value.length;
      const before = value.slice(0, at);
      const separator = before === '' || before.endsWith('\n') ? '' : '\n';
      onChange(before + separator + text + value.slice(at));
      pendingSelection.current = [at + separator.length + text.length, at + separator.length + text.length];
      setTab('write');
      element?.focus();
    },
  }));

  const insertAtCaret = (text: string) => {
    const current = latestValue.current;
    const at = textarea.current?.selectionEnd ?? current.length;
    const before = current.slice(0, at);
    const separator = before === '' || /\s$/.test(before) ? '' : ' ';
    const next = `${before}${separator}${text}${current.slice(at)}`;
    latestValue.current = next;
    pendingSelection.current = [at + separator.length + text.length, at + separator.length + text.length];
    onChange(next);
  };

  const attach = async (files: readonly File[]) => {
    if (!uploadsPath || disabled || files.length === 0) return;
    setUploadNotice(null);
    for (const file of files) {
      setUploading((names) => [...names, file.name]);
      try {
        const attached = await uploadMarkdownFile(uploadsPath, file);
        insertAtCaret(attached.markdown);
        setUploadNotice({ kind: 'done', text: UPLOAD_TEXTS.attached(file.name) });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        setUploadNotice({ kind: 'failed', text: UPLOAD_TEXTS.failed(file.name, reason) });
      } finally {
        setUploading((names) => names.filter((name) => name !== file.name));
      }
    }
  };
  const dropFiles = (event: DragEvent<HTMLTextAreaElement>) => {
    const files = filesOf(event.dataTransfer);
    if (!uploadsPath || files.length === 0) return;
    event.preventDefault();
    void attach(files);
  };
  const pasteFiles = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = filesOf(event.clipboardData);
    if (!uploadsPath || files.length === 0) return;
    event.preventDefault();
    void attach(files);
  };

  const keys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const completion = gfm.handleKey(event);
    if (completion !== null) {
      event.preventDefault();
      // Escape closes the list only; the form around must not cancel too.
      event.stopPropagation();
      if (completion !== 'handled') {
        pendingSelection.current = [completion.caret, completion.caret];
        gfm.setCaret(completion.caret);
        onChange(completion.value);
      }
      return;
    }
    const shortcut = shortcutOfKey(event);
    if (shortcut) {
      event.preventDefault();
      const target = event.currentTarget;
      const edit = applyMarkdownShortcut(
        { value, selectionStart: target.selectionStart, selectionEnd: target.selectionEnd },
        shortcut,
      );
      pendingSelection.current = [edit.selectionStart, edit.selectionEnd];
      onChange(edit.value);
      return;
    }
    onKeyDown(event);
  };

  const previewPanel = useRef<HTMLDivElement>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    (tab === 'write' ? textarea.current : previewPanel.current)?.focus();
  }, [tab]);
  // Anywhere in the field (the textarea or the preview), ctrl/cmd+shift+p switches Write and Preview.
  const togglePreviewKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'p') {
      event.preventDefault();
      toggled.current = true;
      setTab((current) => (current === 'write' ? 'preview' : 'write'));
    }
  };
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
      data-testid={`${tabsTestId}-${name}-tab`}
    >
      {label}
    </button>
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the shortcut is a convenience; the tabs are the control
    <div className="md-field" onKeyDown={togglePreviewKey}>
      <div role="tablist" aria-label={label} className="md-tabs">
        {tabButton('write', ISSUABLE_TEXT.write)}
        {tabButton('preview', ISSUABLE_TEXT.preview)}
      </div>
      <div id={`${id}-write`} role="tabpanel" aria-labelledby={`${id}-write-tab`} hidden={tab !== 'write'}>
        <label htmlFor={`${id}-textarea`} className="sr-only">
          {label}
        </label>
        <div className="md-input-wrap">
          <textarea
            ref={textarea}
            id={`${id}-textarea`}
            className="input md-textarea"
            value={value}
            placeholder={`${placeholder}${uploadsPath ? ISSUABLE_TEXT.dragFiles : ISSUABLE_TEXT.ellipsis}`}
            onDrop={dropFiles}
            onPaste={pasteFiles}
            onChange={(event) => {
              gfm.setCaret(event.target.selectionStart);
              onChange(event.target.value);
            }}
            onKeyDown={keys}
            onSelect={(event) => gfm.setCaret(event.currentTarget.selectionStart)}
            onBlur={() => gfm.setCaret(null)}
            disabled={disabled}
            rows={rows}
            data-testid={testId}
            {...(sources
              ? {
                  role: 'combobox',
                  'aria-autocomplete': 'list' as const,
                  'aria-expanded': gfm.match !== null,
                  'aria-controls': gfm.match ? listboxId : undefined,
                  'aria-activedescendant':
                    gfm.match && gfm.items.length > 0 ? gfmOptionId(listboxId, gfm.active) : undefined,
                }
              : {})}
          />
          {gfm.match ? (
            <GfmSuggestionList
              listboxId={listboxId}
              items={gfm.items}
              active={gfm.active}
              loading={gfm.loading}
              position={listPosition}
              onHighlight={gfm.setActive}
              onPick={(index) => {
                const edit = gfm.pick(index);
                if (!edit) return;
                pendingSelection.current = [edit.caret, edit.caret];
                gfm.setCaret(edit.caret);
                onChange(edit.value);
              }}
            />
          ) : null}
        </div>
        {uploadsPath ? (
          <div className="md-attach">
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = '';
                void attach(files);
              }}
              data-testid={`${tabsTestId}-attach-input`}
            />
            <button
              type="button"
              className="btn btn-tertiary md-attach-button"
              disabled={disabled}
              onClick={() => fileInput.current?.click()}
              data-testid={`${tabsTestId}-attach`}
            >
              <Icon name="paperclip" />
              {UPLOAD_TEXTS.attach}
            </button>
            <p className="md-attach-status" role="status" data-testid={`${tabsTestId}-attach-status`}>
              {uploading.length > 0 ? (
                UPLOAD_TEXTS.uploading(uploading.join(', '))
              ) : uploadNotice ? (
                <span className={uploadNotice.kind === 'failed' ? 'text-danger' : 'muted'}>
                  {uploadNotice.text}
                </span>
              ) : null}
            </p>
          </div>
        ) : null}
      </div>
      <div
        id={`${id}-preview`}
        role="tabpanel"
        aria-labelledby={`${id}-preview-tab`}
        hidden={tab !== 'preview'}
        ref={previewPanel}
        tabIndex={-1}
        className="md-preview"
        data-testid={`${tabsTestId}-preview`}
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
