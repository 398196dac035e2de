/**
 * `/:project/-/issues/new`: GitLab's new-issue form. Title, type (Incident only for those who may
 * create incidents), a description template, the markdown description with its preview,
 * confidentiality, and for those who may set them the team's metadata; created through GitLab's
 * REST API, then the new issue's page opens.
 */
import { type FormEvent, type KeyboardEvent, useCallback, useId, useState } from 'react';
import { issueWebPath, projectIssuesPath } from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { MarkdownField, TemplateSelector } from '../../components/issuable/index.ts';
import { PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import { createProjectIssue, previewMarkdown, useIssueTemplates, usePageSettled } from '../../data/index.ts';
import { Alert, Button, useDocumentTitle } from '../../ui/index.ts';
import { EMPTY_METADATA, type IssueMetadataDraft, IssueMetadataFields } from './IssueMetadataFields.tsx';
import { newIssueProblem, weightOf } from './newIssueForm.ts';
import { NEW_ISSUE_TEXT } from './newIssueTexts.ts';
import { useNewIssueOptions } from './useNewIssueOptions.ts';

export type NewIssuePageProps = PageMountOf<'issue-new'>;

export function NewIssuePage(props: NewIssuePageProps) {
  const { fullPath, projectId, projectName, groupFullPath, canAdmin, canCreateIncident } = props;
  const ids = { title: useId(), type: useId() };
  const [title, setTitle] = useState('');
  const [issueType, setIssueType] = useState<'issue' | 'incident'>('issue');
  const [description, setDescription] = useState('');
  const [confidential, setConfidential] = useState(false);
  const [metadata, setMetadata] = useState<IssueMetadataDraft>(EMPTY_METADATA);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const templates = useIssueTemplates(projectId);
  const options = useNewIssueOptions(canAdmin, fullPath, props.groupId);
  const preview = useCallback(
    (text: string, signal: AbortSignal) => previewMarkdown(props.markdownPreviewPath, text, signal),
    [props.markdownPreviewPath],
  );
  useDocumentTitle(NEW_ISSUE_TEXT.pageTitle, projectName);
  // Settled once the template list is in (a preselected template then applies by itself).
  usePageSettled(!templates.loading);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const problem = newIssueProblem({ title, weight: canAdmin ? metadata.weight : '' });
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const issue = await createProjectIssue(projectId, {
        title: title.trim(),
        description,
        confidential,
        issueType,
        ...(canAdmin
          ? {
              labels: metadata.labels.map((label) => label.title),
              milestoneId: metadata.milestoneId ? Number(metadata.milestoneId) : null,
              assigneeIds: metadata.assigneeId ? [Number(metadata.assigneeId)] : [],
              dueDate: metadata.dueDate,
              weight: weightOf(metadata.weight),
            }
          : {}),
      });
      window.location.assign(issueWebPath(fullPath, issue.iid));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setSaving(false);
    }
  };
  // Spec: "Ctrl or Cmd with Enter submits the description or the issue form."
  const descriptionKeys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !saving) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <>
      <PageHeader
        crumbs={[
          ...projectCrumbs(fullPath, projectName, props.projectFullName),
          { label: 'Issues', href: projectIssuesPath(fullPath) },
          { label: 'New', href: `${projectIssuesPath(fullPath)}/new` },
        ]}
        title={NEW_ISSUE_TEXT.pageTitle}
      />
      <form className="form-stack new-issue-form" onSubmit={submit} noValidate data-testid="new-issue-form">
        {error ? (
          <Alert variant="danger" testId="new-issue-error">
            {error}
          </Alert>
        ) : null}
        <label htmlFor={ids.title}>{NEW_ISSUE_TEXT.title}</label>
        <input
          id={ids.title}
          className="input"
          value={title}
          placeholder={NEW_ISSUE_TEXT.titlePlaceholder}
          required
          // biome-ignore lint/a11y/noAutofocus: the page exists to type this title
          autoFocus
          onChange={(event) => setTitle(event.target.value)}
          data-testid="new-issue-title"
        />
        <div className="form-row">
          <div>
            <label htmlFor={ids.type}>{NEW_ISSUE_TEXT.type}</label>
            <select
              id={ids.type}
              className="input"
              value={issueType}
              onChange={(event) => setIssueType(event.target.value === 'incident' ? 'incident' : 'issue')}
              data-testid="new-issue-type"
            >
              <option value="issue">{NEW_ISSUE_TEXT.issue}</option>
              {canCreateIncident ? <option value="incident">{NEW_ISSUE_TEXT.incident}</option> : null}
            </select>
          </div>
          <TemplateSelector
            templates={templates}
            description={description}
            preselect={props.issuableTemplate}
            onApply={(template) => setDescription(template.content)}
            disabled={saving}
          />
        </div>
        <span className="form-label">{NEW_ISSUE_TEXT.description}</span>
        <MarkdownField
          value={description}
          onChange={setDescription}
          onKeyDown={descriptionKeys}
          previewMarkdown={preview}
          disabled={saving}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={confidential}
            onChange={(event) => setConfidential(event.target.checked)}
            data-testid="new-issue-confidential"
          />
          {NEW_ISSUE_TEXT.confidential}
        </label>
        {canAdmin ? (
          <IssueMetadataFields
            groupFullPath={groupFullPath}
            options={options}
            value={metadata}
            onChange={setMetadata}
          />
        ) : null}
        <div className="form-actions">
          <Button type="submit" variant="confirm" disabled={saving} data-testid="create-issue">
            {saving ? NEW_ISSUE_TEXT.creating : NEW_ISSUE_TEXT.create}
          </Button>
          <a className="btn btn-default" href={projectIssuesPath(fullPath)}>
            {NEW_ISSUE_TEXT.cancel}
          </a>
        </div>
      </form>
    </>
  );
}
