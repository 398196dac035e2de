import { TimeAgo } from '../../components/issuable/index.ts';
import type { TodoItemView } from '../../data/index.ts';
import { Avatar, Button } from '../../ui/index.ts';
import { actionText, TODO_TEXT } from './todoTexts.ts';

/**
 * One to-do as GitLab's To-Do List shows it: the author, what they did, the target's reference and
 * title (a real link), when; Mark as done while pending, Undo once done.
 */
export function TodoRow({
  todo,
  busy,
  onMarkDone,
  onRestore,
}: {
  todo: TodoItemView;
  busy: boolean;
  onMarkDone: (todo: TodoItemView) => void;
  onRestore: (todo: TodoItemView) => void;
}) {
  const { author } = todo;
  return (
    <li className={`todo-row todo-row-${todo.state}`} data-testid="todo-row">
      <Avatar name={author.name} colorKey={author.username} size={32} />
      <div className="todo-body">
        <p className="todo-summary">
          <a className="todo-author" href={author.webPath}>
            {author.name}
          </a>{' '}
          <span className="todo-action">
            {actionText(todo.action)}
            {todo.placeKind ? TODO_TEXT.accessTo(todo.placeKind) : null}
          </span>
          {todo.createdAt ? (
            <>
              {' · '}
              <TimeAgo instant={todo.createdAt} />
            </>
          ) : null}
        </p>
        <a className="todo-target" href={todo.url} data-testid="todo-target">
          <span className="todo-reference">{todo.reference}</span>{' '}
          <span className="todo-title">{todo.title}</span>
        </a>
        {todo.noteBody ? (
          <blockquote className="todo-note" data-testid="todo-note">
            {todo.noteBody}
          </blockquote>
        ) : null}
      </div>
      <div className="todo-actions">
        {todo.state === 'pending' ? (
          <Button onClick={() => onMarkDone(todo)} disabled={busy} data-testid="todo-mark-done">
            {TODO_TEXT.markDone}
          </Button>
        ) : (
          <Button onClick={() => onRestore(todo)} disabled={busy} data-testid="todo-undo">
            {TODO_TEXT.undo}
          </Button>
        )}
      </div>
    </li>
  );
}
