import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { sourceLineOf } from '../../../core/domain/taskListSource.ts';
import { MenuButton, type MenuItem } from '../../ui/index.ts';
import { ISSUABLE_TEXT } from './issuableTexts.ts';
import { prepareTaskCheckboxes, sourceRangeOf, type TaskListLines } from './taskCheckboxes.ts';

/** The actions a task-list item offers (the issue page's Convert to task); none for an empty list. */
export type TaskItemActions = (lines: TaskListLines) => readonly MenuItem[];

interface ActionSlot {
  readonly element: HTMLElement;
  readonly lines: TaskListLines;
}

/**
 * The rendered description (server-sanitised HTML). Its task-list checkboxes come disabled from the
 * server; people who may update get them enabled, and a tick reports the item's source line.
 */
export function IssuableDescription({
  html,
  canUpdate,
  updatingTasks,
  onToggleTask,
  taskItemActions,
}: {
  html: string;
  canUpdate: boolean;
  updatingTasks: boolean;
  onToggleTask: (line: number, checked: boolean, index: number) => void;
  /** Given, each task-list item gets an actions menu (shown on hover or focus) with these. */
  taskItemActions?: TaskItemActions | undefined;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML means new checkbox elements to set up.
  useEffect(() => {
    const element = ref.current;
    if (element) prepareTaskCheckboxes(element, canUpdate && !updatingTasks);
  }, [html, canUpdate, updatingTasks]);

  // A native listener: the checkboxes are the server's markup, not React elements, so React's
  // synthetic onChange never sees their changes.
  const onToggleRef = useRef(onToggleTask);
  onToggleRef.current = onToggleTask;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onChange = (event: Event) => {
      const box = event.target;
      if (!(box instanceof HTMLInputElement) || !box.classList.contains('task-list-item-checkbox')) return;
      const line = sourceLineOf(box.closest('li')?.getAttribute('data-sourcepos'));
      // GitLab's update_task index: the box's ordinal among the description's task boxes, from 1.
      const index = [...element.querySelectorAll('input.task-list-item-checkbox')].indexOf(box) + 1;
      if (line !== null) onToggleRef.current(line, box.checked, index);
    };
    element.addEventListener('change', onChange);
    return () => element.removeEventListener('change', onChange);
  }, []);

  // The actions sit inside the server's markup: a slot per task item, filled through a portal.
  const [slots, setSlots] = useState<readonly ActionSlot[]>([]);
  const withActions = taskItemActions !== undefined && canUpdate;
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML means new task items to give actions.
  useEffect(() => {
    const element = ref.current;
    if (!element || !withActions) {
      setSlots([]);
      return;
    }
    const next: ActionSlot[] = [];
    for (const item of element.querySelectorAll<HTMLLIElement>('li.task-list-item')) {
      const lines = sourceRangeOf(item.getAttribute('data-sourcepos'));
      if (!lines) continue;
      const slot = document.createElement('span');
      slot.className = 'task-item-actions';
      item.insertBefore(slot, item.querySelector(':scope > ul, :scope > ol'));
      item.classList.add('has-task-actions');
      next.push({ element: slot, lines });
    }
    setSlots(next);
    return () => {
      for (const slot of next) {
        slot.element.parentElement?.classList.remove('has-task-actions');
        slot.element.remove();
      }
    };
  }, [html, withActions]);

  return (
    <>
      {taskItemActions
        ? slots.map((slot) => {
            const items = taskItemActions(slot.lines);
            return items.length > 0
              ? createPortal(
                  <MenuButton
                    label={ISSUABLE_TEXT.taskActions}
                    icon="ellipsisV"
                    placement="bottom-start"
                    items={items}
                    testId="task-item-actions"
                  />,
                  slot.element,
                  `${slot.lines.lineNumberStart}`,
                )
              : null;
          })
        : null}
      <div
        ref={ref}
        className="md issuable-description"
        data-testid="issuable-description"
        // Rendered and sanitised by the server's markdown renderer (an allowlist), never by the browser.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised markdown HTML
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}
