/**
 * `/groups/:path/-/epics/new`: title, description, confidentiality and fixed dates, created through
 * GitLab's REST API. From the roadmap it returns there, where the new epic is highlighted; otherwise
 * it opens the new epic's page.
 */
import { type FormEvent, useId, useState } from 'react';
import { groupCrumbs, PageHeader } from '../../components/navigation/index.ts';
import { createGroupEpic, usePageSettled } from '../../data/index.ts';
import { rememberNewEpic } from '../../state/index.ts';
import { Alert, Button, useDocumentTitle } from '../../ui/index.ts';
import { newEpicProblem, TITLE_MAX_LENGTH } from './newEpicForm.ts';

export interface NewEpicPageProps {
  readonly fullPath: string;
  readonly groupId: string;
  readonly groupName: string;
  readonly listEpicsPath: string;
  readonly returnTo: string;
}

export function NewEpicPage({ fullPath, groupId, groupName, listEpicsPath, returnTo }: NewEpicPageProps) {
  const ids = { title: useId(), description: useId(), start: useId(), due: useId() };
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [confidential, setConfidential] = useState(false);
  const [startDate, setStartDate] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useDocumentTitle('New epic', groupName);
  // The form needs nothing from the server: it is ready as it renders.
  usePageSettled(true);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newEpicProblem({ title, startDate, dueDate });
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const epic = await createGroupEpic(groupId, {
        title: title.trim(),
        description,
        confidential,
        startDate,
        dueDate,
      });
      if (returnTo) {
        rememberNewEpic(epic.id);
        window.location.assign(returnTo);
      } else window.location.assign(new URL(epic.webUrl, window.location.href).pathname);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setSaving(false);
    }
  };

  return (
    <>
      <PageHeader
        crumbs={[
          ...groupCrumbs(fullPath, null, groupName),
          { label: 'Epics', href: listEpicsPath },
          { label: 'New', href: `${listEpicsPath}/new` },
        ]}
        title="New epic"
      />
      <form className="form-stack new-epic-form" onSubmit={submit} noValidate data-testid="new-epic-form">
        {error ? (
          <Alert variant="danger" testId="new-epic-error">
            {error}
          </Alert>
        ) : null}
        <label htmlFor={ids.title}>Title</label>
        <input
          id={ids.title}
          className="input"
          value={title}
          maxLength={TITLE_MAX_LENGTH}
          required
          // biome-ignore lint/a11y/noAutofocus: the page exists to type this title
          autoFocus
          onChange={(event) => setTitle(event.target.value)}
        />
        <label htmlFor={ids.description}>Description</label>
        <textarea
          id={ids.description}
          className="input"
          rows={6}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={confidential}
            onChange={(event) => setConfidential(event.target.checked)}
          />
          This epic is confidential and should only be visible to team members with at least Reporter access.
        </label>
        <div className="form-row">
          <div>
            <label htmlFor={ids.start}>Start date</label>
            <input
              id={ids.start}
              type="date"
              className="input"
              value={startDate}
              onChange={(event) => setStartDate(event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={ids.due}>Due date</label>
            <input
              id={ids.due}
              type="date"
              className="input"
              value={dueDate}
              onChange={(event) => setDueDate(event.target.value)}
            />
          </div>
        </div>
        <div className="form-actions">
          <Button type="submit" variant="confirm" disabled={saving} data-testid="create-epic">
            {saving ? 'Creating epic' : 'Create epic'}
          </Button>
          <a className="btn btn-default" href={returnTo || listEpicsPath}>
            Cancel
          </a>
        </div>
      </form>
    </>
  );
}
