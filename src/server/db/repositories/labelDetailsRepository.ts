import { sql } from 'kysely';
import type { Executor } from '../executor.ts';
import { type IssueReader, issueReadableBy } from './issueRepository.ts';

/** The project's priorities of these labels (GitLab's `label_priorities`), by label id. */
export async function findLabelPriorities(
  db: Executor,
  projectId: number,
  labelIds: readonly number[],
): Promise<Map<number, number>> {
  if (labelIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('label_priorities')
    .select(['label_id', 'priority'])
    .where('project_id', '=', projectId)
    .where('label_id', 'in', [...labelIds])
    .execute();
  return new Map(rows.map((row) => [row.label_id, row.priority]));
}

/** Gives a label this priority in the project, or (null) takes its priority away. */
export async function saveLabelPriority(
  db: Executor,
  place: { readonly projectId: number; readonly rootNamespaceId: number },
  labelId: number,
  priority: number | null,
  now: Date,
): Promise<void> {
  if (priority === null) {
    await db
      .deleteFrom('label_priorities')
      .where('project_id', '=', place.projectId)
      .where('label_id', '=', labelId)
      .execute();
    return;
  }
  await db
    .insertInto('label_priorities')
    .values({
      root_namespace_id: place.rootNamespaceId,
      project_id: place.projectId,
      label_id: labelId,
      priority,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['project_id', 'label_id']).doUpdateSet({ priority, updated_at: now }),
    )
    .execute();
}

export interface LabelIssueCounts {
  readonly opened: number;
  readonly closed: number;
}

/**
 * Issues the reader may see that carry a label of each title, open and closed (GitLab counts a
 * label's issues by its title, as the issues list filters by `label_name`). One statement.
 */
export async function countIssuesByLabelTitle(
  db: Executor,
  reader: IssueReader,
  titles: readonly string[],
): Promise<Map<string, LabelIssueCounts>> {
  const counts = new Map<string, LabelIssueCounts>();
  if (titles.length === 0 || reader.projectIds.length === 0) return counts;
  const rows = await db
    .selectFrom('issues')
    .innerJoin('label_links', (join) =>
      join.onRef('label_links.target_id', '=', 'issues.id').on('label_links.target_type', '=', 'Issue'),
    )
    .innerJoin('labels', 'labels.id', 'label_links.label_id')
    .select([
      'labels.title',
      sql<number>`count(DISTINCT issues.id) FILTER (WHERE issues.state = 'opened')`.as('opened'),
      sql<number>`count(DISTINCT issues.id) FILTER (WHERE issues.state = 'closed')`.as('closed'),
    ])
    .where('labels.title', 'in', [...new Set(titles)])
    .where((eb) => issueReadableBy(reader)(eb))
    .groupBy('labels.title')
    .execute();
  for (const row of rows) counts.set(row.title, { opened: Number(row.opened), closed: Number(row.closed) });
  return counts;
}

/** Open merge requests of these projects carrying a label of each title. One statement. */
export async function countOpenMergeRequestsByLabelTitle(
  db: Executor,
  projectIds: readonly number[],
  titles: readonly string[],
): Promise<Map<string, number>> {
  if (titles.length === 0 || projectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('merge_requests')
    .innerJoin('label_links', (join) =>
      join
        .onRef('label_links.target_id', '=', 'merge_requests.id')
        .on('label_links.target_type', '=', 'MergeRequest'),
    )
    .innerJoin('labels', 'labels.id', 'label_links.label_id')
    .select(['labels.title', sql<number>`count(DISTINCT merge_requests.id)`.as('count')])
    .where('labels.title', 'in', [...new Set(titles)])
    .where('merge_requests.project_id', 'in', [...projectIds])
    .where('merge_requests.state', '=', 'opened')
    .groupBy('labels.title')
    .execute();
  return new Map(rows.map((row) => [row.title, Number(row.count)]));
}
