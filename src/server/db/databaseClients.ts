import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is asking the database, for taking turns fairly (sessionLock.ts): each HTTP request is one
 * client, whatever number of statements it sends at once. A GraphQL batch runs its ten queries
 * concurrently; without this, each of them queues statements ahead of the next request's first.
 */
const clients = new AsyncLocalStorage<symbol>();

/**
 * Whether a database of this process has its clients take turns on one session (PGlite). Until one
 * does, requests run as no client: following an async flow puts a hook on every promise of every
 * request, for nothing on PostgreSQL's pool.
 */
let clientsTakeTurns = false;

/** Said by a session lock as it is made: from then on, each request is a client of its own. */
export function startTakingTurns(): void {
  clientsTakeTurns = true;
}

/** Runs `task` as a client of its own: every statement its async flow sends counts as this client's. */
export function runAsDatabaseClient<T>(task: () => T): T {
  return clientsTakeTurns ? clients.run(Symbol('database client'), task) : task();
}

/** The client of the current async flow, or undefined outside any (startup, seeding, jobs). */
export function currentDatabaseClient(): symbol | undefined {
  return clients.getStore();
}
