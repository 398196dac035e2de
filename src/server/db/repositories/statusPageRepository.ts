import type { Executor } from '../executor.ts';
import type { StatusPagePublishedIncidentRow, StatusPageSettingsRow } from '../schema.ts';

export function findStatusPageSettings(
  db: Executor,
  projectId: number,
): Promise<StatusPageSettingsRow | undefined> {
  return db
    .selectFrom('status_page_settings')
    .selectAll()
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

/** The editable columns of a project's settings. */
export interface StatusPageSettingsValues {
  readonly enabled: boolean;
  readonly statusPageUrl: string | null;
  readonly bucketName: string;
  readonly region: string;
  readonly accessKeyId: string;
  /** Undefined keeps the saved one. */
  readonly secretAccessKey: string | undefined;
  readonly endpoint: string | null;
}

export async function saveStatusPageSettings(
  db: Executor,
  project: { readonly id: number; readonly rootNamespaceId: number },
  values: StatusPageSettingsValues,
  now: Date,
): Promise<void> {
  const columns = {
    enabled: values.enabled,
    status_page_url: values.statusPageUrl,
    aws_s3_bucket_name: values.bucketName,
    aws_region: values.region,
    aws_access_key: values.accessKeyId,
    s3_endpoint: values.endpoint,
    updated_at: now,
    ...(values.secretAccessKey === undefined ? {} : { aws_secret_key: values.secretAccessKey }),
  };
  await db
    .insertInto('status_page_settings')
    .values({
      project_id: project.id,
      root_namespace_id: project.rootNamespaceId,
      created_at: now,
      ...columns,
    })
    .onConflict((conflict) => conflict.column('project_id').doUpdateSet(columns))
    .execute();
}

/** Forgets what was written (the target changed): every file is written again next time. */
export async function forgetPublishedDigests(db: Executor, projectId: number): Promise<void> {
  await db
    .updateTable('status_page_settings')
    .set({ list_digest: null })
    .where('project_id', '=', projectId)
    .execute();
  await db
    .updateTable('status_page_published_incidents')
    .set({ published_digest: null })
    .where('project_id', '=', projectId)
    .execute();
}

/** Projects whose status page is active and has something published (or to take off). */
export async function findProjectIdsToPublish(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('status_page_settings as s')
    .select('s.project_id')
    .where('s.enabled', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('status_page_published_incidents as p')
          .select('p.id')
          .whereRef('p.project_id', '=', 's.project_id'),
      ),
    )
    .orderBy('s.project_id')
    .execute();
  return rows.map((row) => row.project_id);
}

export function findPublishedIncidents(
  db: Executor,
  projectId: number,
): Promise<StatusPagePublishedIncidentRow[]> {
  return db
    .selectFrom('status_page_published_incidents')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
}

export async function isIssuePublished(db: Executor, issueId: number): Promise<boolean> {
  const row = await db
    .selectFrom('status_page_published_incidents')
    .select('id')
    .where('issue_id', '=', issueId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPublishedIncident(
  db: Executor,
  incident: { readonly projectId: number; readonly issueId: number; readonly issueIid: number },
  now: Date,
): Promise<void> {
  await db
    .insertInto('status_page_published_incidents')
    .values({
      project_id: incident.projectId,
      issue_id: incident.issueId,
      issue_iid: incident.issueIid,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function setPublishedDigest(db: Executor, id: number, digest: string, now: Date): Promise<void> {
  await db
    .updateTable('status_page_published_incidents')
    .set({ published_digest: digest, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deletePublishedIncident(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('status_page_published_incidents').where('id', '=', id).execute();
}

/** Records a publication's outcome; `listDigest` only when the list was written. */
export async function recordPublication(
  db: Executor,
  projectId: number,
  outcome: { readonly error: string | null; readonly listDigest?: string; readonly at: Date },
): Promise<void> {
  await db
    .updateTable('status_page_settings')
    .set({
      last_error: outcome.error,
      ...(outcome.error === null ? { last_published_at: outcome.at } : {}),
      ...(outcome.listDigest === undefined ? {} : { list_digest: outcome.listDigest }),
    })
    .where('project_id', '=', projectId)
    .execute();
}

/**
 * The status page address of each of these issues that is published in a project whose status page
 * is active, by issue id (a page's batch loader).
 */
export async function findPublishedIncidentPages(
  db: Executor,
  issueIds: readonly number[],
): Promise<Map<number, { readonly statusPageUrl: string | null; readonly iid: number }>> {
  if (issueIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('status_page_published_incidents as p')
    .innerJoin('status_page_settings as s', 's.project_id', 'p.project_id')
    .select(['p.issue_id', 'p.issue_iid', 's.status_page_url'])
    .where('p.issue_id', 'in', issueIds)
    .where('s.enabled', '=', true)
    .execute();
  return new Map(
    rows.map((row) => [row.issue_id!, { statusPageUrl: row.status_page_url, iid: row.issue_iid }]),
  );
}
