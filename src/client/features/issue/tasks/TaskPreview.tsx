import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useIssueTaskPreview } from '../../../data/index.ts';
import { Avatar, Badge } from '../../../ui/index.ts';
import { hoverIntent } from './hoverIntent.ts';
import { TASKS_TEXT } from './issueTasksTexts.ts';

/**
 * A task's title link with GitLab's preview: 150 ms after the pointer rests on it (or focus lands on
 * it) the task is loaded and shown in a card (title, reference, state, type, assignees); leaving
 * sooner loads nothing. Escape hides the card.
 */
export function TaskPreview({
  taskId,
  children,
}: {
  taskId: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const intent = useMemo(() => hoverIntent(() => setOpen(true)), []);
  useEffect(() => () => intent.cancel(), [intent]);
  const cardId = useId();
  const { refs, floatingStyles } = useFloating({
    placement: 'bottom-start',
    strategy: 'fixed',
    open,
    middleware: [offset(6), flip({ padding: 4 }), shift({ padding: 4 })],
    whileElementsMounted: autoUpdate,
  });
  const hide = () => {
    intent.cancel();
    setOpen(false);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only watches hover and focus of the link inside it.
    <span
      ref={refs.setReference}
      className="it-title-anchor"
      onPointerEnter={() => intent.start()}
      onPointerLeave={hide}
      onFocus={() => intent.start()}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) hide();
      }}
    >
      {children(open ? cardId : undefined)}
      {open ? (
        <div ref={refs.setFloating} id={cardId} role="tooltip" className="it-preview" style={floatingStyles}>
          <TaskPreviewCard taskId={taskId} />
        </div>
      ) : null}
    </span>
  );
}

function TaskPreviewCard({ taskId }: { taskId: string }) {
  const { data, loading } = useIssueTaskPreview(taskId);
  if (data === undefined) {
    return <p className="muted">{loading ? TASKS_TEXT.previewLoading : TASKS_TEXT.previewFailed}</p>;
  }
  if (data === null) return <p className="muted">{TASKS_TEXT.previewFailed}</p>;
  const closed = data.state === 'CLOSED';
  return (
    <div className="it-preview-card" data-testid="task-preview">
      <div className="it-preview-meta">
        <Badge variant={closed ? 'info' : 'success'}>{closed ? TASKS_TEXT.closed : TASKS_TEXT.open}</Badge>
        <span className="muted">{data.typeName}</span>
        <span className="muted">{data.reference}</span>
        {data.confidential ? <Badge variant="warning">{TASKS_TEXT.confidential}</Badge> : null}
      </div>
      <p className="it-preview-title">{data.title}</p>
      {data.assignees.length > 0 ? (
        <p className="it-preview-assignees">
          <span className="muted">{TASKS_TEXT.assignees}:</span>
          {data.assignees.map((user) => (
            <span key={user.id} className="it-preview-assignee">
              <Avatar name={user.name} colorKey={user.username} size={16} />
              {user.name}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
