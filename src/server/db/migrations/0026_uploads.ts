import type { Kysely } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Markdown uploads (GitLab's `uploads`), first laid out in 0001 with the bytes in the row and never
 * written since. The bytes now live in the file store (local disk or the object store, as metric
 * images do), keyed by the owner, the secret and the name; the row keeps who may read them (whoever
 * reads the project or group) and how to serve them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
ALTER TABLE uploads DROP COLUMN content;
ALTER TABLE uploads DROP COLUMN checksum;
ALTER TABLE uploads ALTER COLUMN size TYPE bigint;
ALTER TABLE uploads ADD CONSTRAINT uploads_size_positive CHECK (size > 0);
ALTER TABLE uploads ADD CONSTRAINT uploads_secret_format CHECK (secret ~ '^[0-9a-f]{32}$');
ALTER TABLE uploads ADD CONSTRAINT uploads_filename_length CHECK (char_length(filename) BETWEEN 1 AND 255);
`,
  );
}
