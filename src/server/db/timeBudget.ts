/**
 * The database's time budget per request (issue 13: "no single request can hold the database for
 * seconds"). PostgreSQL enforces it as `statement_timeout` and as the wait for a pooled connection;
 * PGlite runs a statement synchronously and cannot stop one, so there the budget bounds the wait for
 * its one session: a request that would queue longer gives up instead of piling up behind a slow one.
 */
export class DatabaseBusyError extends Error {
  constructor() {
    super('The database is busy; try again shortly');
    this.name = 'DatabaseBusyError';
  }
}

/** PostgreSQL's SQLSTATE for a statement cancelled by `statement_timeout` (query_canceled). */
const QUERY_CANCELED = '57014';

/** Whether the error means the request ran out of its database time (either database). */
export function isOverTimeBudget(error: unknown): boolean {
  if (error instanceof DatabaseBusyError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === QUERY_CANCELED) return true;
  // pg's pool rejects a connection wait that outlasts `connectionTimeoutMillis` with a plain Error.
  return typeof message === 'string' && message.startsWith('timeout exceeded when trying to connect');
}
