import { createHash } from 'node:crypto';
import type pg from 'pg';

/** A statement is prepared once it has run this often: one-off texts stay unnamed. */
const RUNS_BEFORE_PREPARING = 3;
/** Prepared statements per connection at most; each holds its plans in the server's memory. */
const MAX_PREPARED = 256;
/** Distinct texts counted before the count starts afresh (lists of varying length make new texts). */
const MAX_COUNTED = 4096;

const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;

/**
 * Which statement texts run under a name. PostgreSQL parses and plans an unnamed statement on every
 * run; the roadmap's summaries statement spent as long being planned (2 ms) as running, and the
 * authentication statement, which every request sends, 1 ms. A named statement is parsed once per
 * connection, and after five runs PostgreSQL keeps a generic plan when it costs no more than the
 * custom ones.
 */
export class StatementNames {
  private readonly runs = new Map<string, number>();
  private readonly names = new Map<string, string>();
  private readonly refused = new Set<string>();

  nameOf(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined) return name;
    if (this.names.size >= MAX_PREPARED || this.refused.has(text) || !PREPARABLE.test(text)) return undefined;
    const runs = (this.runs.get(text) ?? 0) + 1;
    if (runs < RUNS_BEFORE_PREPARING) {
      if (this.runs.size >= MAX_COUNTED) this.runs.clear();
      this.runs.set(text, runs);
      return undefined;
    }
    this.runs.delete(text);
    // The same text always gets the same name, within the 63 bytes an identifier may have.
    const named = `pt_${createHash('sha256').update(text).digest('base64url').slice(0, 40)}`;
    this.names.set(text, named);
    return named;
  }

  /** The text runs unnamed from now on (its prepared form no longer fits the tables). */
  refuse(text: string): void {
    this.names.delete(text);
    this.refused.add(text);
  }
}

/**
 * PostgreSQL refuses a prepared statement whose result columns changed under it (a migration run by
 * another server of the same database); unnamed, the same text is planned afresh.
 */
export const changedUnderStatement = (error: unknown): boolean =>
  (error as { code?: unknown }).code === '0A000' && /cached plan/i.test(String((error as Error).message));

/** Whether a statement opens or closes a transaction (a failed named statement inside one aborts it). */
export function transactionBoundary(text: string): 'begin' | 'end' | undefined {
  if (/^\s*(begin|start transaction)\b/i.test(text)) return 'begin';
  if (/^\s*(commit|rollback)\s*$/i.test(text)) return 'end';
  return undefined;
}

type Query = (...args: unknown[]) => unknown;

/**
 * Sends the pool's repeated statements as named (prepared) statements. Kysely runs every statement
 * as `client.query(text, values)`; other calls (cursors, callbacks, query objects) pass unchanged.
 */
export function prepareRepeatedStatements(pool: pg.Pool, names: StatementNames = new StatementNames()): void {
  pool.on('connect', (client) => {
    const query = client.query as unknown as Query;
    // A failed statement inside a transaction aborts it: only one outside may be run again.
    let inTransaction = false;
    const named: Query = function (this: pg.PoolClient, ...args: unknown[]) {
      const [text, values] = args;
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values))
        return query.apply(this, args);
      const boundary = transactionBoundary(text);
      if (boundary !== undefined) inTransaction = boundary === 'begin';
      const name = names.nameOf(text);
      if (name === undefined) return query.call(this, text, values);
      const retryable = !inTransaction;
      return (query.call(this, { name, text, values }) as Promise<unknown>).catch((error: unknown) => {
        if (!changedUnderStatement(error)) throw error;
        names.refuse(text);
        if (!retryable) throw error;
        return query.call(this, text, values);
      });
    };
    client.query = named as unknown as typeof client.query;
  });
}
