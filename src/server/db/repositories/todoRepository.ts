import { sql } from 'kysely';
import type { TodoState } from '../../../core/domain/todos.ts';
import type { Executor } from '../executor.ts';
import type { NewTodo, TodoRow } from '../schema.ts';
import { fitsSqlInteger } from '../sqlInteger.ts';

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

export async function countTodosOfUser(db: Executor, userId: number, state: TodoState): Promise<number> {
  const row = await db
    .selectFrom('todos')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('state', '=', state)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface TodoListFilter {
  readonly userId: number;
  readonly state?: TodoState | undefined;
  readonly types?: readonly TodoTargetType[] | undefined;
}

/** A user's to-dos, newest first (GitLab's to-do list order). */
export async function listTodosOfUser(
  db: Executor,
  filter: TodoListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: TodoRow[]; total: number }> {
  const base = () => {
    let query = db.selectFrom('todos').where('user_id', '=', filter.userId);
    if (filter.state) query = query.where('state', '=', filter.state);
    if (filter.types) {
      const types = [...filter.types];
      query = query.where((eb) => (types.length > 0 ? eb('target_type', 'in', types) : eb.val(false)));
    }
    return query;
  };
  const [rows, total] = await Promise.all([
    base()
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
