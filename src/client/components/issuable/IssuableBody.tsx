import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { sourceLine } from '../../../core/domain/taskListSource.ts';
import type { Instant, IssuableFields, IssuableText, IssuableTextClient } from '../../data/index.ts';
import { Alert, Button, Loading } from '../../ui/index.ts';
import { IssuableDescription, type TaskItemActions } from './IssuableDescription.tsx';
import { IssuableEditForm } from './IssuableEditForm.tsx';
import { TimeAgo } from './IssuableMeta.tsx';
import {
  CONCURRENT_EDIT_MESSAGE,
  ISSUABLE_TEXT,
  loadingDescriptionText,
  updateErrorText,
} from './issuableTexts.ts';
import { StickyTitle } from './StickyTitle.tsx';
import { type TaskListLines, taskItemTitle, withoutTaskItem } from './taskCheckboxes.ts';
import { type IssuableEditor, useIssuableEditor } from './useIssuableEditor.ts';
import type { IssuablePolling } from './useIssuablePolling.ts';

export interface IssuableBodyProps {
  /**
   * The issuable's endpoints (createIssuableTextClient, kept across renders): saves of the form and
   * of ticked tasks go through it, and its type names the issuable in texts ('Error updating epic').
   */
  readonly client: IssuableTextClient;
  readonly canUpdate: boolean;
  /** The state, confidential and other badges, repeated in the sticky header. */
  readonly badges: ReactNode;
  /**
   * The edit form's Delete button, shown when given (GitLab's canDestroy): the page asks and deletes.
   */
  readonly onDelete?: (() => void) | undefined;
  /** What the page pins under the title while reading (an issue's Zoom meeting). */
  readonly belowTitle?: ReactNode;
  /** The edit form's fields of this kind of issuable, below the title (an issue's type selector). */
  readonly formFields?: ((editor: IssuableEditor) => ReactNode) | undefined;
  /** The page's poll of realtime_changes (the page owns it: it is settled once the text is in). */
  readonly polling: IssuablePolling;
  /** A task-list update is in flight (polling pauses meanwhile; the page owns both). */
  readonly updatingTasks: boolean;
  readonly onUpdatingTasks: (updating: boolean) => void;
  /**
   * Given, each task-list item of the description offers "Convert to task" (an issue's): it is
   * called with the item's lines, the description's lock version and the item's text, and answers
   * the error to show or null once the task was made (the description is then read again). The
   * same menu offers "Delete", which takes the item out of the description.
   */
  readonly onConvertTask?: ((task: TaskToConvert) => Promise<string | null>) | undefined;
}

/** A task-list item of the description to turn into a task. */
export interface TaskToConvert extends TaskListLines {
  readonly lockVersion: number;
  readonly title: string;
}

/**
 * An issuable's title and description (GitLab's issuable app): shown as the server rendered them,
 * kept fresh by polling, edited inline behind the pencil (drafts kept, concurrent edits caught),
 * task-list items ticked in place, the title kept in a sticky header once it scrolls away.
 */
export function IssuableBody({
  client,
  canUpdate,
  badges,
  onDelete,
  belowTitle,
  formFields,
  polling,
  updatingTasks,
  onUpdatingTasks: setUpdatingTasks,
  onConvertTask,
}: IssuableBodyProps) {
  const [taskFlash, setTaskFlash] = useState<string | null>(null);
  const { text, accept, refresh } = polling;
  const titleRef = useRef<HTMLHeadingElement>(null);

  const onSaved = useCallback(
    (saved: IssuableText, webUrl: string) => {
      accept(saved);
      // GitLab follows the issuable when it moved (another group, say).
      if (webUrl && !window.location.pathname.includes(webUrl)) window.location.assign(webUrl);
    },
    [accept],
  );
  const editor = useIssuableEditor({ text, client, onSaved });

  // A task-list change saved on its own (a tick, a deleted item), with the description's lock version.
  const saveTaskChange = useCallback(
    async (fields: IssuableFields) => {
      setUpdatingTasks(true);
      setTaskFlash(null);
      const answer = await client.save(fields);
      if (answer.ok) accept(answer.value.text);
      else
        setTaskFlash(
          answer.error.status === 409
            ? CONCURRENT_EDIT_MESSAGE
            : updateErrorText(client.issuableType, answer.error.errors),
        );
      // Resuming polls at once, which also puts back a box the server refused.
      setUpdatingTasks(false);
    },
    [client, accept, setUpdatingTasks],
  );

  const toggleTask = useCallback(
    async (line: number, checked: boolean, index: number) => {
      if (!text) return;
      const lineSource = sourceLine(text.descriptionText, line);
      if (lineSource === null) {
        refresh();
        return;
      }
      await saveTaskChange({
        updateTask: { index, checked, lineNumber: line, lineSource },
        lockVersion: text.lockVersion,
      });
    },
    [text, refresh, saveTaskChange],
  );

  const convertTask = useCallback(
    async (task: TaskToConvert) => {
      if (!onConvertTask) return;
      setUpdatingTasks(true);
      setTaskFlash(null);
      const error = await onConvertTask(task);
      if (error !== null) setTaskFlash(error);
      setUpdatingTasks(false);
      refresh();
    },
    [onConvertTask, setUpdatingTasks, refresh],
  );
  // GitLab's task item "Delete": the item's lines leave the description, saved with its lock version.
  const deleteTaskItem = useCallback(
    async (lines: TaskListLines) => {
      if (!text) return;
      const description = withoutTaskItem(text.descriptionText, lines);
      if (description === null) refresh();
      else await saveTaskChange({ description, lockVersion: text.lockVersion });
    },
    [text, refresh, saveTaskChange],
  );
  const taskItemActions = useMemo((): TaskItemActions | undefined => {
    if (!onConvertTask || !text || updatingTasks) return undefined;
    return (lines) => {
      const title = taskItemTitle(sourceLine(text.descriptionText, lines.lineNumberStart));
      const task = title === null ? null : { ...lines, lockVersion: text.lockVersion, title };
      return [
        ...(task
          ? [
              {
                key: 'convert',
                label: ISSUABLE_TEXT.convertToTask,
                onSelect: () => void convertTask(task),
                testId: 'task-item-convert',
              },
            ]
          : []),
        {
          key: 'delete',
          label: ISSUABLE_TEXT.deleteTaskItem,
          onSelect: () => void deleteTaskItem(lines),
          testId: 'task-item-delete',
        },
      ];
    };
  }, [onConvertTask, text, updatingTasks, convertTask, deleteTaskItem]);

  if (!text) {
    return polling.failed ? (
      <Alert variant="danger">{updateErrorText(client.issuableType, [])}</Alert>
    ) : (
      <Loading label={loadingDescriptionText(client.issuableType)} />
    );
  }

  if (editor.editing) {
    return (
      <section className="issuable-body" aria-label={ISSUABLE_TEXT.editTitleAndDescription}>
        {editor.flash ? (
          <Alert variant="danger" testId="issuable-flash">
            {editor.flash}
          </Alert>
        ) : null}
        <IssuableEditForm
          editor={editor}
          previewMarkdown={client.previewMarkdown}
          onDelete={onDelete}
          extraFields={formFields?.(editor)}
        />
      </section>
    );
  }

  return (
    <section className="issuable-body" aria-labelledby="issuable-title">
      <StickyTitle titleRef={titleRef} badges={badges} title={text.titleText} />
      {taskFlash ? (
        <Alert variant="danger" testId="issuable-flash">
          {taskFlash}
        </Alert>
      ) : null}
      <div className="issuable-title-row">
        <h1
          id="issuable-title"
          ref={titleRef}
          className="issuable-heading"
          data-testid="issuable-title"
          // Rendered and escaped by the server (inline markdown only).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised title HTML
          dangerouslySetInnerHTML={{ __html: text.titleHtml }}
        />
        {canUpdate ? (
          <Button
            icon="pencil"
            iconOnly
            aria-label={ISSUABLE_TEXT.editTitleAndDescription}
            title={ISSUABLE_TEXT.editTitleAndDescription}
            onClick={editor.open}
            data-testid="issuable-edit"
            // The issuable key e presses it (app/commands.ts).
            data-shortcut-target="issuable-edit"
          />
        ) : null}
      </div>
      {belowTitle}
      {text.descriptionHtml ? (
        <IssuableDescription
          html={text.descriptionHtml}
          canUpdate={canUpdate}
          updatingTasks={updatingTasks}
          onToggleTask={(line, checked, index) => void toggleTask(line, checked, index)}
          taskItemActions={taskItemActions}
        />
      ) : (
        <p className="muted" data-testid="issuable-no-description">
          {ISSUABLE_TEXT.noDescription}
        </p>
      )}
      {text.taskStatus && !text.taskStatus.startsWith('0 of 0') ? (
        <p className="muted issuable-task-status" data-testid="issuable-task-status">
          {text.taskStatus}
        </p>
      ) : null}
      {text.updatedAt ? (
        <p className="muted issuable-edited" data-testid="issuable-edited">
          Edited <TimeAgo instant={text.updatedAt as Instant} />
          {text.updatedByName ? (
            <>
              {' '}
              by{' '}
              {text.updatedByPath ? (
                <a href={text.updatedByPath} className="author-link">
                  {text.updatedByName}
                </a>
              ) : (
                text.updatedByName
              )}
            </>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
