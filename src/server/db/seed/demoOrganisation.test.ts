import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closingReferences } from '../../../core/domain/mergeRequests.ts';
import { type DatabaseHandle, openDatabase } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { readDataVersion } from '../repositories/dataVersionRepository.ts';
import type { Database } from '../schema.ts';
import { DELIVERY_PROFILES } from './deliveryPlan.ts';
import { clearDomainData, DEMO_USERS, type SeedSummary, seedDemoData } from './demoOrganisation.ts';
import { PLAYGROUND_ISSUES, PLAYGROUND_PATH, WORKSHOP_PATH } from './workshop.ts';

const OPTIONS = { epics: 120, issues: 600, seed: 7, today: '2026-05-01', passwordHash: 'test-hash' } as const;

let handle: DatabaseHandle;
let db: Kysely<Database>;
let summary: SeedSummary;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  db = handle.db;
  await migrateToLatest(db);
  summary = await seedDemoData(db, OPTIONS);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

async function rows<T>(query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

async function count(query: ReturnType<typeof sql<{ count: number }>>): Promise<number> {
  const [row] = await rows(query);
  return Number(row?.count ?? 0);
}

describe('seedDemoData', () => {
  it('writes the counts it reports', async () => {
    expect(summary.epics).toBe(120);
    // The workshop playground's issues come on top of the ones asked for.
    expect(summary.issues).toBe(600 + PLAYGROUND_ISSUES.length);
    expect(await count(sql`select count(*) from epics`)).toBe(120);
    expect(await count(sql`select count(*) from issues`)).toBe(summary.issues);
    expect(await count(sql`select count(*) from epic_issues`)).toBe(summary.epicIssues);
    expect(await count(sql`select count(*) from label_links`)).toBe(summary.labelLinks);
    for (const key of [
      'todos',
      'awardEmoji',
      'notes',
      'subscriptions',
      'mergeRequests',
      'relatedEpicLinks',
    ] as const) {
      expect(summary[key], key).toBeGreaterThan(0);
    }
    expect(summary.milestones).toBeGreaterThanOrEqual(50);
  });

  it('creates the demo users with their memberships on acme', async () => {
    const users = await db.selectFrom('users').select(['username', 'email', 'name', 'is_admin']).execute();
    expect(users.map((user) => user.username).sort()).toEqual([...DEMO_USERS].sort());
    for (const user of users) {
      expect(user.email).toBe(`${user.username}@example.com`);
      expect(user.name).toMatch(/^[A-Z][a-z]+( [a-z]+)? [A-Z][a-z]+$/);
      expect(user.is_admin).toBe(user.username === 'admin');
    }
    const memberships = await rows(sql<{ username: string; full_path: string; access_level: number }>`
      select u.username, n.full_path, m.access_level from members m
      join users u on u.id = m.user_id join namespaces n on n.id = m.source_id and m.source_type = 'Namespace'`);
    const onAcme = new Map(
      memberships.filter((m) => m.full_path === 'acme').map((m) => [m.username, m.access_level]),
    );
    expect(
      Object.fromEntries(
        ['owner', 'maintainer', 'developer', 'reporter', 'guest'].map((u) => [u, onAcme.get(u)]),
      ),
    ).toEqual({ owner: 50, maintainer: 40, developer: 30, reporter: 20, guest: 10 });
    expect(memberships.filter((m) => m.username === 'outsider' || m.username === 'admin')).toEqual([]);
    expect(memberships.filter((m) => m.full_path !== 'acme').length).toBeGreaterThan(3);
  });

  it('nests groups three levels below a public acme, with a private subgroup and consistent paths', async () => {
    const groups = await db.selectFrom('namespaces').selectAll().orderBy('id').execute();
    const byId = new Map(groups.map((group) => [group.id, group]));
    const acme = groups.find((group) => group.full_path === 'acme');
    expect(acme).toMatchObject({ parent_id: null, visibility_level: 20, name: 'Acme Corp' });
    for (const group of groups) {
      // Each top-level group is a root namespace of its own, as the app makes it.
      expect(group.root_namespace_id).toBe(group.traversal_ids[0]);
      const parent = group.parent_id === null ? undefined : byId.get(group.parent_id);
      expect(group.traversal_ids).toEqual([...(parent?.traversal_ids ?? []), group.id]);
      expect(group.full_path).toBe(parent ? `${parent.full_path}/${group.path}` : group.path);
      expect(group.full_name).toBe(parent ? `${parent.full_name} / ${group.name}` : group.name);
      if (parent) expect(group.visibility_level).toBeLessThanOrEqual(parent.visibility_level);
    }
    expect(Math.max(...groups.map((group) => group.traversal_ids.length))).toBe(4);
    const privateGroups = groups.filter((group) => group.visibility_level === 0);
    expect(privateGroups.length).toBeGreaterThan(0);
    const projects = await db.selectFrom('projects').selectAll().execute();
    expect(projects).toHaveLength(9);
    expect(summary.projects).toBe(9);
    for (const project of projects) {
      const group = byId.get(project.namespace_id);
      expect(project.full_path).toBe(`${group?.full_path}/${project.path}`);
      expect(project.visibility_level).toBeLessThanOrEqual(group?.visibility_level ?? -1);
    }
    expect(projects.some((project) => privateGroups.some((group) => group.id === project.namespace_id))).toBe(
      true,
    );
  });

  it('keeps every row in the root namespace of what it belongs to, and generated content in acme', async () => {
    const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema()
        and table_name in (select table_name from information_schema.columns
                           where table_schema = current_schema() and column_name = 'root_namespace_id')`.execute(
      db,
    );
    const tables = [...new Set(columns.map((column) => column.table_name))];
    expect(tables.length).toBeGreaterThan(15);
    const owners = [
      ['group_id', 'namespaces'],
      ['namespace_id', 'namespaces'],
      ['project_id', 'projects'],
      ['epic_id', 'epics'],
      ['issue_id', 'issues'],
    ] as const;
    for (const table of tables) {
      const has = (name: string) => columns.some((c) => c.table_name === table && c.column_name === name);
      const notTopLevel = await count(
        sql`select count(*) from ${sql.table(table)} t where not exists (
          select 1 from namespaces n where n.id = t.root_namespace_id and n.parent_id is null)`,
      );
      expect(notTopLevel, table).toBe(0);
      for (const [column, owner] of owners.filter(([column]) => has(column) && table !== 'namespaces')) {
        const astray = await count(
          sql`select count(*) from ${sql.table(table)} t join ${sql.table(owner)} o on o.id = ${sql.ref(`t.${column}`)}
              where o.root_namespace_id <> t.root_namespace_id`,
        );
        expect(astray, `${table}.${column}`).toBe(0);
      }
    }
    const membersAstray =
      await count(sql`select count(*) from members m join namespaces n on n.id = m.source_id
      where m.source_type = 'Namespace' and n.root_namespace_id <> m.root_namespace_id`);
    expect(membersAstray).toBe(0);
    const generatedOutsideAcme =
      await count(sql`select count(*) from epics e join namespaces n on n.id = e.group_id
      where n.full_path <> 'workshop' and e.root_namespace_id <> (select id from namespaces where full_path = 'acme')`);
    expect(generatedOutsideAcme).toBe(0);
  });

  it('builds an epic forest at most 7 levels deep, some 6 deep, without cycles', async () => {
    const levels = await rows(sql<{ level: number; count: number }>`
      with recursive tree as (
        select id, 1 as level from epics where parent_id is null
        union all
        select e.id, tree.level + 1 from epics e join tree on e.parent_id = tree.id where tree.level < 20
      ) select level, count(*)::int as count from tree group by level order by level`);
    const reached = levels.reduce((sum, level) => sum + level.count, 0);
    expect(reached).toBe(120); // an epic on a cycle has no top-level ancestor and is never reached
    expect(Math.max(...levels.map((level) => level.level))).toBeLessThanOrEqual(7);
    expect(levels.find((level) => level.level === 6)?.count ?? 0).toBeGreaterThan(0);
    expect(await count(sql`select count(*) from epics where parent_id >= id`)).toBe(0);
    expect(
      await count(
        sql`select count(*) from (select parent_id from epics group by parent_id having count(*) > 100 and parent_id is not null) x`,
      ),
    ).toBe(0);
  });

  it("puts a parent epic in the child's group or an ancestor of it, and orders siblings uniquely", async () => {
    const misplaced = await count(sql`
      select count(*) from epics child join epics parent on parent.id = child.parent_id
      join namespaces g on g.id = child.group_id where not (parent.group_id = any(g.traversal_ids))`);
    expect(misplaced).toBe(0);
    const clashes = await count(sql`
      select count(*) from (
        select parent_id as parent, relative_position from epics where parent_id is not null
        union all select epic_id, relative_position from epic_issues
      ) children group by parent, relative_position having count(*) > 1`);
    expect(clashes).toBe(0);
  });

  it('stores effective dates consistent with the fixed/inherited flags', async () => {
    // The app's rule: an inherited date is the earliest start / latest due among the epic's issues'
    // milestones and its child epics.
    const inconsistent = await count(sql`
      with candidates as (
        select ei.epic_id, m.start_date, m.due_date from epic_issues ei
        join issues i on i.id = ei.issue_id join milestones m on m.id = i.milestone_id
        union all
        select parent_id, start_date, due_date from epics where parent_id is not null
      ), inherited as (
        select epic_id, min(start_date) as start_date, max(due_date) as due_date from candidates group by epic_id
      )
      select count(*) from epics e left join inherited on inherited.epic_id = e.id
      where e.start_date is distinct from (case when e.start_date_is_fixed then e.start_date_fixed else inherited.start_date end)
         or e.due_date is distinct from (case when e.due_date_is_fixed then e.due_date_fixed else inherited.due_date end)`);
    expect(inconsistent).toBe(0);
    const shapes = await rows(sql<{ undated: number; one_sided: number; inherited: number; fixed: number }>`
      select count(*) filter (where start_date is null and due_date is null)::int as undated,
             count(*) filter (where (start_date is null) <> (due_date is null))::int as one_sided,
             count(*) filter (where not start_date_is_fixed and start_date_sourcing_milestone_id is not null)::int as inherited,
             count(*) filter (where start_date_is_fixed and due_date_is_fixed)::int as fixed
      from epics`);
    expect(shapes[0]?.undated).toBeGreaterThan(0);
    expect(shapes[0]?.one_sided).toBeGreaterThan(0);
    expect(shapes[0]?.inherited).toBeGreaterThan(0);
    expect(shapes[0]?.fixed).toBeGreaterThan(60);
    const inheritedFromElsewhere = await count(sql`
      select count(*) from epics e join namespaces g on g.id = e.group_id
      join milestones m on m.id in (e.start_date_sourcing_milestone_id, e.due_date_sourcing_milestone_id)
      where not (m.group_id = any(g.traversal_ids))`);
    expect(inheritedFromElsewhere).toBe(0);
  });

  it('numbers epics per group and issues per project from 1 without gaps', async () => {
    const epicGaps = await count(sql`
      select count(*) from (select group_id, count(*) as n, max(iid) as top, min(iid) as bottom from epics group by group_id) x
      join namespaces g on g.id = x.group_id where x.n <> x.top or x.bottom <> 1 or g.last_epic_iid <> x.top`);
    const issueGaps = await count(sql`
      select count(*) from (select project_id, count(*) as n, max(iid) as top, min(iid) as bottom from issues group by project_id) x
      join projects p on p.id = x.project_id where x.n <> x.top or x.bottom <> 1 or p.last_issue_iid <> x.top`);
    expect(epicGaps).toBe(0);
    expect(issueGaps).toBe(0);
  });

  it('has confidential epics whose children and issues are confidential too', async () => {
    expect(await count(sql`select count(*) from epics where confidential`)).toBeGreaterThan(0);
    expect(
      await count(
        sql`select count(*) from epics c join epics p on p.id = c.parent_id where p.confidential and not c.confidential`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*) from epic_issues ei join epics e on e.id = ei.epic_id join issues i on i.id = ei.issue_id
        where e.confidential and not i.confidential`),
    ).toBe(0);
  });

  it('hangs the tasks under public issues of their project, two or three each with one closed', async () => {
    const parents = await rows(sql<{
      tasks: number;
      closed: number;
      same_project: boolean;
      parent_type: string;
    }>`
      select count(*)::int as tasks, sum(case when t.state = 'closed' then 1 else 0 end)::int as closed,
        bool_and(t.project_id = p.project_id) as same_project, min(p.issue_type) as parent_type
      from work_item_parent_links l
      join issues t on t.id = l.work_item_id join issues p on p.id = l.work_item_parent_id
      where t.issue_type = 'task' and not p.confidential and p.issue_type in ('issue', 'incident')
      group by p.id`);
    expect(await count(sql`select count(*) from work_item_parent_links`)).toBe(
      parents.reduce((sum, parent) => sum + parent.tasks, 0),
    );
    const full = parents.filter((parent) => parent.tasks >= 2);
    expect(full.length).toBeGreaterThan(10);
    expect(parents.every((parent) => parent.tasks <= 3 && parent.same_project && parent.closed >= 1)).toBe(
      true,
    );
  });

  it('gives the workshop group a public playground project with a few issues, two of them confidential', async () => {
    const [playground] = await rows(sql<{ id: number; group_path: string; visibility_level: number }>`
      select p.id, n.full_path as group_path, p.visibility_level from projects p
      join namespaces n on n.id = p.namespace_id where p.full_path = ${PLAYGROUND_PATH}`);
    expect(playground).toMatchObject({ group_path: WORKSHOP_PATH, visibility_level: 20 });
    const issues = await db
      .selectFrom('issues')
      .select(['iid', 'confidential'])
      .where('project_id', '=', playground!.id)
      .orderBy('iid')
      .execute();
    expect(issues.map((issue) => issue.iid)).toEqual(PLAYGROUND_ISSUES.map((_, index) => index + 1));
    expect(issues.filter((issue) => issue.confidential)).toHaveLength(2);
    expect(
      await count(
        sql`select count(*) from epics e join namespaces n on n.id = e.group_id where n.full_path = ${WORKSHOP_PATH}`,
      ),
    ).toBe(0);
  });

  it('keeps workshop on Ultimate with the demo roles and labels, and sandbox a bare group on Free', async () => {
    const groups = await db
      .selectFrom('namespaces')
      .select(['full_path', 'parent_id', 'visibility_level'])
      .where('full_path', 'in', [WORKSHOP_PATH, 'sandbox'])
      .orderBy('full_path')
      .execute();
    expect(groups).toEqual([
      { full_path: 'sandbox', parent_id: null, visibility_level: 20 },
      { full_path: WORKSHOP_PATH, parent_id: null, visibility_level: 20 },
    ]);
    const roles = async (fullPath: string) =>
      rows(sql<{ username: string; access_level: number }>`
        select u.username, m.access_level from members m join users u on u.id = m.user_id
        join namespaces n on n.id = m.source_id and m.source_type = 'Namespace'
        where n.full_path = ${fullPath} order by m.access_level desc`);
    expect(await roles(WORKSHOP_PATH)).toEqual([
      { username: 'owner', access_level: 50 },
      { username: 'maintainer', access_level: 40 },
      { username: 'developer', access_level: 30 },
      { username: 'reporter', access_level: 20 },
      { username: 'guest', access_level: 10 },
    ]);
    expect(await roles('sandbox')).toEqual(await roles(WORKSHOP_PATH));
    const labelsOf = async (fullPath: string) =>
      (
        await rows(sql<{ title: string }>`
          select l.title from labels l join namespaces n on n.id = l.group_id
          where n.full_path = ${fullPath} order by l.title`)
      ).map((label) => label.title);
    expect(await labelsOf(WORKSHOP_PATH)).toEqual([
      'backend',
      'bug',
      'frontend',
      'priority::high',
      'priority::low',
    ]);
    expect(await labelsOf('sandbox')).toEqual([]);
    expect(
      await count(
        sql`select count(*) from projects p join namespaces n on n.id = p.namespace_id where n.full_path = 'sandbox'`,
      ),
    ).toBe(0);
    const plans = await rows(sql<{ full_path: string; plan_code: string }>`
      select n.full_path, s.plan_code from gitlab_subscriptions s join namespaces n on n.id = s.namespace_id
      where n.full_path in (${WORKSHOP_PATH}, 'sandbox')`);
    expect(plans).toEqual([{ full_path: WORKSHOP_PATH, plan_code: 'ultimate' }]);
    expect(summary.groups).toBe(13);
    expect(await count(sql`select count(*) from namespaces`)).toBe(summary.groups);
    expect(await count(sql`select count(*) from members`)).toBe(summary.members);
    expect(await count(sql`select count(*) from labels`)).toBe(summary.labels);
  });

  it('labels items with scoped labels, at most one per scope', async () => {
    expect(await count(sql`select count(*) from labels where title like '%::%'`)).toBeGreaterThan(5);
    expect(await count(sql`select count(*) from labels where color !~ '^#[0-9a-f]{6}$'`)).toBe(0);
    const doubleScoped = await count(sql`
      select count(*) from (
        select ll.target_type, ll.target_id, regexp_replace(l.title, '::[^:]*$', '') as scope
        from label_links ll join labels l on l.id = ll.label_id where l.title like '%::%'
        group by 1, 2, 3 having count(*) > 1) x`);
    expect(doubleScoped).toBe(0);
  });

  it('gives issues weights, health statuses, visible milestones and epics of their group chain', async () => {
    const [stats] = await rows(sql<{
      weighted: number;
      healthy: number;
      types: number;
      closed: number;
      in_epic: number;
    }>`
      select count(*) filter (where weight is not null)::int as weighted,
             count(distinct health_status)::int as healthy,
             count(distinct issue_type)::int as types,
             count(*) filter (where state = 'closed')::int as closed,
             (select count(*) from epic_issues)::int as in_epic
      from issues`);
    expect(stats?.weighted).toBeGreaterThan(200);
    expect(stats?.healthy).toBe(3);
    expect(stats?.types).toBe(3);
    expect(stats?.closed).toBeGreaterThan(60);
    expect(stats?.in_epic).toBeGreaterThan(300);
    const invisibleMilestones = await count(sql`
      select count(*) from issues i join projects p on p.id = i.project_id join namespaces g on g.id = p.namespace_id
      join milestones m on m.id = i.milestone_id where not (m.project_id = p.id or m.group_id = any(g.traversal_ids))`);
    expect(invisibleMilestones).toBe(0);
    const foreignEpics = await count(sql`
      select count(*) from epic_issues ei join epics e on e.id = ei.epic_id join issues i on i.id = ei.issue_id
      join projects p on p.id = i.project_id join namespaces g on g.id = p.namespace_id
      where not (e.group_id = any(g.traversal_ids))`);
    expect(foreignEpics).toBe(0);
  });

  it('gives merge requests a review history and the issues they close, as their descriptions say', async () => {
    expect(await count(sql`select count(*) from merge_requests`)).toBe(summary.mergeRequests);
    expect(await count(sql`select count(*) from merge_request_assignees`)).toBe(
      summary.mergeRequestAssignees,
    );
    expect(await count(sql`select count(*) from merge_request_reviewers`)).toBe(
      summary.mergeRequestReviewers,
    );
    expect(await count(sql`select count(*) from merge_request_approvals`)).toBe(
      summary.mergeRequestApprovals,
    );
    expect(await count(sql`select count(*) from merge_requests_closing_issues`)).toBe(
      summary.mergeRequestClosingIssues,
    );
    const mergeRequests = await rows(sql<{ id: number; project_id: number; description: string }>`
      select id, project_id, description from merge_requests order by id`);
    const closing = await rows(sql<{ merge_request_id: number; iid: number; project_id: number }>`
      select c.merge_request_id, i.iid, i.project_id from merge_requests_closing_issues c
      join issues i on i.id = c.issue_id where c.from_mr_description order by i.iid`);
    for (const mergeRequest of mergeRequests) {
      const linked = closing.filter((link) => link.merge_request_id === mergeRequest.id);
      expect(linked.every((link) => link.project_id === mergeRequest.project_id)).toBe(true);
      expect(
        linked.map((link) => link.iid),
        mergeRequest.description,
      ).toEqual(
        closingReferences(mergeRequest.description)
          .map((reference) => reference.iid)
          .sort((a, b) => a - b),
      );
    }
    expect(closing.length).toBeGreaterThan(50);
    // Merged ones close issues the seed closed, at the merge; the others name open issues.
    const [links] = await rows(sql<{ merged: number; bad: number }>`
      select count(*) filter (where mr.state = 'merged')::int as merged,
             count(*) filter (where case when mr.state = 'merged'
                 then i.state <> 'closed' or i.closed_at not between mr.merged_at - interval '2 days' and mr.merged_at + interval '2 days'
                 else i.state <> 'opened' end
               or i.created_at > mr.created_at or i.confidential)::int as bad
      from merge_requests_closing_issues c join merge_requests mr on mr.id = c.merge_request_id
      join issues i on i.id = c.issue_id`);
    expect(links).toEqual({ merged: expect.any(Number), bad: 0 });
    expect(links!.merged).toBeGreaterThan(5);
    const [times] = await rows(sql<{ bad: number; fast: number; merged: number }>`
      select count(*) filter (where updated_at < coalesce(merged_at, closed_at, created_at)
               or merged_at < created_at + interval '30 minutes' or merged_at > created_at + interval '10 days'
               or (state = 'merged') <> (merged_at is not null and merge_user_id is not null and merge_commit_sha is not null)
               or (state = 'closed') <> (closed_at is not null and closed_by_id is not null))::int as bad,
             count(*) filter (where merged_at < created_at + interval '2 days')::int as fast,
             count(*) filter (where state = 'merged')::int as merged
      from merge_requests`);
    expect(times?.bad).toBe(0);
    expect(times!.fast).toBeGreaterThan(times!.merged / 2);
    // Nobody reviews or approves their own; every merged one was approved once or twice, while open.
    expect(
      await count(sql`
        select count(*) from (
          select mr.id from merge_requests mr left join merge_request_approvals a on a.merge_request_id = mr.id
          where mr.state = 'merged' group by mr.id having count(a.user_id) not between 1 and 2) x`),
    ).toBe(0);
    expect(
      await count(sql`
        select count(*) from merge_request_approvals a join merge_requests mr on mr.id = a.merge_request_id
        where a.user_id = mr.author_id or a.created_at < mr.created_at or a.created_at > coalesce(mr.merged_at, mr.updated_at)
           or mr.state = 'closed'`),
    ).toBe(0);
    const reviewStates = await rows(sql<{ state: string; review: string; approved: boolean; own: boolean }>`
      select distinct mr.state, r.state as review, a.user_id is not null as approved, r.user_id = mr.author_id as own
      from merge_request_reviewers r join merge_requests mr on mr.id = r.merge_request_id
      left join merge_request_approvals a on a.merge_request_id = r.merge_request_id and a.user_id = r.user_id`);
    expect(reviewStates.filter((row) => row.own)).toEqual([]);
    expect(reviewStates.filter((row) => row.approved !== (row.review === 'approved'))).toEqual([]);
    expect(new Set(reviewStates.filter((row) => row.state === 'merged').map((row) => row.review))).toEqual(
      new Set(['approved', 'reviewed']),
    );
    expect(reviewStates.filter((row) => row.state === 'opened').length).toBeGreaterThan(3);
    expect(
      await count(sql`
        select count(*) from merge_requests mr where not exists (
          select 1 from merge_request_assignees a where a.merge_request_id = mr.id)`),
    ).toBe(0);
    // Labels and milestones their project can use, comments while they were open.
    const [extras] = await rows(sql<{
      labelled: number;
      milestones: number;
      invisible: number;
      unfit: number;
    }>`
      select (select count(distinct target_id) from label_links where target_type = 'MergeRequest')::int as labelled,
             count(mr.milestone_id)::int as milestones,
             count(*) filter (where m.id is not null and not (m.project_id = p.id or m.group_id = any(g.traversal_ids)))::int as invisible,
             count(*) filter (where mr.merged_at::date not between m.start_date and m.due_date)::int as unfit
      from merge_requests mr join projects p on p.id = mr.project_id join namespaces g on g.id = p.namespace_id
      left join milestones m on m.id = mr.milestone_id`);
    expect(extras).toMatchObject({ invisible: 0, unfit: 0 });
    expect(extras!.labelled).toBeGreaterThan(summary.mergeRequests / 2);
    expect(extras!.milestones).toBeGreaterThan(summary.mergeRequests / 4);
    const [comments] = await rows(sql<{ notes: number; late: number }>`
      select count(*)::int as notes,
             count(*) filter (where n.system or n.created_at > coalesce(mr.merged_at, mr.closed_at, mr.updated_at))::int as late
      from notes n join merge_requests mr on mr.id = n.noteable_id where n.noteable_type = 'MergeRequest'`);
    expect(comments?.notes).toBeGreaterThan(20);
    expect(comments?.late).toBe(0);
  });

  it('gives the acme and workshop projects two years of environments and deployments', async () => {
    for (const [table, key] of [
      ['environments', 'environments'],
      ['deployments', 'deployments'],
      ['deployment_merge_requests', 'deploymentMergeRequests'],
      ['protected_environments', 'protectedEnvironments'],
      ['deployment_approvals', 'deploymentApprovals'],
    ] as const) {
      expect(await count(sql`select count(*) from ${sql.table(table)}`), table).toBe(summary[key]);
    }
    // production and staging in every project of DELIVERY_PROFILES, review apps in some; none elsewhere.
    const environments = await rows(sql<{ full_path: string; name: string; tier: string; state: string }>`
      select p.full_path, e.name, e.tier, e.state from environments e join projects p on p.id = e.project_id`);
    const withEnvironments = new Set(environments.map((environment) => environment.full_path));
    expect([...withEnvironments].sort()).toEqual(Object.keys(DELIVERY_PROFILES).sort());
    expect(withEnvironments.has('acme/platform/backend/api')).toBe(false);
    for (const path of withEnvironments) {
      const names = environments.filter((environment) => environment.full_path === path);
      expect(names.find((environment) => environment.name === 'production')?.tier, path).toBe('production');
      expect(names.find((environment) => environment.name === 'staging')?.tier, path).toBe('staging');
    }
    const reviewApps = environments.filter((environment) => environment.name.startsWith('review/'));
    expect(reviewApps.length).toBeGreaterThan(8);
    expect(reviewApps.every((environment) => environment.tier === 'development')).toBe(true);
    expect(new Set(reviewApps.map((environment) => environment.state))).toEqual(
      new Set(['available', 'stopped']),
    );
    expect(
      environments.filter(
        (environment) => !environment.name.startsWith('review/') && environment.state !== 'available',
      ),
    ).toEqual([]);

    // Over two years up to now, one at a time per environment, by Developers and Maintainers, quieter at weekends.
    const [shape] = await rows(sql<{
      first_day: string;
      late: number;
      overlapping: number;
      outsiders: number;
      weekdays: number;
      weekends: number;
      success: number;
      failed: number;
      canceled: number;
      tags: number;
      bad_tags: number;
    }>`
      with ordered as (
        select d.*, lag(d.finished_at) over (partition by d.environment_id order by d.id) as previous_finished_at,
               lag(d.created_at) over (partition by d.environment_id order by d.id) as previous_created_at
          from deployments d)
      select min(created_at)::date::text as first_day,
             count(*) filter (where greatest(created_at, finished_at) > ${`${OPTIONS.today}T00:00:00Z`}::timestamptz)::int as late,
             count(*) filter (where created_at < coalesce(previous_finished_at, previous_created_at))::int as overlapping,
             count(*) filter (where not exists (
               select 1 from projects p join namespaces n on n.id = p.namespace_id
               join members m on m.source_type = 'Namespace' and m.source_id = any(n.traversal_ids)
               where p.id = ordered.project_id and m.user_id = ordered.user_id and m.access_level >= 30))::int as outsiders,
             count(*) filter (where extract(isodow from created_at) < 6)::int as weekdays,
             count(*) filter (where extract(isodow from created_at) >= 6)::int as weekends,
             count(*) filter (where status = 'success')::int as success,
             count(*) filter (where status = 'failed')::int as failed,
             count(*) filter (where status = 'canceled')::int as canceled,
             count(*) filter (where tag)::int as tags,
             count(*) filter (where tag and ref !~ '^v[0-9]+\.[0-9]+\.[0-9]+$')::int as bad_tags
        from ordered`);
    expect(shape).toMatchObject({ late: 0, overlapping: 0, outsiders: 0, bad_tags: 0 });
    // Two years before OPTIONS.today, give or take the first working day.
    expect(shape!.first_day >= '2024-05-01' && shape!.first_day <= '2024-05-08').toBe(true);
    expect(shape!.weekdays).toBeGreaterThan(shape!.weekends * 8);
    expect(shape!.success).toBeGreaterThan(summary.deployments * 0.8);
    expect(shape!.failed).toBeGreaterThan(20);
    expect(shape!.canceled).toBeGreaterThan(10);
    expect(shape!.tags).toBeGreaterThan(50);
    expect(
      await count(sql`
        select count(*) from (select project_id, count(*) as n, max(iid) as top, min(iid) as bottom from deployments group by project_id) x
        join projects p on p.id = x.project_id where x.n <> x.top or x.bottom <> 1 or p.last_deployment_iid <> x.top`),
    ).toBe(0);

    // Each success shipped what was merged into its ref (any branch for a tag) since the previous success there.
    const misLinked = await count(sql`
      with successes as (
        select d.*, lag(d.finished_at) over (partition by d.environment_id order by d.id) as after
          from deployments d where d.status = 'success'),
      expected as (
        select s.id as deployment_id, mr.id as merge_request_id from successes s
          join merge_requests mr on mr.project_id = s.project_id and mr.state = 'merged'
           and mr.merged_at <= s.finished_at and (s.after is null or mr.merged_at > s.after)
           and (s.tag or mr.target_branch = s.ref))
      select count(*) from (
        (select deployment_id, merge_request_id from expected
          except select deployment_id, merge_request_id from deployment_merge_requests)
        union all
        (select deployment_id, merge_request_id from deployment_merge_requests
          except select deployment_id, merge_request_id from expected)) x`);
    expect(misLinked).toBe(0);
    expect(summary.deploymentMergeRequests).toBeGreaterThan(100);
    const [stamps] = await rows(sql<{ stamped: number; wrong: number }>`
      select count(mr.first_deployed_to_production_at)::int as stamped,
             count(*) filter (where mr.first_deployed_to_production_at is distinct from (
               select min(d.finished_at) from deployment_merge_requests dmr
               join deployments d on d.id = dmr.deployment_id join environments e on e.id = d.environment_id
               where dmr.merge_request_id = mr.id and e.tier = 'production' and d.status = 'success')
             or mr.first_deployed_to_production_at < mr.merged_at)::int as wrong
      from merge_requests mr`);
    expect(stamps?.wrong).toBe(0);
    expect(stamps!.stamped).toBeGreaterThan(50);
  });

  it('protects production in two projects: Maintainers deploy and approve, never their own, the latest wait', async () => {
    const protections = await rows(sql<{
      full_path: string;
      name: string;
      deploy_level: number;
      approve_level: number;
      required: number;
    }>`
      select p.full_path, pe.name, dal.access_level as deploy_level, ar.access_level as approve_level,
             ar.required_approvals as required
        from protected_environments pe join projects p on p.id = pe.project_id
        join protected_environment_deploy_access_levels dal on dal.protected_environment_id = pe.id
        join protected_environment_approval_rules ar on ar.protected_environment_id = pe.id
       order by p.full_path`);
    expect(protections).toEqual([
      {
        full_path: 'acme/platform/infrastructure/terraform',
        name: 'production',
        deploy_level: 40,
        approve_level: 40,
        required: 1,
      },
      {
        full_path: 'acme/product/web/webapp',
        name: 'production',
        deploy_level: 40,
        approve_level: 40,
        required: 1,
      },
    ]);
    // Since each protection: blocked until approved, then run; a rejection fails it; the latest still wait.
    const gated = await rows(sql<{
      full_path: string;
      status: string;
      approval: string | null;
      approver_level: number | null;
      deployer_level: number;
      own: boolean;
      comment: string | null;
      approved_in_time: boolean | null;
      latest: boolean;
    }>`
      with gated as (
        select d.*, p.full_path, p.namespace_id,
               row_number() over (partition by d.environment_id order by d.id desc) <= 2 as latest
          from deployments d join environments e on e.id = d.environment_id
          join projects p on p.id = d.project_id
          join protected_environments pe on pe.project_id = d.project_id and pe.name = e.name
         where d.created_at >= pe.created_at),
      levels as (
        select n.id as namespace_id, m.user_id, max(m.access_level) as level from namespaces n
          join members m on m.source_type = 'Namespace' and m.source_id = any(n.traversal_ids) group by 1, 2)
      select g.full_path, g.status, a.status as approval, approver.level as approver_level,
             deployer.level as deployer_level, a.user_id = g.user_id as own, a.comment, g.latest,
             case when a.status = 'approved' then a.created_at between g.created_at and g.finished_at
                  when a.status = 'rejected' then a.created_at = g.finished_at end as approved_in_time
        from gated g
        join levels deployer on deployer.namespace_id = g.namespace_id and deployer.user_id = g.user_id
        left join deployment_approvals a on a.deployment_id = g.id
        left join levels approver on approver.namespace_id = g.namespace_id and approver.user_id = a.user_id`);
    expect(gated.length).toBeGreaterThan(100);
    expect(gated.filter((d) => d.deployer_level < 40 || d.own || (d.approver_level ?? 40) < 40)).toEqual([]);
    expect(gated.filter((d) => d.approval !== null && !d.approved_in_time)).toEqual([]);
    // Approved ones ran (success, failed or canceled); rejected ones failed; the rest were canceled while they waited or wait.
    expect(gated.filter((d) => d.approval === 'rejected' && d.status !== 'failed')).toEqual([]);
    expect(
      gated.filter((d) => d.approval === null && !(d.status === 'canceled' || d.status === 'blocked')),
    ).toEqual([]);
    expect(gated.filter((d) => d.approval === 'rejected').length).toBeGreaterThan(2);
    expect(gated.filter((d) => d.comment !== null).length).toBeGreaterThan(gated.length / 2);
    const blocked = gated.filter((d) => d.status === 'blocked');
    expect(blocked.every((d) => d.latest)).toBe(true);
    expect(new Set(blocked.map((d) => d.full_path))).toEqual(
      new Set(['acme/platform/infrastructure/terraform', 'acme/product/web/webapp']),
    );
    expect(await count(sql`select count(*) from deployments where status = 'blocked'`)).toBe(blocked.length);
    // The demo's maintainer may approve them on a fresh start: someone else made them.
    expect(
      await count(sql`
        select count(*) from deployments d join users u on u.id = d.user_id
        where d.status = 'blocked' and u.username in ('maintainer', 'owner')`),
    ).toBe(0);
  });

  it('is deterministic: the same seed gives the same data, another seed other data', async () => {
    const sample = async () => ({
      epics: await db
        .selectFrom('epics')
        .select(['id', 'title', 'start_date', 'due_date', 'parent_id'])
        .where('id', 'in', [1, 17, 60, 120])
        .orderBy('id')
        .execute(),
      issues: await db
        .selectFrom('issues')
        .select(['id', 'title', 'project_id', 'due_date', 'weight'])
        .where('id', 'in', [1, 99, 600])
        .orderBy('id')
        .execute(),
      created: await db.selectFrom('issues').select(['created_at']).where('id', '=', 300).execute(),
      mergeRequests: await db
        .selectFrom('merge_requests')
        .select(['id', 'title', 'description', 'state', 'merged_at', 'milestone_id'])
        .where('id', 'in', [1, 100, 250])
        .orderBy('id')
        .execute(),
      closing: await db
        .selectFrom('merge_requests_closing_issues')
        .select(['merge_request_id', 'issue_id'])
        .orderBy('id')
        .execute(),
      deployments: await db
        .selectFrom('deployments')
        .select([
          'id',
          'project_id',
          'iid',
          'environment_id',
          'ref',
          'sha',
          'status',
          'created_at',
          'finished_at',
        ])
        .where('id', 'in', [1, 500, 1500])
        .orderBy('id')
        .execute(),
      shipped: await count(sql`select count(*) from deployment_merge_requests`),
    });
    const first = await sample();
    await expect(seedDemoData(db, OPTIONS)).rejects.toThrow(/not empty/);
    const versionBefore = await readDataVersion(db);
    await clearDomainData(db);
    expect(await count(sql`select count(*) from epics`)).toBe(0);
    // The data version survives a clear, moved on: answers cached before it are stale.
    expect(Number(await readDataVersion(db))).toBeGreaterThan(Number(versionBefore));
    await seedDemoData(db, OPTIONS);
    expect(await sample()).toEqual(first);
    await clearDomainData(db);
    await seedDemoData(db, { ...OPTIONS, seed: 8 });
    expect((await sample()).epics.map((epic) => epic.title)).not.toEqual(
      first.epics.map((epic) => epic.title),
    );
  }, 30_000);
});
