import type { TestServer } from './testServer.ts';

/** The id of a seeded project, by its full path. */
export async function projectIdOf(server: TestServer, fullPath: string): Promise<number> {
  const row = await server.db
    .selectFrom('projects')
    .select('id')
    .where('full_path', '=', fullPath)
    .executeTakeFirstOrThrow();
  return row.id;
}
