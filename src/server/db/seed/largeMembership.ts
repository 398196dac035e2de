import { type Kysely, sql } from 'kysely';
import { AccessLevel } from '../../../core/domain/accessLevel.ts';
import type { Database } from '../schema.ts';
import { LARGE_TREE } from './largeTree.ts';

/**
 * The `portfolio` group's crowd: 2,000 people who follow the portfolio (Reporters, a few
 * Developers), so that its members page shows a list as long as a large organisation's, windowed
 * and fetched as it scrolls. Their names are combinations of the lists below, chosen apart from the
 * demo's own people so that a search for one of those still finds only them. Written in two
 * set-based statements after the large tree; each person signs in with the demo password.
 */
export const LARGE_MEMBERSHIP = {
  groupPath: LARGE_TREE.groupPath,
  people: 2_000,
  /** Every this-many-th person is a Developer; the others are Reporters. */
  developerEvery: 7,
} as const;

const FIRST_NAMES: readonly string[] = (
  'Amara Bastien Chiara Dmitri Elif Farid Hana Ivo Jonas Kaito Leila Marek Nadia Oskar ' +
  'Priya Quentin Rosa Sven Talia Umar Vera Wim Ximena Yusuf Zofia Anouk Bruno Celine ' +
  'Darius Esther Felix Henrik Ines Jana Kofi Lars Mina Nils Olga Paulo'
).split(' ');

const LAST_NAMES: readonly string[] = (
  'Abara Bianchi Castillo Dubois Eriksen Fontaine Haddad Ivanova Jensen Kowalski Lindqvist ' +
  'Moreau Nakamura Okafor Petrov Quispe Rossi Sato Tanaka Urban Varga Wolff Xu Yilmaz ' +
  'Zeller Almeida Brandt Costa Dahl Esposito Fischer Horvat Iqbal Janssen Kim Lopez Mbeki ' +
  'Novak Ortiz Pereira Ramos Silva Torres Ueda Vidal Wagner Yoshida Zhou Baker Cole'
).split(' ');

/** Inserts the crowd and makes them members of `portfolio`; answers how many memberships. */
export async function insertLargeMembership(db: Kysely<Database>, passwordHash: string): Promise<number> {
  const firsts = sql`ARRAY[${sql.join(FIRST_NAMES.map((name) => sql`${name}::text`))}]`;
  const lasts = sql`ARRAY[${sql.join(LAST_NAMES.map((name) => sql`${name}::text`))}]`;
  const group = await db
    .selectFrom('namespaces')
    .select(['id', 'root_namespace_id'])
    .where('full_path', '=', LARGE_MEMBERSHIP.groupPath)
    .executeTakeFirstOrThrow();
  // Person n (from 0) is first name n mod 40 and last name n div 40: 40 × 50 distinct names.
  const inserted = await sql<{ user_id: number }>`
    WITH names AS (
      SELECT n, (${firsts})[1 + n % ${FIRST_NAMES.length}] AS first,
                (${lasts})[1 + n / ${FIRST_NAMES.length}] AS last
      FROM generate_series(0, ${LARGE_MEMBERSHIP.people - 1}) AS n
    ), people AS (
      INSERT INTO users (username, email, name, password_hash, created_at)
      SELECT lower(first || '.' || last), lower(first || '.' || last) || '@example.com',
             first || ' ' || last, ${passwordHash}, now()
      FROM names ORDER BY n
      RETURNING id
    )
    INSERT INTO members (root_namespace_id, user_id, source_type, source_id, access_level, created_at)
    SELECT ${group.root_namespace_id}, id, 'Namespace', ${group.id},
           CASE WHEN id % ${LARGE_MEMBERSHIP.developerEvery} = 0
                THEN ${AccessLevel.Developer}::int ELSE ${AccessLevel.Reporter}::int END,
           now()
    FROM people
    RETURNING user_id`.execute(db);
  return inserted.rows.length;
}
