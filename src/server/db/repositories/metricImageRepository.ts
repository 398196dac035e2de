import type { Executor } from '../executor.ts';
import type { MetricImageRow } from '../schema.ts';

export interface NewMetricImage {
  readonly rootNamespaceId: number;
  readonly issueId: number;
  readonly file: string;
  readonly contentType: MetricImageRow['content_type'];
  readonly size: number;
  readonly url: string | null;
  readonly urlText: string | null;
  readonly now: Date;
}

/** An incident's metric images, oldest first (GitLab's `order_created_at_asc`). */
export function listMetricImagesOfIssue(db: Executor, issueId: number): Promise<MetricImageRow[]> {
  return db
    .selectFrom('issuable_metric_images')
    .selectAll()
    .where('issue_id', '=', issueId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** One image of the issue; undefined when it does not exist or belongs to another issue. */
export function findMetricImageOfIssue(
  db: Executor,
  issueId: number,
  imageId: number,
): Promise<MetricImageRow | undefined> {
  return db
    .selectFrom('issuable_metric_images')
    .selectAll()
    .where('issue_id', '=', issueId)
    .where('id', '=', imageId)
    .executeTakeFirst();
}

export function findMetricImageById(db: Executor, imageId: number): Promise<MetricImageRow | undefined> {
  return db.selectFrom('issuable_metric_images').selectAll().where('id', '=', imageId).executeTakeFirst();
}

export function insertMetricImage(db: Executor, image: NewMetricImage): Promise<MetricImageRow> {
  return db
    .insertInto('issuable_metric_images')
    .values({
      root_namespace_id: image.rootNamespaceId,
      issue_id: image.issueId,
      file: image.file,
      content_type: image.contentType,
      size: image.size,
      url: image.url,
      url_text: image.urlText,
      created_at: image.now,
      updated_at: image.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateMetricImageLink(
  db: Executor,
  imageId: number,
  link: { readonly url?: string | null | undefined; readonly urlText?: string | null | undefined },
  now: Date,
): Promise<MetricImageRow | undefined> {
  return db
    .updateTable('issuable_metric_images')
    .set({
      ...(link.url !== undefined ? { url: link.url } : {}),
      ...(link.urlText !== undefined ? { url_text: link.urlText } : {}),
      updated_at: now,
    })
    .where('id', '=', imageId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteMetricImage(db: Executor, imageId: number): Promise<boolean> {
  // Counted by what came back: PGlite's dialect does not report numDeletedRows.
  const deleted = await db
    .deleteFrom('issuable_metric_images')
    .where('id', '=', imageId)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}
