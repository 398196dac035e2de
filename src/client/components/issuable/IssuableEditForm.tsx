import type { KeyboardEvent, ReactNode } from 'react';
import { Alert, Button, Dialog } from '../../ui/index.ts';
import { CONCURRENT_EDIT_MESSAGE, ISSUABLE_TEXT } from './issuableTexts.ts';
import { MarkdownField } from './MarkdownField.tsx';
import type { IssuableEditor } from './useIssuableEditor.ts';

/** Spec: "Ctrl or Cmd with Enter submits the description or the issue form. Esc cancels description edit." */
function submitOrCancelKeys(editor: IssuableEditor) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (editor.canSave) void editor.save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      editor.requestCancel();
    }
  };
}

/** The title editor: Enter submits, and bold/underline shortcuts are blocked (a title is plain text). */
function titleKeys(editor: IssuableEditor) {
  const common = submitOrCancelKeys(editor);
  return (event: KeyboardEvent<HTMLInputElement>) => {
    const key = event.key.toLowerCase();
    if ((event.ctrlKey || event.metaKey) && (key === 'b' || key === 'u')) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      if (editor.canSave) void editor.save();
      return;
    }
    common(event);
  };
}

/**
 * GitLab's title and description form: the concurrent-edit and outdated-draft warnings, the title
 * (Enter saves), the markdown description with its preview, Save / Cancel / Delete, and the
 * cancel-editing question. Drive it with `useIssuableEditor`.
 */
export function IssuableEditForm({
  editor,
  previewMarkdown,
  onDelete,
  extraFields,
}: {
  editor: IssuableEditor;
  previewMarkdown: (text: string, signal: AbortSignal) => Promise<string>;
  /** Fields of one kind of issuable between the title and the description (an issue's type). */
  extraFields?: ReactNode;
  /** The Delete button's action; no button without one. */
  onDelete?: (() => void) | undefined;
}) {
  return (
    <form
      className="issuable-form"
      data-testid="issuable-edit-form"
      aria-label={ISSUABLE_TEXT.editTitleAndDescription}
      onSubmit={(event) => {
        event.preventDefault();
        void editor.save();
      }}
    >
      {editor.lockedWarning ? (
        <Alert variant="danger" testId="issuable-locked-warning">
          {CONCURRENT_EDIT_MESSAGE}
        </Alert>
      ) : null}
      {editor.outdatedDraft ? (
        <div className="alert alert-warning" role="status" data-testid="issuable-outdated-warning">
          <div className="alert-body">
            <p>{ISSUABLE_TEXT.outdatedDescription}</p>
            <div className="alert-actions">
              <Button onClick={editor.keepDraft}>{ISSUABLE_TEXT.keep}</Button>
              <Button onClick={editor.discardDraft}>{ISSUABLE_TEXT.discard}</Button>
            </div>
          </div>
        </div>
      ) : null}
      <label className="issuable-form-label" htmlFor="issuable-title-input">
        {ISSUABLE_TEXT.title}
      </label>
      <input
        id="issuable-title-input"
        className="input issuable-title-input"
        value={editor.form.title}
        onChange={(event) => editor.change('title', event.target.value)}
        onKeyDown={titleKeys(editor)}
        disabled={editor.saving}
        aria-invalid={editor.form.title.trim() === ''}
        aria-describedby={editor.form.title.trim() === '' ? 'issuable-title-error' : undefined}
        data-testid="issuable-title-input"
        // biome-ignore lint/a11y/noAutofocus: the pencil asked to edit: the title is where the user goes.
        autoFocus
      />
      {editor.form.title.trim() === '' ? (
        <p id="issuable-title-error" className="issuable-form-error">
          {ISSUABLE_TEXT.titleRequired}
        </p>
      ) : null}
      {extraFields}
      <span className="issuable-form-label">{ISSUABLE_TEXT.description}</span>
      <MarkdownField
        value={editor.form.description}
        onChange={(value) => editor.change('description', value)}
        onKeyDown={submitOrCancelKeys(editor)}
        previewMarkdown={previewMarkdown}
        disabled={editor.saving}
      />
      <div className="issuable-form-actions">
        <Button type="submit" variant="confirm" disabled={!editor.canSave} data-testid="issuable-save">
          {editor.saving ? ISSUABLE_TEXT.saving : ISSUABLE_TEXT.saveChanges}
        </Button>
        <Button onClick={editor.requestCancel} disabled={editor.saving} data-testid="issuable-cancel">
          {ISSUABLE_TEXT.cancel}
        </Button>
        {onDelete ? (
          <Button
            variant="danger"
            className="issuable-form-delete"
            onClick={onDelete}
            data-testid="issuable-delete"
          >
            {ISSUABLE_TEXT.delete}
          </Button>
        ) : null}
      </div>
      <Dialog
        open={editor.confirmingCancel}
        title={ISSUABLE_TEXT.cancelEditingQuestion}
        onClose={editor.continueEditing}
        testId="issuable-cancel-dialog"
      >
        <div className="dialog-actions">
          <Button onClick={editor.continueEditing}>{ISSUABLE_TEXT.continueEditing}</Button>
          <Button variant="danger" onClick={editor.discardChanges}>
            {ISSUABLE_TEXT.discardChanges}
          </Button>
        </div>
      </Dialog>
    </form>
  );
}
