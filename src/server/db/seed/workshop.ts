import type { Kysely } from 'kysely';
import { VISIBILITY_LEVEL } from '../../../core/domain/visibility.ts';
import { DAY_MS, formatDay, formatTimestamp } from '../../../core/time/epochDay.ts';
import type { Database } from '../schema.ts';
import { demoUserIds, insertDemoRoleMembers } from './demoRoleMembers.ts';
import { POSITION_GAP } from './epicPlan.ts';
import { insertPlaygroundTemplates } from './issueTemplates.ts';
import { WORKSHOP_LABEL_SPECS } from './labels.ts';
import { WORKSHOP_GROUP } from './organisationSpecs.ts';

/**
 * The demo group `workshop` (organisationSpecs.ts says why) with its members and labels, and its
 * project `workshop/playground`: a handful of issues, two of them confidential, so that people (and
 * browser and integration tests) can create issues in epics and link existing ones there without
 * touching acme; a milestone; and the description templates of its New issue page. Written after the
 * bulk seed has moved the id sequences past its explicit ids, so its rows take ordinary generated ids
 * and leave every acme row as it was.
 */
export const WORKSHOP_PATH = WORKSHOP_GROUP.fullPath;
export const PLAYGROUND_PATH = `${WORKSHOP_PATH}/playground`;
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
  { title: 'Sort out the workshop labels', author: 'reporter', daysAgo: 14, closed: true, weight: 1 },
  { title: 'Rotate the workshop credentials', author: 'owner', daysAgo: 9, confidential: true, weight: 3 },
  { title: 'Draft the security notice', author: 'developer', daysAgo: 5, confidential: true },
  { title: 'Collect feedback on the child-items tree', author: 'guest', daysAgo: 2, weight: 5 },
];

export interface WorkshopSummary {
  readonly members: number;
  readonly labels: number;
  readonly issues: number;
}

export async function insertWorkshop(db: Kysely<Database>, todayMs: number): Promise<WorkshopSummary> {
  const at = (daysAgo: number) => formatTimestamp(todayMs - daysAgo * DAY_MS - 3_600_000);
  const group = await insertWorkshopGroup(db, at(60));
  const members = await insertDemoRoleMembers(db, group, at(58));
  const userId = await demoUserIds(
    db,
    PLAYGROUND_ISSUES.map((issue) => issue.author),
  );
  await db
    .insertInto('labels')
    .values(
      WORKSHOP_LABEL_SPECS.map(([title, color, description]) => ({
        root_namespace_id: group.root_namespace_id,
        group_id: group.id,
        project_id: null,
        title,
        color,
        description,
        created_at: at(50),
      })),
    )
    .execute();
  const issues = await insertPlayground(db, group, userId, at, todayMs);
  return { members, labels: WORKSHOP_LABEL_SPECS.length, issues };
}

/**
 * The public top-level group: a root namespace of its own, as insertGroup makes it (0 until its id
 * is known).
 */
async function insertWorkshopGroup(db: Kysely<Database>, createdAt: string) {
  const { fullPath, name, visibility } = WORKSHOP_GROUP;
  const { id } = await db
    .insertInto('namespaces')
    .values({
      root_namespace_id: 0,
      parent_id: null,
      traversal_ids: [],
      path: fullPath,
      name,
      full_path: fullPath,
      full_name: name,
      description: 'Where the tests write: epics, issues and labels to try every feature on.',
      visibility_level: visibility,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('namespaces')
    .set({ traversal_ids: [id], root_namespace_id: id })
    .where('id', '=', id)
    .execute();
  return { id, root_namespace_id: id };
}

async function insertPlayground(
  db: Kysely<Database>,
  group: { readonly id: number; readonly root_namespace_id: number },
  userId: (username: string) => number,
  at: (daysAgo: number) => string,
  todayMs: number,
): Promise<number> {
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
