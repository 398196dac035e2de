/** The viewer's to-do on an epic or an issue (signed-in only; spec, "To-do"). */
import { useState } from 'react';
import { firstErrorMessage, type TodoState } from '../../data/index.ts';
import { usePushToast } from '../../state/index.ts';
import { Button, Icon, Tooltip } from '../../ui/index.ts';
import {
  BlockAlert,
  type BlockError,
  BlockFetchError,
  blockErrorText,
  CollapsedItem,
  SIDEBAR_TEXT,
  type SidebarIssuable,
  writeError,
} from './index.ts';
import { todoToggleEvent } from './todoEvent.ts';

export function TodoBlock({
  issuable,
  todo,
  collapsed,
}: {
  issuable: SidebarIssuable;
  todo: TodoState;
  collapsed: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BlockError | null>(null);
  const pushToast = usePushToast();
  const view = todo.data;
  const pending = view?.todoId != null;
  const label = pending ? SIDEBAR_TEXT.todoDone : SIDEBAR_TEXT.todoAdd;

  const toggle = async () => {
    if (!view || busy) return;
    setBusy(true);
    setError(null);
    const result = await todo.toggle(view);
    setBusy(false);
    if (result.ok) document.dispatchEvent(todoToggleEvent(result.value));
    else {
      const failure = writeError(SIDEBAR_TEXT.todoError(issuable), result.error);
      // The collapsed icon has no room for an alert: the failure becomes a toast.
      if (collapsed) pushToast(blockErrorText(failure), 'danger');
      else setError(failure);
    }
  };

  if (collapsed) {
    return (
      <CollapsedItem
        block="todo"
        label={label}
        icon={<Icon name={pending ? 'todoDone' : 'todoAdd'} />}
        disabled={!view || busy}
        onClick={() => void toggle()}
      />
    );
  }
  return (
    <div className="sidebar-todo" aria-busy={todo.loading} data-testid="sidebar-todo">
      <Tooltip text={label} placement="bottom">
        {() => (
          <Button
            onClick={() => void toggle()}
            disabled={!view || busy}
            aria-busy={busy}
            icon={pending ? 'todoDone' : 'todoAdd'}
            data-testid="sidebar-todo-toggle"
          >
            {label}
          </Button>
        )}
      </Tooltip>
      {todo.error ? (
        <BlockFetchError text={SIDEBAR_TEXT.todoError(issuable)} detail={firstErrorMessage(todo.error)} />
      ) : null}
      {error ? <BlockAlert error={error} onDismiss={() => setError(null)} /> : null}
    </div>
  );
}
