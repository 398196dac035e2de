/**
 * `/:project/-/issue_templates`: the project's issue description templates, for Maintainers and up:
 * list, add, edit (name and markdown content) and delete, through the templates REST resource.
 */
import { useState } from 'react';
import { newIssuePath, projectIssuesPath, projectIssueTemplatesPath } from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import {
  deleteIssueTemplate,
  type IssueTemplate,
  saveIssueTemplate,
  useIssueTemplates,
  usePageSettled,
} from '../../data/index.ts';
import { useWrites } from '../../lib/index.ts';
import { Alert, Button, Dialog, Loading, useDocumentTitle } from '../../ui/index.ts';
import { TEMPLATES_TEXT } from './issueTemplatesTexts.ts';
import { TemplateForm } from './TemplateForm.tsx';

export type IssueTemplatesPageProps = PageMountOf<'issue-templates'>;

/** The form's subject: a new template, or the one called `currentName`. */
type Editing = { readonly currentName?: string; readonly template: IssueTemplate };

export function IssueTemplatesPage(props: IssueTemplatesPageProps) {
  const { fullPath, projectId, projectName } = props;
  const templates = useIssueTemplates(projectId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const { busy, error, notice, run, showError } = useWrites(templates.reload);
  useDocumentTitle(TEMPLATES_TEXT.pageTitle, projectName);
  usePageSettled(!templates.loading && !busy);

  const save = async (template: IssueTemplate) => {
    const done = await run(async () => {
      const saved = await saveIssueTemplate(projectId, template, editing?.currentName);
      return TEMPLATES_TEXT.saved(saved.name);
    });
    if (done) setEditing(null);
  };
  const startEdit = async (name: string) => {
    showError(null);
    try {
      setEditing({ currentName: name, template: await templates.fetchTemplate(name) });
    } catch (failure) {
      showError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  const remove = async (name: string) => {
    setDeleting(null);
    await run(async () => {
      await deleteIssueTemplate(projectId, name);
      return TEMPLATES_TEXT.deleted(name);
    });
  };

  return (
    <>
      <PageHeader
        crumbs={[
          ...projectCrumbs(fullPath, projectName, props.projectFullName),
          { label: 'Issues', href: projectIssuesPath(fullPath) },
          { label: TEMPLATES_TEXT.pageTitle, href: projectIssueTemplatesPath(fullPath) },
        ]}
        title={TEMPLATES_TEXT.pageTitle}
        actions={
          editing ? null : (
            <Button
              variant="confirm"
              onClick={() => setEditing({ template: { name: '', content: '' } })}
              data-testid="new-template"
            >
              {TEMPLATES_TEXT.newTemplate}
            </Button>
          )
        }
      >
        <p className="page-description">{TEMPLATES_TEXT.intro}</p>
      </PageHeader>
      {error ? (
        <Alert variant="danger" testId="templates-error">
          {error}
        </Alert>
      ) : null}
      {notice ? (
        <p className="muted" role="status" data-testid="templates-notice">
          {notice}
        </p>
      ) : null}
      {editing ? (
        <TemplateForm
          key={editing.currentName ?? ''}
          fullPath={fullPath}
          initial={editing.template}
          saving={busy}
          onSave={(template) => void save(template)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {templates.failed ? <Alert variant="danger">{TEMPLATES_TEXT.loadFailed}</Alert> : null}
      {templates.loading && templates.templates.length === 0 ? <Loading label="Loading templates" /> : null}
      {!templates.loading && !templates.failed && templates.templates.length === 0 ? (
        <p className="muted">{TEMPLATES_TEXT.empty}</p>
      ) : null}
      <ul className="template-list" data-testid="template-list">
        {templates.templates.map(({ key, name }) => (
          <li key={key} className="template-row" data-testid="template-row">
            <span className="template-name">{name}</span>
            <span className="template-actions">
              <a className="btn btn-tertiary" href={newIssuePath(fullPath, name)}>
                {TEMPLATES_TEXT.use}
              </a>
              <Button
                onClick={() => void startEdit(name)}
                disabled={busy}
                aria-label={`${TEMPLATES_TEXT.edit} ${name}`}
              >
                {TEMPLATES_TEXT.edit}
              </Button>
              <Button
                onClick={() => setDeleting(name)}
                disabled={busy}
                aria-label={`${TEMPLATES_TEXT.delete} ${name}`}
              >
                {TEMPLATES_TEXT.delete}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <Dialog
        open={deleting !== null}
        title={TEMPLATES_TEXT.deleteTitle}
        onClose={() => setDeleting(null)}
        testId="template-delete-dialog"
      >
        <p>{TEMPLATES_TEXT.deleteBody(deleting ?? '')}</p>
        <div className="dialog-actions">
          <Button onClick={() => setDeleting(null)}>{TEMPLATES_TEXT.cancel}</Button>
          <Button variant="danger" onClick={() => deleting && void remove(deleting)}>
            {TEMPLATES_TEXT.delete}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
