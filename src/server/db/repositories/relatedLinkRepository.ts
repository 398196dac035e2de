import type { Selectable } from 'kysely';
import type { Executor } from '../executor.ts';
import type { IssueLinksTable, RelatedEpicLinksTable } from '../schema.ts';
import { fitsSqlInteger } from '../sqlInteger.ts';

/**
 * Related items: `related_epic_links` between epics and `issue_links` between issues. Both store
 * `is_blocked_by` as `blocks` with source and target swapped, as GitLab does, and at most one link
 * per ordered pair; the services keep a pair from being linked in both directions.
 */
export type RelatedLinkTable = 'related_epic_links' | 'issue_links';
export type RelatedLinkRow = Selectable<RelatedEpicLinksTable> | Selectable<IssueLinksTable>;

/** Every link touching the item, either side, oldest first. */
export function findLinksOf(
  db: Executor,
  table: RelatedLinkTable,
  itemId: number,
): Promise<RelatedLinkRow[]> {
  return db
    .selectFrom(table)
    .selectAll()
    .where((eb) => eb.or([eb('source_id', '=', itemId), eb('target_id', '=', itemId)]))
    .orderBy('id', 'asc')
    .execute();
}

export function findLinkById(
  db: Executor,
  table: RelatedLinkTable,
  id: number,
): Promise<RelatedLinkRow | undefined> {
  if (!fitsSqlInteger(id)) return Promise.resolve(undefined);
  return db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertLink(
  db: Executor,
  table: RelatedLinkTable,
  link: {
    rootNamespaceId: number;
    sourceId: number;
    targetId: number;
    linkType: 'relates_to' | 'blocks';
  },
): Promise<RelatedLinkRow> {
  return db
    .insertInto(table)
    .values({
      root_namespace_id: link.rootNamespaceId,
      source_id: link.sourceId,
      target_id: link.targetId,
      link_type: link.linkType,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteLink(db: Executor, table: RelatedLinkTable, id: number): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}
