import type { Executor } from '../executor.ts';
import { type OffsetLimit, pageWithTotal } from '../pagination.ts';
import type { MergeRequestRow } from '../schema.ts';

export async function listMergeRequests(
  db: Executor,
  filter: { projectId: number; state?: 'opened' | 'closed' | 'merged' | undefined },
  page: OffsetLimit,
): Promise<{ rows: MergeRequestRow[]; total: number }> {
  const base = () => {
    let query = db.selectFrom('merge_requests').where('project_id', '=', filter.projectId);
    if (filter.state) query = query.where('state', '=', filter.state);
    return query;
  };
  return pageWithTotal(
    base(),
    (query) => query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    page,
  );
}
