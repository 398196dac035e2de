import type { Executor } from '../executor.ts';
import type { MergeRequestRow } from '../schema.ts';

export async function listMergeRequests(
  db: Executor,
  filter: { projectId: number; state?: 'opened' | 'closed' | 'merged' | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: MergeRequestRow[]; total: number }> {
  const base = () => {
    let query = db.selectFrom('merge_requests').where('project_id', '=', filter.projectId);
    if (filter.state) query = query.where('state', '=', filter.state);
    return query;
  };
  const [rows, total] = await Promise.all([
    base()
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
