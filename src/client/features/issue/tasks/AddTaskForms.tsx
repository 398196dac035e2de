import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import {
  type IssueTaskCandidate,
  type IssueTasksWriteResult,
  useIssueTaskSearch,
} from '../../../data/index.ts';
import { Button, Icon } from '../../../ui/index.ts';
import { TASKS_TEXT } from './issueTasksTexts.ts';

const MAX_TITLE = 255;

/** GitLab's "New task" form: a title (255 at most), Create task and Cancel. */
export function NewTaskForm({
  parentConfidential,
  onCreate,
  onCancel,
}: {
  parentConfidential: boolean;
  onCreate: (title: string) => Promise<IssueTasksWriteResult>;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = title.trim();
    if (trimmed === '' || busy) return;
    setBusy(true);
    setError(null);
    const result = await onCreate(trimmed);
    setBusy(false);
    if (result.ok) setTitle('');
    else setError(result.error ?? TASKS_TEXT.createError);
  };

  return (
    <form className="it-form" data-testid="issue-tasks-create-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={inputId} className="it-form-label">
        {TASKS_TEXT.titleLabel}
      </label>
      <input
        id={inputId}
        className="input"
        value={title}
        maxLength={MAX_TITLE}
        placeholder={TASKS_TEXT.titlePlaceholder}
        aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        aria-invalid={error !== null}
        disabled={busy}
        // biome-ignore lint/a11y/noAutofocus: the form opens on the reader's request, focus belongs in it.
        autoFocus
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
        data-testid="issue-tasks-title-input"
      />
      <p id={hintId} className="muted it-form-hint">
        {TASKS_TEXT.titleHint}
      </p>
      {parentConfidential ? (
        <label className="it-confidential" title={TASKS_TEXT.confidentialParent}>
          <input type="checkbox" checked disabled readOnly />
          {TASKS_TEXT.confidentialLabel}
        </label>
      ) : null}
      {error ? (
        <p id={errorId} className="it-form-error" role="alert" data-testid="issue-tasks-form-error">
          {error}
        </p>
      ) : null}
      <div className="it-form-actions">
        <Button type="submit" variant="confirm" disabled={title.trim() === '' || busy} aria-busy={busy}>
          {TASKS_TEXT.createTask}
        </Button>
        <Button onClick={onCancel}>{TASKS_TEXT.cancel}</Button>
      </div>
    </form>
  );
}

/**
 * GitLab's "Existing task" form: a search of the project's open tasks (a combobox: the arrows move
 * through the matches, Enter picks one), the picked tasks as chips, Add task(s) and Cancel. A
 * confidential parent takes confidential tasks only.
 */
export function ExistingTaskForm({
  fullPath,
  parentConfidential,
  childIds,
  onAdd,
  onCancel,
}: {
  fullPath: string;
  parentConfidential: boolean;
  childIds: ReadonlySet<string>;
  onAdd: (ids: readonly string[]) => Promise<IssueTasksWriteResult>;
  onCancel: () => void;
}) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<readonly IssueTaskCandidate[]>([]);
  const [active, setActive] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const found = useIssueTaskSearch(fullPath, search);
  const inputId = useId();
  const listId = useId();
  const errorId = useId();

  const pickedIds = new Set(picked.map((task) => task.id));
  const matches = (found.value ?? []).filter((task) => !childIds.has(task.id) && !pickedIds.has(task.id));
  const showList = search.trim() !== '';
  const invalid = parentConfidential ? picked.filter((task) => !task.confidential) : [];
  const message =
    invalid.length > 0 ? TASKS_TEXT.invalidConfidential(invalid.map((task) => task.title)) : error;

  const pick = (task: IssueTaskCandidate) => {
    setPicked((current) => [...current, task]);
    setSearch('');
    setActive(0);
    setError(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (matches.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' && showList) {
      event.preventDefault();
      const task = matches[active];
      if (task) pick(task);
    } else if (event.key === 'Escape') {
      if (showList) setSearch('');
      else onCancel();
    } else if (event.key === 'Backspace' && search === '' && picked.length > 0) {
      setPicked((current) => current.slice(0, -1));
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (picked.length === 0 || invalid.length > 0 || busy) return;
    setBusy(true);
    setError(null);
    const result = await onAdd(picked.map((task) => task.id));
    setBusy(false);
    if (result.ok) setPicked([]);
    else setError(result.error ?? TASKS_TEXT.addError);
  };

  const activeMatch = showList ? matches[active] : undefined;
  return (
    <form className="it-form" data-testid="issue-tasks-add-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={inputId} className="sr-only">
        {TASKS_TEXT.searchLabel}
      </label>
      <div className="it-token-input">
        {picked.length > 0 ? (
          <ul className="it-chips" aria-label={TASKS_TEXT.searchLabel}>
            {picked.map((task) => (
              <li key={task.id} className="it-chip" data-testid="issue-tasks-picked">
                {task.confidential ? <Icon name="eyeSlash" size={12} /> : null}
                <span>{task.title}</span>
                <button
                  type="button"
                  className="it-chip-remove"
                  aria-label={TASKS_TEXT.unselect(task.title)}
                  onClick={() => setPicked((current) => current.filter((entry) => entry.id !== task.id))}
                >
                  <Icon name="close" size={12} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <input
          id={inputId}
          className="it-token-search"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeMatch ? `${listId}-${activeMatch.id}` : undefined}
          aria-describedby={message ? errorId : undefined}
          placeholder={TASKS_TEXT.searchPlaceholder}
          value={search}
          disabled={busy}
          // biome-ignore lint/a11y/noAutofocus: the form opens on the reader's request, focus belongs in it.
          autoFocus
          onChange={(event) => {
            setSearch(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          data-testid="issue-tasks-search"
        />
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label={TASKS_TEXT.searchLabel}
        className="it-matches"
        hidden={!showList}
      >
        {showList && found.loading ? <div className="it-match-note muted">{TASKS_TEXT.searching}</div> : null}
        {showList && found.failed ? <div className="it-match-note">{TASKS_TEXT.searchFailed}</div> : null}
        {showList && !found.loading && !found.failed && found.value !== null && matches.length === 0 ? (
          <div className="it-match-note muted">{TASKS_TEXT.noMatches}</div>
        ) : null}
        {showList
          ? matches.map((task, index) => (
              <div
                key={task.id}
                id={`${listId}-${task.id}`}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                className={`it-match${index === active ? ' is-active' : ''}`}
                data-testid="issue-tasks-match"
                onPointerDown={(event) => event.preventDefault()}
                onClick={() => pick(task)}
                onKeyDown={() => undefined}
              >
                {task.confidential ? <Icon name="eyeSlash" size={12} /> : null}
                <span className="muted">{task.reference}</span> {task.title}
              </div>
            ))
          : null}
      </div>
      {message ? (
        <p id={errorId} className="it-form-error" role="alert" data-testid="issue-tasks-form-error">
          {message}
        </p>
      ) : null}
      <div className="it-form-actions">
        <Button
          type="submit"
          variant="confirm"
          disabled={picked.length === 0 || invalid.length > 0 || busy}
          aria-busy={busy}
        >
          {TASKS_TEXT.addTasks(picked.length)}
        </Button>
        <Button onClick={onCancel}>{TASKS_TEXT.cancel}</Button>
      </div>
    </form>
  );
}
