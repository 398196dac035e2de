import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Full-text search (the top bar's search and GitLab's `GET /search`): GIN indexes over the
 * `tsvector` of each searchable row, kept by the database as rows change. They are expression
 * indexes rather than stored generated columns so that no row type, `selectAll` or copy of a row
 * gains a column; the repository (searchRepository.ts) writes the very same expressions, which is
 * how the planner finds the index. The 'simple' configuration neither stems nor drops stop words:
 * titles and names are matched word for word, any language. Descriptions are indexed up to their
 * first 65,536 characters, which keeps each `tsvector` under PostgreSQL's 1 MB limit (a longer
 * one would fail the write) and bounds the work per write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE INDEX issues_search ON issues
  USING gin (to_tsvector('simple', title || ' ' || left(description, 65536)));
CREATE INDEX epics_search ON epics
  USING gin (to_tsvector('simple', title || ' ' || left(description, 65536)));
CREATE INDEX projects_search ON projects
  USING gin (to_tsvector('simple', name || ' ' || path || ' ' || left(description, 65536)));
CREATE INDEX namespaces_search ON namespaces
  USING gin (to_tsvector('simple', name || ' ' || path || ' ' || left(description, 65536)));
CREATE INDEX users_search ON users
  USING gin (to_tsvector('simple', name || ' ' || username));
`,
  );
}
