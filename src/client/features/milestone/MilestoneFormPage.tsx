/**
 * GitLab's New milestone and Edit milestone pages of a group or a project: title, start and due
 * dates, and the description with the markdown Write / Preview tabs. Saved through GitLab's REST API;
 * the milestone's page opens after. The rules are checked here first and by the server again.
 */
import { type FormEvent, type KeyboardEvent, useCallback, useId, useState } from 'react';
import { milestoneDatesProblem, milestoneFullMessages } from '../../../core/domain/milestoneRules.ts';
import {
  groupMilestonePath,
  groupMilestonesPath,
  projectMilestonePath,
  projectMilestonesPath,
} from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { MarkdownField } from '../../components/issuable/index.ts';
import { groupCrumbs, PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import {
  type CalendarDate,
  createMilestone,
  previewMarkdown,
  updateMilestone,
  usePageSettled,
} from '../../data/index.ts';
import { Alert, Button, useDocumentTitle } from '../../ui/index.ts';
import { MILESTONE_FORM_TEXTS } from './milestoneFormTexts.ts';

export type MilestoneFormPageProps = PageMountOf<'milestone-form'>;

/** The first problem with the form, as GitLab words it, or null when it can be sent. */
export function milestoneFormProblem(draft: {
  title: string;
  startDate: string;
  dueDate: string;
}): string | null {
  if (!draft.title.trim()) return milestoneFullMessages({ title: ["can't be blank"] })[0] ?? null;
  const problem = milestoneDatesProblem(
    (draft.startDate || null) as CalendarDate | null,
    (draft.dueDate || null) as CalendarDate | null,
  );
  return problem ? (milestoneFullMessages({ due_date: [problem] })[0] ?? null) : null;
}

export function MilestoneFormPage(props: MilestoneFormPageProps) {
  const { kind, fullPath, ownerName, milestoneId } = props;
  const editing = milestoneId !== '';
  const ids = { title: useId(), start: useId(), due: useId() };
  const [title, setTitle] = useState(props.title);
  const [description, setDescription] = useState(props.description);
  const [startDate, setStartDate] = useState(props.startDate);
  const [dueDate, setDueDate] = useState(props.dueDate);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const heading = editing ? MILESTONE_FORM_TEXTS.editTitle : MILESTONE_FORM_TEXTS.newTitle;
  useDocumentTitle(heading, 'Milestones', ownerName);
  // Everything the form needs came with the page.
  usePageSettled(true);
  const preview = useCallback(
    (text: string, signal: AbortSignal) => previewMarkdown(props.markdownPreviewPath, text, signal),
    [props.markdownPreviewPath],
  );
  const listPath = kind === 'group' ? groupMilestonesPath(fullPath) : projectMilestonesPath(fullPath);
  const milestonePath = editing
    ? kind === 'group'
      ? groupMilestonePath(fullPath, props.iid)
      : projectMilestonePath(fullPath, props.iid)
    : null;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const problem = milestoneFormProblem({ title, startDate, dueDate });
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const fields = { title: title.trim(), description, startDate, dueDate };
      const saved = editing
        ? await updateMilestone(kind, fullPath, milestoneId, fields)
        : await createMilestone(kind, fullPath, fields);
      window.location.assign(saved.webPath);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setSaving(false);
    }
  };
  const descriptionKeys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !saving) {
      event.preventDefault();
      void submit();
    }
  };
  const ownerCrumbs =
    kind === 'group'
      ? groupCrumbs(fullPath, props.ownerFullName, ownerName)
      : projectCrumbs(fullPath, ownerName, props.ownerFullName);
  const crumbs = [
    ...ownerCrumbs,
    { label: 'Milestones', href: listPath },
    ...(milestonePath ? [{ label: props.title, href: milestonePath }] : []),
    { label: editing ? 'Edit' : 'New', href: milestonePath ? `${milestonePath}/edit` : `${listPath}/new` },
  ];

  return (
    <>
      <PageHeader crumbs={crumbs} title={heading} />
      <form className="form-stack milestone-form" onSubmit={submit} noValidate data-testid="milestone-form">
        {error ? (
          <Alert variant="danger" testId="milestone-form-error">
            {error}
          </Alert>
        ) : null}
        <label htmlFor={ids.title}>{MILESTONE_FORM_TEXTS.title}</label>
        <input
          id={ids.title}
          className="input"
          value={title}
          required
          maxLength={255}
          // biome-ignore lint/a11y/noAutofocus: the page exists to type this title
          autoFocus
          onChange={(event) => setTitle(event.target.value)}
          data-testid="milestone-title-input"
        />
        <div className="form-row">
          <div>
            <label htmlFor={ids.start}>{MILESTONE_FORM_TEXTS.startDate}</label>
            <input
              id={ids.start}
              type="date"
              className="input"
              value={startDate}
              onChange={(event) => setStartDate(event.target.value)}
              data-testid="milestone-start-date-input"
            />
          </div>
          <div>
            <label htmlFor={ids.due}>{MILESTONE_FORM_TEXTS.dueDate}</label>
            <input
              id={ids.due}
              type="date"
              className="input"
              value={dueDate}
              onChange={(event) => setDueDate(event.target.value)}
              data-testid="milestone-due-date-input"
            />
          </div>
        </div>
        <span className="form-label">{MILESTONE_FORM_TEXTS.description}</span>
        <MarkdownField
          value={description}
          onChange={setDescription}
          onKeyDown={descriptionKeys}
          previewMarkdown={preview}
          disabled={saving}
        />
        <div className="form-actions">
          <Button type="submit" variant="confirm" disabled={saving} data-testid="milestone-submit">
            {editing ? MILESTONE_FORM_TEXTS.save : MILESTONE_FORM_TEXTS.create}
          </Button>
          <a className="btn btn-default" href={milestonePath ?? listPath}>
            {MILESTONE_FORM_TEXTS.cancel}
          </a>
        </div>
      </form>
    </>
  );
}
