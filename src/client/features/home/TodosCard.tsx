import { DASHBOARD_TODOS_PATH } from '../../../core/domain/webPaths.ts';
import { TimeAgo } from '../../components/issuable/index.ts';
import { usePendingTodos } from '../../data/index.ts';
import { Alert, Loading } from '../../ui/index.ts';
import { HOME_LIST_SIZE } from './AssignedIssuesCard.tsx';
import { HOME_TEXTS } from './homeTexts.ts';

/** The signed-in user's newest pending to-dos, with a link to the To-Do List. */
export function TodosCard() {
  const { data, loading, failed } = usePendingTodos(HOME_LIST_SIZE, true);
  return (
    <section className="home-card" aria-labelledby="home-todos" data-testid="home-todos">
      <h2 id="home-todos" className="home-card-title">
        {HOME_TEXTS.todos}
        {data ? <span className="count-pill">{data.total}</span> : null}
      </h2>
      {failed ? <Alert variant="danger">{HOME_TEXTS.todosError}</Alert> : null}
      {loading && !data ? <Loading label="Loading to-do items" /> : null}
      {data && data.items.length === 0 ? <p className="muted">{HOME_TEXTS.todosNone}</p> : null}
      {data && data.items.length > 0 ? (
        <ul className="dashboard-list">
          {data.items.map((todo) => (
            <li key={todo.id} className="dashboard-row" data-testid="home-todo">
              <span>
                {todo.authorName} {todo.actionText}{' '}
                <a className="dashboard-row-title" href={todo.targetPath}>
                  {todo.targetTitle}
                </a>
              </span>
              {todo.createdAt ? (
                <span className="dashboard-row-meta muted">
                  <TimeAgo instant={todo.createdAt} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <a className="home-card-more" href={DASHBOARD_TODOS_PATH} data-testid="home-todos-all">
        {HOME_TEXTS.todosAll}
      </a>
    </section>
  );
}
