import type { Kysely } from 'kysely';
import { VISIBILITY_LEVEL } from '../../../core/domain/visibility.ts';
import { DAY_MS, formatDay, formatTimestamp } from '../../../core/time/epochDay.ts';
import type { Database } from '../schema.ts';
import { POSITION_GAP } from './epicPlan.ts';
import { insertPlaygroundTemplates } from './issueTemplates.ts';

/**
 * `sandbox/playground`: a project of the demo group `sandbox` with a handful of issues, two of them
 * confidential, so that people (and browser tests) can create issues in epics and link existing ones
 * there without touching acme; and the description templates of its New issue page. Written after the bulk seed has moved the id sequences past its
 * explicit ids, so its rows take ordinary generated ids and leave every acme row as it was.
 */
export const PLAYGROUND_PATH = 'sandbox/playground';
export const PLAYGROUND_MILESTONE = 'Playground launch';

interface PlaygroundIssue {
  readonly title: string;
  readonly author: string;
  readonly daysAgo: number;
  readonly confidential?: boolean;
  readonly closed?: boolean;
  readonly weight?: number;
}

export const PLAYGROUND_ISSUES: readonly PlaygroundIssue[] = [
  { title: 'Write the getting-started guide', author: 'owner', daysAgo: 30, weight: 2 },
  { title: 'Try linking this issue to an epic', author: 'developer', daysAgo: 21 },
  { title: 'Sort out the sandbox labels', author: 'reporter', daysAgo: 14, closed: true, weight: 1 },
  { title: 'Rotate the sandbox credentials', author: 'owner', daysAgo: 9, confidential: true, weight: 3 },
  { title: 'Draft the security notice', author: 'developer', daysAgo: 5, confidential: true },
  { title: 'Collect feedback on the child-items tree', author: 'guest', daysAgo: 2, weight: 5 },
];

export async function insertSandboxPlayground(db: Kysely<Database>, todayMs: number): Promise<number> {
  const group = await db
    .selectFrom('namespaces')
    .select(['id', 'root_namespace_id'])
    .where('full_path', '=', 'sandbox')
    .executeTakeFirstOrThrow();
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where(
      'username',
      'in',
      PLAYGROUND_ISSUES.map((issue) => issue.author),
    )
    .execute();
  const userId = (username: string) => {
    const user = users.find((row) => row.username === username);
    if (!user) throw new Error(`No demo user ${username}`);
    return user.id;
  };
  const at = (daysAgo: number) => formatTimestamp(todayMs - daysAgo * DAY_MS - 3_600_000);
  const project = await db
    .insertInto('projects')
    .values({
      root_namespace_id: group.root_namespace_id,
      namespace_id: group.id,
      path: 'playground',
      name: 'Playground',
      full_path: PLAYGROUND_PATH,
      description: 'Issues to try epics and their child items on.',
      visibility_level: VISIBILITY_LEVEL.public,
      last_issue_iid: PLAYGROUND_ISSUES.length,
      last_milestone_iid: 1,
      created_at: at(45),
      updated_at: at(PLAYGROUND_ISSUES.at(-1)?.daysAgo ?? 0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('issues')
    .values(
      PLAYGROUND_ISSUES.map((issue, index) => ({
        root_namespace_id: group.root_namespace_id,
        project_id: project.id,
        iid: index + 1,
        author_id: userId(issue.author),
        title: issue.title,
        state: issue.closed ? ('closed' as const) : ('opened' as const),
        confidential: issue.confidential ?? false,
        weight: issue.weight ?? null,
        health_status: null,
        milestone_id: null,
        due_date: null,
        relative_position: (index + 1) * POSITION_GAP,
        created_at: at(issue.daysAgo),
        updated_at: at(issue.daysAgo),
        closed_at: issue.closed ? at(issue.daysAgo - 1) : null,
      })),
    )
    .execute();
  // A milestone of the project's own, so that the issue sidebar's milestone picker has one to offer.
  const todayDay = Math.floor(todayMs / DAY_MS);
  await db
    .insertInto('milestones')
    .values({
      root_namespace_id: group.root_namespace_id,
      group_id: null,
      project_id: project.id,
      iid: 1,
      title: PLAYGROUND_MILESTONE,
      start_date: formatDay(todayDay - 7),
      due_date: formatDay(todayDay + 30),
      created_at: at(20),
      updated_at: at(20),
    })
    .execute();
  await insertPlaygroundTemplates(db, { id: project.id, rootNamespaceId: group.root_namespace_id }, at(40));
  return PLAYGROUND_ISSUES.length;
}
