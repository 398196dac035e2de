import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** Rows per insert statement. */
const CHUNK = 1000;

interface Link {
  readonly root_namespace_id: number;
  readonly work_item_id: number;
  readonly work_item_parent_id: number;
  readonly relative_position: number;
}

/**
 * The demo's tasks hang under issues, as GitLab's work items do: in each project, its tasks in iid
 * order are dealt out three, two, three, two… to every third public issue or incident (a confidential
 * parent would take confidential children only), and the first task of each parent is closed so that
 * a parent shows both states. Worked out here rather than in one SQL join: inside the seed's
 * transaction the tables have no statistics yet, and the planner would loop over every pair.
 */
export async function linkDemoTasks(db: Kysely<Database>, rootId: number): Promise<number> {
  const rows = await db
    .selectFrom('issues')
    .select(['id', 'project_id', 'issue_type', 'confidential', 'state'])
    .where('root_namespace_id', '=', rootId)
    .orderBy('project_id')
    .orderBy('iid')
    .execute();
  const byProject = new Map<number, { tasks: typeof rows; parents: typeof rows }>();
  for (const row of rows) {
    const project = byProject.get(row.project_id) ?? { tasks: [], parents: [] };
    byProject.set(row.project_id, project);
    if (row.issue_type === 'task') project.tasks.push(row);
    else if (!row.confidential) project.parents.push(row);
  }
  const links: Link[] = [];
  const toClose: number[] = [];
  for (const { tasks, parents } of byProject.values()) {
    tasks.forEach((task, n) => {
      const group = Math.floor((n * 2) / 5);
      const parent = parents[group * 3];
      if (!parent) return;
      const first = Math.floor(((n - 1) * 2) / 5) !== group || n === 0;
      if (first && task.state === 'opened') toClose.push(task.id);
      links.push({
        root_namespace_id: rootId,
        work_item_id: task.id,
        work_item_parent_id: parent.id,
        relative_position: n,
      });
    });
  }
  for (let start = 0; start < links.length; start += CHUNK) {
    await db
      .insertInto('work_item_parent_links')
      .values(links.slice(start, start + CHUNK))
      .execute();
  }
  for (let start = 0; start < toClose.length; start += CHUNK) {
    await db
      .updateTable('issues')
      .set((eb) => ({ state: 'closed', closed_at: eb.fn.coalesce('closed_at', 'updated_at') }))
      .where('id', 'in', toClose.slice(start, start + CHUNK))
      .execute();
  }
  return links.length;
}
