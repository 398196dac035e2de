import {
  type Driver,
  DummyDriver,
  Kysely,
  type KyselyConfig,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Database } from './schema.ts';

/**
 * Kysely with PostgreSQL's compiler and no database behind it, for unit tests: by default every
 * statement answers no rows; `driver` answers otherwise (one that fails, say).
 */
export function offlineDatabase(
  driver: Driver = new DummyDriver(),
  config: Omit<KyselyConfig, 'dialect'> = {},
): Kysely<Database> {
  return new Kysely<Database>({
    ...config,
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}
