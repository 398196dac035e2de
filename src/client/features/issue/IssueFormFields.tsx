import { type IssuableEditor, TemplateSelector } from '../../components/issuable/index.ts';
import { useIssueTemplates } from '../../data/index.ts';
import { IssueTypeField } from './IssueTypeField.tsx';

/**
 * What the issue's edit form has beyond title and description (GitLab's issue form): the type
 * selector for those who may change it, and the project's description templates. The templates are
 * read when the form opens, not with the page.
 */
export function IssueFormFields({
  editor,
  projectId,
  canChangeType,
}: {
  editor: IssuableEditor;
  projectId: string;
  canChangeType: boolean;
}) {
  const templates = useIssueTemplates(projectId);
  return (
    <>
      {canChangeType ? <IssueTypeField editor={editor} /> : null}
      <TemplateSelector
        templates={templates}
        description={editor.form.description}
        onApply={(template) => editor.change('description', template.content)}
        disabled={editor.saving}
      />
    </>
  );
}
