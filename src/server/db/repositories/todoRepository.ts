import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { AccessLevel } from '../../../core/domain/accessLevel.ts';
import type { TodoState } from '../../../core/domain/todos.ts';
import type { Executor } from '../executor.ts';
import { type OffsetLimit, pageWithTotal } from '../pagination.ts';
import type { Database, NewTodo, TodoRow } from '../schema.ts';
import { fitsSqlInteger } from '../sqlInteger.ts';
import { namespaceVisibleTo, projectVisibleTo, type Viewer } from './visibility.ts';

/** GitLab's Reporter: the least role that reads confidential epics and issues. */
const REPORTER = 20;

/**
 * Whether the to-do's target is one its user may still read (GitLab's read_epic, read_issue and
 * read_merge_request): a to-do outlives a lost membership or a target made confidential, but it is
 * then neither listed nor counted. The same rule as services/access.ts and issueReadableBy, written as SQL so that
 * lists and counts agree.
 */
function targetReadable(eb: ExpressionBuilder<Database, 'todos'>, viewer: Viewer): Expression<SqlBool> {
  if (viewer.isAdmin) return sql<SqlBool>`true`;
  const userId = viewer.userId ?? 0;
  /** The user holds at least `level` through a membership the scope names. */
  const holdsIn = (level: number, scope: ReturnType<typeof sql<SqlBool>>) =>
    eb.exists(
      eb
        .selectFrom('member_authorizations as members')
        .select(sql`1`.as('one'))
        .where('members.user_id', '=', userId)
        .where('members.access_level', '>=', level)
        .where(scope),
    );
  const reporterIn = (scope: ReturnType<typeof sql<SqlBool>>) => holdsIn(REPORTER, scope);
  const inNamespaceChain = sql<SqlBool>`members.source_type = 'Namespace' AND members.source_id = ANY(namespaces.traversal_ids)`;
  const epic = eb
    .selectFrom('epics')
    .innerJoin('namespaces', 'namespaces.id', 'epics.group_id')
    .select(sql`1`.as('one'))
    .whereRef('epics.id', '=', 'todos.target_id')
    .where((inner) => namespaceVisibleTo(inner as never, viewer))
    .where((inner) => inner.or([inner('epics.confidential', '=', false), reporterIn(inNamespaceChain)]));
  const issue = eb
    .selectFrom('issues')
    .innerJoin('projects', 'projects.id', 'issues.project_id')
    .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
    .select(sql`1`.as('one'))
    .whereRef('issues.id', '=', 'todos.target_id')
    .where((inner) => projectVisibleTo(inner as never, viewer))
    .where((inner) =>
      inner.or([
        inner('issues.confidential', '=', false),
        inner('issues.author_id', '=', userId),
        inner.exists(
          inner
            .selectFrom('issue_assignees')
            .select(sql`1`.as('one'))
            .whereRef('issue_assignees.issue_id', '=', 'issues.id')
            .where('issue_assignees.user_id', '=', userId),
        ),
        reporterIn(
          sql<SqlBool>`(${inNamespaceChain}) OR (members.source_type = 'Project' AND members.source_id = projects.id)`,
        ),
      ]),
    );
  // GitLab's read_merge_request: whoever sees a public or internal project; Reporters and up of a
  // private one.
  const mergeRequest = eb
    .selectFrom('merge_requests')
    .innerJoin('projects', 'projects.id', 'merge_requests.project_id')
    .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
    .select(sql`1`.as('one'))
    .whereRef('merge_requests.id', '=', 'todos.target_id')
    .where((inner) => projectVisibleTo(inner as never, viewer))
    .where((inner) =>
      inner.or([
        inner('projects.visibility_level', '>=', 10),
        reporterIn(
          sql<SqlBool>`(${inNamespaceChain}) OR (members.source_type = 'Project' AND members.source_id = projects.id)`,
        ),
      ]),
    );
  // An access request's to-do stays readable while its user may still answer it: a group's owners,
  // a project's maintainers (GitLab's admin_group_member and admin_project_member).
  const group = eb
    .selectFrom('namespaces')
    .select(sql`1`.as('one'))
    .whereRef('namespaces.id', '=', 'todos.target_id')
    .where(holdsIn(AccessLevel.Owner, inNamespaceChain));
  const project = eb
    .selectFrom('projects')
    .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
    .select(sql`1`.as('one'))
    .whereRef('projects.id', '=', 'todos.target_id')
    .where(
      holdsIn(
        AccessLevel.Maintainer,
        sql<SqlBool>`(${inNamespaceChain}) OR (members.source_type = 'Project' AND members.source_id = projects.id)`,
      ),
    );
  return eb.or([
    eb.and([eb('todos.target_type', '=', 'Epic'), eb.exists(epic)]),
    eb.and([eb('todos.target_type', '=', 'Issue'), eb.exists(issue)]),
    eb.and([eb('todos.target_type', '=', 'MergeRequest'), eb.exists(mergeRequest)]),
    eb.and([eb('todos.target_type', '=', 'Namespace'), eb.exists(group)]),
    eb.and([eb('todos.target_type', '=', 'Project'), eb.exists(project)]),
  ]);
}

export type TodoTargetType = TodoRow['target_type'];

/** First key of the per-user to-do advisory lock, so it cannot collide with other advisory locks. */
const TODO_LOCK_CLASS = 0x544f444f; // "TODO"

/**
 * Serialises one user's to-do writes until the caller's transaction ends: "create unless one is
 * pending" reads then inserts, and two concurrent clicks must not both insert.
 */
export async function lockTodosOfUser(db: Executor, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${TODO_LOCK_CLASS}::int4, ${userId}::int4)`.execute(db);
}

export function findTodoById(db: Executor, id: number): Promise<TodoRow | undefined> {
  if (!fitsSqlInteger(id)) return Promise.resolve(undefined);
  return db.selectFrom('todos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's oldest pending to-do on a target, if any (whatever its action). */
export function findPendingTodo(
  db: Executor,
  userId: number,
  target: { type: TodoTargetType; id: number },
): Promise<TodoRow | undefined> {
  return db
    .selectFrom('todos')
    .selectAll()
    .where('user_id', '=', userId)
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .where('state', '=', 'pending')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The user's to-dos on many targets of one type at once, oldest first, keyed by target id. */
export async function findTodosOfTargets(
  db: Executor,
  userId: number,
  type: TodoTargetType,
  targetIds: readonly number[],
): Promise<Map<number, TodoRow[]>> {
  const byTarget = new Map<number, TodoRow[]>();
  if (targetIds.length === 0) return byTarget;
  const rows = await db
    .selectFrom('todos')
    .selectAll()
    .where('user_id', '=', userId)
    .where('target_type', '=', type)
    .where('target_id', 'in', [...targetIds])
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const ofTarget = byTarget.get(row.target_id);
    if (ofTarget) ofTarget.push(row);
    else byTarget.set(row.target_id, [row]);
  }
  return byTarget;
}

export function insertTodo(db: Executor, todo: NewTodo): Promise<TodoRow> {
  return db.insertInto('todos').values(todo).returningAll().executeTakeFirstOrThrow();
}

export async function insertTodos(db: Executor, todos: readonly NewTodo[]): Promise<void> {
  if (todos.length > 0)
    await db
      .insertInto('todos')
      .values([...todos])
      .execute();
}

/** Marks done everyone's pending to-dos of one action on a target by one author (a request answered). */
export async function markTodosOfTargetDone(
  db: Executor,
  target: { type: TodoTargetType; id: number },
  by: { action: number; authorId: number },
  now: Date,
): Promise<void> {
  await db
    .updateTable('todos')
    .set({ state: 'done', updated_at: now })
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .where('action', '=', by.action)
    .where('author_id', '=', by.authorId)
    .where('state', '=', 'pending')
    .execute();
}

/** Marks one user's pending to-dos on a target done (GitLab's mark_pending_todos_as_done). */
export async function markUserTodosOfTargetDone(
  db: Executor,
  target: { type: TodoTargetType; id: number },
  userId: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('todos')
    .set({ state: 'done', updated_at: now })
    .where('target_type', '=', target.type)
    .where('target_id', '=', target.id)
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .execute();
}

/** Marks the to-do done (a done one stays as it is); the row as it is afterwards. */
export async function markTodoDone(db: Executor, id: number, now: Date): Promise<TodoRow | undefined> {
  const updated = await db
    .updateTable('todos')
    .set({ state: 'done', updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  return updated ?? findTodoById(db, id);
}

/** Brings a done to-do back to pending (a pending one stays as it is); the row as it is afterwards. */
export async function restoreTodo(db: Executor, id: number, now: Date): Promise<TodoRow | undefined> {
  const updated = await db
    .updateTable('todos')
    .set({ state: 'pending', updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'done')
    .returningAll()
    .executeTakeFirst();
  return updated ?? findTodoById(db, id);
}

/**
 * Marks done every pending to-do of the user whose target they may still read, and answers those.
 * To-dos on hidden targets stay as they are: the user cannot see them, so "all" cannot mean them,
 * and they come back pending if access does. With `target`, only the to-dos on that item.
 */
export function markAllTodosDone(
  db: Executor,
  user: Viewer,
  now: Date,
  target?: { type: TodoTargetType; id: number },
): Promise<TodoRow[]> {
  let query = db
    .updateTable('todos')
    .set({ state: 'done', updated_at: now })
    .where('user_id', '=', user.userId ?? 0)
    .where('state', '=', 'pending')
    .where((eb) => targetReadable(eb as never, user));
  if (target) query = query.where('target_type', '=', target.type).where('target_id', '=', target.id);
  return query.returningAll().execute();
}

/** The user's to-do with this id, only while its target is readable to them (GitLab's read_todo). */
export function findReadableTodoOfUser(db: Executor, user: Viewer, id: number): Promise<TodoRow | undefined> {
  if (!fitsSqlInteger(id)) return Promise.resolve(undefined);
  return db
    .selectFrom('todos')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', user.userId ?? 0)
    .where((eb) => targetReadable(eb, user))
    .executeTakeFirst();
}

/** The user's to-dos in a state, counting only those whose target they may still read. */
export async function countTodosOfUser(db: Executor, user: Viewer, state: TodoState): Promise<number> {
  const row = await db
    .selectFrom('todos')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', user.userId ?? 0)
    .where('state', '=', state)
    .where((eb) => targetReadable(eb, user))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface TodoListFilter {
  /** The to-dos' owner, who sees only those whose target they may still read. */
  readonly user: Viewer;
  readonly state?: TodoState | undefined;
  readonly types?: readonly TodoTargetType[] | undefined;
  /** Stored action numbers (GitLab's `Todo::ASSIGNED` = 1 …); any of them. */
  readonly actions?: readonly number[] | undefined;
  readonly authorIds?: readonly number[] | undefined;
  readonly projectIds?: readonly number[] | undefined;
  /** To-dos in these groups or their subgroups, on the groups themselves or on their projects. */
  readonly groupIds?: readonly number[] | undefined;
}

/** `column IN (…)`, where an empty list matches nothing (a filter that names nothing this app has). */
function inList(
  eb: ExpressionBuilder<Database, 'todos'>,
  column: 'target_type' | 'action' | 'author_id' | 'project_id',
  values: readonly (string | number)[],
): Expression<SqlBool> {
  return values.length > 0 ? eb(column, 'in', [...values] as never[]) : eb.val(false);
}

/** GitLab's group filter: the group and its descendants, and the projects in them (by traversal ids). */
function inGroups(
  eb: ExpressionBuilder<Database, 'todos'>,
  groupIds: readonly number[],
): Expression<SqlBool> {
  if (groupIds.length === 0) return eb.val(false);
  const ids = sql.join(groupIds.map((id) => sql`${id}::int4`));
  const inTree = sql<SqlBool>`namespaces.traversal_ids && ARRAY[${ids}]`;
  return eb.or([
    eb('todos.group_id', 'in', eb.selectFrom('namespaces').select('namespaces.id').where(inTree)),
    eb(
      'todos.project_id',
      'in',
      eb
        .selectFrom('projects')
        .innerJoin('namespaces', 'namespaces.id', 'projects.namespace_id')
        .select('projects.id')
        .where(inTree),
    ),
  ]);
}

/** A user's to-dos on targets they may still read, newest first (GitLab's to-do list order). */
export async function listTodosOfUser(
  db: Executor,
  filter: TodoListFilter,
  page: OffsetLimit,
): Promise<{ rows: TodoRow[]; total: number }> {
  const base = () => {
    let query = db
      .selectFrom('todos')
      .where('user_id', '=', filter.user.userId ?? 0)
      .where((eb) => targetReadable(eb, filter.user));
    if (filter.state) query = query.where('state', '=', filter.state);
    const { types, actions, authorIds, projectIds, groupIds } = filter;
    if (types) query = query.where((eb) => inList(eb, 'target_type', types));
    if (actions) query = query.where((eb) => inList(eb, 'action', actions));
    if (authorIds) query = query.where((eb) => inList(eb, 'author_id', authorIds));
    if (projectIds) query = query.where((eb) => inList(eb, 'project_id', projectIds));
    if (groupIds) query = query.where((eb) => inGroups(eb, groupIds));
    return query;
  };
  return pageWithTotal(
    base(),
    (query) => query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    page,
  );
}
