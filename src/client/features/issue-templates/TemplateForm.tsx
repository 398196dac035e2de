import { type FormEvent, useCallback, useId, useState } from 'react';
import { TEMPLATE_NAME_MAX_LENGTH } from '../../../core/domain/issueTemplates.ts';
import { projectMarkdownPreviewPath } from '../../../core/domain/webPaths.ts';
import { MarkdownField } from '../../components/issuable/index.ts';
import { type IssueTemplate, previewMarkdown } from '../../data/index.ts';
import { Button } from '../../ui/index.ts';
import { TEMPLATES_TEXT } from './issueTemplatesTexts.ts';

/** Name and markdown content of a template being added or changed; the server validates the save. */
export function TemplateForm({
  fullPath,
  initial,
  saving,
  onSave,
  onCancel,
}: {
  fullPath: string;
  initial: IssueTemplate;
  saving: boolean;
  onSave: (template: IssueTemplate) => void;
  onCancel: () => void;
}) {
  const nameId = useId();
  const [name, setName] = useState(initial.name);
  const [content, setContent] = useState(initial.content);
  const previewPath = projectMarkdownPreviewPath(fullPath);
  const preview = useCallback(
    (text: string, signal: AbortSignal) => previewMarkdown(previewPath, text, signal),
    [previewPath],
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ name, content });
  };
  return (
    <form className="form-stack template-form" onSubmit={submit} noValidate data-testid="template-form">
      <label htmlFor={nameId}>{TEMPLATES_TEXT.name}</label>
      <input
        id={nameId}
        className="input"
        value={name}
        maxLength={TEMPLATE_NAME_MAX_LENGTH}
        required
        // biome-ignore lint/a11y/noAutofocus: the form was opened to name the template
        autoFocus
        onChange={(event) => setName(event.target.value)}
        data-testid="template-name"
      />
      <span className="form-label">{TEMPLATES_TEXT.content}</span>
      <MarkdownField
        value={content}
        onChange={setContent}
        onKeyDown={() => undefined}
        previewMarkdown={preview}
        disabled={saving}
      />
      <div className="form-actions">
        <Button type="submit" variant="confirm" disabled={saving} data-testid="template-save">
          {saving ? TEMPLATES_TEXT.saving : TEMPLATES_TEXT.save}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          {TEMPLATES_TEXT.cancel}
        </Button>
      </div>
    </form>
  );
}
