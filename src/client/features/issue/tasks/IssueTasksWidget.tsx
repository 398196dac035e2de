/**
 * The issue page's "Child items" card (GitLab's work item links widget): the issue's tasks with
 * their state, confidentiality and assignees, a preview card on hover or focus, the Add menu (New
 * task, Existing task) and Remove for those who may link, and a collapse toggle.
 */
import { type MouseEvent, useCallback, useId, useState } from 'react';
import { workItemWebPath } from '../../../../core/domain/webPaths.ts';
import type { TaskToConvert } from '../../../components/issuable/index.ts';
import {
  type IssueTasksState,
  type IssueTasksWriteResult,
  type IssueTaskView,
  useIssueTasks,
} from '../../../data/index.ts';
import { usePushToast } from '../../../state/index.ts';
import { Alert, Avatar, Button, Icon, isPlainLeftClick, Loading, MenuButton } from '../../../ui/index.ts';
import { ExistingTaskForm, NewTaskForm } from './AddTaskForms.tsx';
import { TASKS_TEXT } from './issueTasksTexts.ts';
import { TaskPreview } from './TaskPreview.tsx';

/** The task a plain click on a child opens (the page's work item modal). */
export interface OpenedTask {
  /** `gid://gitlab/WorkItem/<id>`. */
  readonly id: string;
  readonly iid: string;
}

export interface IssueTasksWidgetProps {
  readonly fullPath: string;
  readonly iid: string;
  /** Given, a plain click on a task's title calls it instead of following the link. */
  readonly onOpenTask?: ((task: OpenedTask) => void) | undefined;
}

type FormKind = 'create' | 'add' | null;

export function IssueTasksWidget({ fullPath, iid, onOpenTask }: IssueTasksWidgetProps) {
  const tasks = useIssueTasks(fullPath, iid);
  const [expanded, setExpanded] = useState(true);
  const [form, setForm] = useState<FormKind>(null);
  const titleId = useId();
  const bodyId = useId();
  const view = tasks.data;
  if (view === null) return null;
  const children = view?.children ?? [];
  const canLink = view?.canAdminParentLink === true && view.taskTypeId !== null;

  const openForm = (kind: FormKind) => {
    setForm(kind);
    setExpanded(true);
  };

  return (
    <section className="item-card it-card" aria-labelledby={titleId} data-testid="issue-tasks">
      <header className="item-card-header it-card-header">
        <Button
          variant="tertiary"
          iconOnly
          icon={expanded ? 'chevronDown' : 'chevronRight'}
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={expanded ? TASKS_TEXT.collapse : TASKS_TEXT.expand}
          title={expanded ? TASKS_TEXT.collapse : TASKS_TEXT.expand}
          onClick={() => setExpanded(!expanded)}
          data-testid="issue-tasks-toggle"
        />
        <h2 id={titleId} className="item-card-title">
          {TASKS_TEXT.title}
        </h2>
        <span className="item-card-count" data-testid="issue-tasks-count">
          <Icon name="task" size={14} />
          <span aria-hidden="true">{view ? children.length : '…'}</span>
          <span className="sr-only">{TASKS_TEXT.count(children.length)}</span>
        </span>
        {canLink ? (
          <MenuButton
            className="item-card-add"
            label={TASKS_TEXT.addMenu}
            text={TASKS_TEXT.add}
            testId="issue-tasks-add"
            items={[
              {
                key: 'create',
                label: TASKS_TEXT.newTask,
                onSelect: () => openForm('create'),
                testId: 'issue-tasks-new',
              },
              {
                key: 'add',
                label: TASKS_TEXT.existingTask,
                onSelect: () => openForm('add'),
                testId: 'issue-tasks-existing',
              },
            ]}
          />
        ) : null}
      </header>
      <div id={bodyId} className="it-card-body" hidden={!expanded}>
        {tasks.error && !view ? <Alert variant="danger">{TASKS_TEXT.fetchError}</Alert> : null}
        {!view && !tasks.error ? <Loading label={TASKS_TEXT.loading} /> : null}
        {view && form === 'create' ? (
          <NewTaskForm
            parentConfidential={view.confidential}
            onCreate={(title) => reportFailure(tasks.create(title))}
            onCancel={() => setForm(null)}
          />
        ) : null}
        {view && form === 'add' ? (
          <ExistingTaskForm
            fullPath={fullPath}
            parentConfidential={view.confidential}
            childIds={new Set(children.map((child) => child.id))}
            onAdd={(ids) => reportFailure(tasks.addExisting(ids))}
            onCancel={() => setForm(null)}
          />
        ) : null}
        {view && children.length === 0 && form === null ? (
          <p className="muted it-empty" data-testid="issue-tasks-empty">
            {TASKS_TEXT.empty}
          </p>
        ) : null}
        {children.length > 0 ? (
          <ul className="it-list">
            {children.map((task) => (
              <TaskRow
                key={task.id}
                task={task}
                fullPath={fullPath}
                tasks={tasks}
                canUpdate={view?.canUpdate === true}
                canRemove={canLink}
                onOpenTask={onOpenTask}
              />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The issue page's "Convert to task" for IssuableBody: makes the task-list item a task under the
 * issue (the widget lists it); answers the error to show, or null.
 */
export function useConvertTaskLine(fullPath: string, iid: string) {
  const { convertLine } = useIssueTasks(fullPath, iid);
  return useCallback(
    async (task: TaskToConvert): Promise<string | null> => {
      const result = await reportFailure(convertLine(task));
      return result.ok ? null : (result.error ?? TASKS_TEXT.createError);
    },
    [convertLine],
  );
}

/** The spec reports a failed create: the console keeps the error the alert cannot show. */
async function reportFailure(result: Promise<IssueTasksWriteResult>): Promise<IssueTasksWriteResult> {
  const answer = await result;
  if (!answer.ok) console.error(new Error(answer.error ?? TASKS_TEXT.createError));
  return answer;
}

function TaskRow({
  task,
  fullPath,
  tasks,
  canUpdate,
  canRemove,
  onOpenTask,
}: {
  task: IssueTaskView;
  fullPath: string;
  tasks: IssueTasksState;
  canUpdate: boolean;
  canRemove: boolean;
  onOpenTask: ((task: OpenedTask) => void) | undefined;
}) {
  const [busy, setBusy] = useState(false);
  // The box shows the asked state at once; the server's answer (or a refusal) settles it.
  const [asked, setAsked] = useState<boolean | null>(null);
  const pushToast = usePushToast();
  const closed = asked ?? task.state === 'CLOSED';

  const run = async (write: Promise<IssueTasksWriteResult>, fallback: string) => {
    setBusy(true);
    const result = await write;
    setBusy(false);
    if (!result.ok) pushToast(result.error ?? fallback, 'danger');
  };
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpenTask || !isPlainLeftClick(event)) return;
    event.preventDefault();
    onOpenTask({ id: task.id, iid: task.iid });
  };

  return (
    <li className={`it-item${closed ? ' is-closed' : ''}`} data-testid="issue-task">
      {canUpdate ? (
        <input
          type="checkbox"
          className="it-state-box"
          checked={closed}
          disabled={busy}
          aria-label={closed ? TASKS_TEXT.reopenTask(task.title) : TASKS_TEXT.closeTask(task.title)}
          onChange={() => {
            setAsked(!closed);
            void run(tasks.setOpen(task.id, closed), TASKS_TEXT.stateError).then(() => setAsked(null));
          }}
          data-testid="issue-task-state"
        />
      ) : (
        <span
          className={`it-state it-state-${closed ? 'closed' : 'open'}`}
          title={closed ? TASKS_TEXT.closed : TASKS_TEXT.open}
        >
          <Icon name={closed ? 'stateClosed' : 'stateOpen'} size={14} />
          <span className="sr-only">{closed ? TASKS_TEXT.closed : TASKS_TEXT.open}</span>
        </span>
      )}
      {task.confidential ? (
        <span
          className="it-confidential-icon"
          title={TASKS_TEXT.confidential}
          data-testid="issue-task-confidential"
        >
          <Icon name="eyeSlash" size={14} />
          <span className="sr-only">{TASKS_TEXT.confidential}</span>
        </span>
      ) : null}
      <TaskPreview taskId={task.id}>
        {(describedBy) => (
          <a
            className="it-item-title"
            href={workItemWebPath(fullPath, task.iid)}
            aria-describedby={describedBy}
            onClick={onClick}
            data-testid="issue-task-title"
          >
            {task.title}
          </a>
        )}
      </TaskPreview>
      <span className="it-item-reference muted">{task.reference}</span>
      {task.assignees.length > 0 ? (
        <ul className="it-assignees" aria-label={TASKS_TEXT.assignees}>
          {task.assignees.map((user) => (
            <li key={user.id}>
              <Avatar name={user.name} colorKey={user.username} label={TASKS_TEXT.assignedTo(user.name)} />
            </li>
          ))}
        </ul>
      ) : null}
      {canRemove ? (
        <Button
          variant="tertiary"
          icon="close"
          iconOnly
          className="it-item-remove"
          aria-label={TASKS_TEXT.removeTask(task.reference)}
          title={TASKS_TEXT.remove}
          disabled={busy}
          onClick={() => void run(tasks.remove(task.id), TASKS_TEXT.removeError)}
          data-testid="issue-task-remove"
        />
      ) : null}
    </li>
  );
}
