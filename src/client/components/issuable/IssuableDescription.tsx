import { useEffect, useRef } from 'react';
import { sourceLineOf } from '../../../core/domain/taskListSource.ts';
import { prepareTaskCheckboxes } from './taskCheckboxes.ts';

/**
 * The rendered description (server-sanitised HTML). Its task-list checkboxes come disabled from the
 * server; people who may update get them enabled, and a tick reports the item's source line.
 */
export function IssuableDescription({
  html,
  canUpdate,
  updatingTasks,
  onToggleTask,
}: {
  html: string;
  canUpdate: boolean;
  updatingTasks: boolean;
  onToggleTask: (line: number, checked: boolean, index: number) => void;
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

  return (
    <div
      ref={ref}
      className="md issuable-description"
      data-testid="issuable-description"
      // Rendered and sanitised by the server's markdown renderer (an allowlist), never by the browser.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised markdown HTML
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
