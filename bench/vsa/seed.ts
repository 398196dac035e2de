/**
 * The value stream analytics bench's data, written straight with SQL into its own PostgreSQL
 * database (never `test`): one Ultimate top-level group `vsa-bench` with 10 subgroups and `projects`
 * projects, a Reporter (`vsa-reporter`) and 100 authors, 36 group milestones, two group labels, then
 * `issues` issues and `mergeRequests` merge requests spread over the three years before BENCH_NOW
 * by `generate_series`, with the bulk loads' triggers off (`session_replication_role = replica`):
 *
 * - issues: created evenly over 3 years (ids follow time, as in a real instance); ~70% closed 1 h to
 *   60 days later (skewed short; never after BENCH_NOW); ~60% with a milestone, first associated
 *   0–30 days after creation; ~30% got `workflow::in dev` 0–10 days after creation and ~60% of
 *   those lost it again 1 h to 20 days later (resource_label_events `add`/`remove`, label_links for
 *   the ones that kept it); ~20% got `type::bug` (an `add` only);
 * - merge requests: ~75% merged 1 h to 14 days after creation, ~85% of those first deployed to
 *   production 10 min to 7 days after the merge; ~10% closed; the rest open.
 *
 * The random draws are seeded (setseed, or drawn from the row's id), so a seeding gives the same rows
 * every time.
 */
import type pg from 'pg';

/** The instant the data ends at and the server's clock stands at. */
export const BENCH_NOW = new Date('2026-06-15T12:00:00.000Z');
export const GROUP_PATH = 'vsa-bench';
export const REPORTER = 'vsa-reporter';
export const IN_DEV_LABEL = 'workflow::in dev';

const SUBGROUPS = 10;
const AUTHORS = 100;
const MILESTONES = 36;
const SPAN_DAYS = 3 * 365;
const DAY_SECONDS = 86_400;

export interface SeedSize {
  readonly projects: number;
  readonly issues: number;
  readonly mergeRequests: number;
}

export interface SeededGroup {
  readonly rootId: number;
  readonly projectIds: readonly number[];
  readonly inDevLabelId: number;
  readonly issues: number;
  readonly mergeRequests: number;
}

/** The group as a previous seeding left it, or null when it is missing or of another size. */
export async function findSeededGroup(client: pg.Client, size: SeedSize): Promise<SeededGroup | null> {
  const { rows: tables } = await client.query<{ found: boolean }>(
    `select to_regclass('vsa_stage_event_hashes') is not null as found`,
  );
  if (!tables[0]?.found) return null;
  const { rows } = await client.query<{ id: number; label_id: number | null }>(
    `select n.id, (select l.id from labels l where l.group_id = n.id and l.title = $2) as label_id
     from namespaces n where n.full_path = $1 and n.parent_id is null`,
    [GROUP_PATH, IN_DEV_LABEL],
  );
  const root = rows[0];
  if (!root || root.label_id === null) return null;
  const { rows: projects } = await client.query<{ id: number }>(
    'select id from projects where root_namespace_id = $1 order by id',
    [root.id],
  );
  const { rows: counts } = await client.query<{ issues: number; merge_requests: number }>(
    `select (select count(*)::integer from issues where root_namespace_id = $1) as issues,
       (select count(*)::integer from merge_requests where root_namespace_id = $1) as merge_requests`,
    [root.id],
  );
  const found = {
    rootId: root.id,
    projectIds: projects.map((project) => project.id),
    inDevLabelId: root.label_id,
    issues: counts[0]?.issues ?? 0,
    mergeRequests: counts[0]?.merge_requests ?? 0,
  };
  const matches =
    found.projectIds.length === size.projects &&
    found.issues === size.issues &&
    found.mergeRequests === size.mergeRequests;
  return matches ? found : null;
}

/**
 * A fraction in [0, 1) drawn from the row's id and a salt: the same rows whatever order a scan reads
 * them in (random() in a scan of issues gave slightly different label events from one seeding to
 * the next).
 */
const fraction = (column: string, salt: number) =>
  `((hashint8(${column}::bigint * 7919 + ${salt}) & 2147483647)::float8 / 2147483648)`;

async function timed(label: string, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await run();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Writes the group, its people and its work into a migrated, empty database. */
export async function seedGroup(client: pg.Client, size: SeedSize): Promise<SeededGroup> {
  const now = BENCH_NOW.toISOString();
  const start = new Date(BENCH_NOW.getTime() - SPAN_DAYS * DAY_SECONDS * 1000).toISOString();

  // The frame, with every trigger on: a group, subgroups, projects, people, milestones, labels.
  await client.query('begin');
  const { rows: roots } = await client.query<{ id: number }>(
    `insert into namespaces (id, root_namespace_id, traversal_ids, path, name, full_path, full_name,
       visibility_level, last_milestone_iid, created_at, updated_at)
     select id, id, array[id], $1, 'VSA bench', $1, 'VSA bench', 0, $2, $3, $3
     from (select nextval('namespaces_id_seq')::integer as id) n
     returning id`,
    [GROUP_PATH, MILESTONES, start],
  );
  const rootId = roots[0]!.id;
  await client.query(
    `insert into namespaces (id, root_namespace_id, parent_id, traversal_ids, path, name, full_path,
       full_name, visibility_level, created_at, updated_at)
     select id, $1, $1, array[$1, id], 'team-' || s, 'Team ' || s, $2 || '/team-' || s,
       'VSA bench / Team ' || s, 0, $3, $3
     from (select s, nextval('namespaces_id_seq')::integer as id from generate_series(1, $4) s) n`,
    [rootId, GROUP_PATH, start, SUBGROUPS],
  );
  await client.query(
    `insert into projects (root_namespace_id, namespace_id, path, name, full_path, visibility_level,
       created_at, updated_at)
     select $1, n.id, 'project-' || p, 'Project ' || p, n.full_path || '/project-' || p, 0, $3, $3
     from generate_series(1, $2) p
     join namespaces n on n.parent_id = $1 and n.path = 'team-' || (1 + (p - 1) % ${SUBGROUPS})`,
    [rootId, size.projects, start],
  );
  await client.query(
    `insert into users (username, email, name, password_hash, created_at)
     select 'vsa-author-' || u, 'vsa-author-' || u || '@example.com', 'Author ' || u, '!', $1
     from generate_series(1, ${AUTHORS}) u`,
    [start],
  );
  const { rows: reporters } = await client.query<{ id: number }>(
    `insert into users (username, email, name, password_hash, created_at)
     values ($1, $1 || '@example.com', 'VSA Reporter', '!', $2) returning id`,
    [REPORTER, start],
  );
  await client.query(
    `insert into members (root_namespace_id, user_id, source_type, source_id, access_level)
     values ($1, $2, 'Namespace', $1, 20)`,
    [rootId, reporters[0]!.id],
  );
  await client.query(
    `insert into gitlab_subscriptions (namespace_id, plan_code, seats, start_date)
     values ($1, 'ultimate', 200, $2::date)`,
    [rootId, start],
  );
  await client.query(
    `insert into milestones (root_namespace_id, group_id, iid, title, start_date, due_date, created_at)
     select $1, $1, m, 'Sprint ' || m, ($2::timestamptz + (m - 1) * interval '1 month')::date,
       ($2::timestamptz + m * interval '1 month' - interval '1 day')::date, $2
     from generate_series(1, ${MILESTONES}) m`,
    [rootId, start],
  );
  const { rows: labels } = await client.query<{ id: number; title: string }>(
    `insert into labels (root_namespace_id, group_id, title, color)
     values ($1, $1, $2, '#1f75cb'), ($1, $1, 'type::bug', '#dc143c') returning id, title`,
    [rootId, IN_DEV_LABEL],
  );
  await client.query('commit');
  const inDevLabelId = labels.find((label) => label.title === IN_DEV_LABEL)!.id;
  const bugLabelId = labels.find((label) => label.title !== IN_DEV_LABEL)!.id;

  const ids = async (query: string, parameters: unknown[] = [rootId]) =>
    (await client.query<{ id: number }>(query, parameters)).rows.map((row) => row.id);
  const projectIds = await ids('select id from projects where root_namespace_id = $1 order by id');
  const authorIds = await ids(`select id from users where username like 'vsa-author-%' order by id`, []);
  const milestoneIds = await ids('select id from milestones where group_id = $1 order by id');

  // The bulk rows, triggers and foreign-key checks off (the queue they would fill is emptied after).
  await client.query(`set session_replication_role = replica`);
  await client.query('select setseed(0.21)');
  const span = SPAN_DAYS * DAY_SECONDS;
  await timed(`${size.issues.toLocaleString('en-US')} issues`, () =>
    client.query(
      `insert into issues (root_namespace_id, project_id, iid, author_id, title, state, milestone_id,
         created_at, updated_at, closed_at, first_associated_with_milestone_at)
       select $1, ($2::integer[])[1 + (x.g - 1) % $5], 1 + (x.g - 1) / $5,
         ($3::integer[])[1 + floor(x.ra * ${AUTHORS})::integer], 'Bench issue ' || x.g,
         case when c.closed_at is null then 'opened' else 'closed' end,
         case when x.rm < 0.6 then ($4::integer[])[1 + floor(x.rmi * ${MILESTONES})::integer] end,
         x.created, coalesce(c.closed_at, x.created), c.closed_at,
         case when x.rm < 0.6 then least($7::timestamptz, x.created + x.rmd * x.rmd * interval '30 days') end
       from (select g, $6::timestamptz + ((g - 1 + random()) * ${span} / $8) * interval '1 second' as created,
               random() as ra, random() as rc, random() as rcd, random() as rm, random() as rmd,
               random() as rmi
             from generate_series(1, $8) g) x
       cross join lateral (select case when x.rc < 0.7 then x.created + interval '1 hour'
           + x.rcd * x.rcd * (interval '60 days' - interval '1 hour') end as at) d
       cross join lateral (select case when d.at <= $7::timestamptz then d.at end as closed_at) c`,
      [rootId, projectIds, authorIds, milestoneIds, size.projects, start, now, size.issues],
    ),
  );
  await timed('label events', async () => {
    await client.query('begin');
    await client.query(
      `create temporary table bench_in_dev_rows on commit drop as
       select x.id, a.added_at, case when x.rr < 0.6 and r.at <= $1::timestamptz then r.at end as removed_at
       from (select i.id, i.created_at, ${fraction('i.id', 1)} as rl, ${fraction('i.id', 2)} as ra,
               ${fraction('i.id', 3)} as rr, ${fraction('i.id', 4)} as rd
             from issues i where i.root_namespace_id = $2) x
       cross join lateral (select least($1::timestamptz, x.created_at + x.ra * interval '10 days') as added_at) a
       cross join lateral (select a.added_at + interval '1 hour'
           + x.rd * x.rd * (interval '20 days' - interval '1 hour') as at) r
       where x.rl < 0.3`,
      [now, rootId],
    );
    await client.query(
      `insert into resource_label_events (root_namespace_id, issue_id, label_id, action, created_at)
       select $1::integer, id, $2::integer, 'add', added_at from bench_in_dev_rows
       union all
       select $1::integer, id, $2::integer, 'remove', removed_at from bench_in_dev_rows where removed_at is not null
       order by 5`,
      [rootId, inDevLabelId],
    );
    await client.query(
      `insert into label_links (root_namespace_id, label_id, target_type, target_id)
       select $1, $2, 'Issue', id from bench_in_dev_rows where removed_at is null`,
      [rootId, inDevLabelId],
    );
    await client.query(
      `with bugs as (select i.id,
           least($3::timestamptz, i.created_at + ${fraction('i.id', 5)} * interval '2 days') as at
         from issues i where i.root_namespace_id = $1 and ${fraction('i.id', 6)} < 0.2),
       events as (insert into resource_label_events (root_namespace_id, issue_id, label_id, action, created_at)
         select $1, id, $2, 'add', at from bugs)
       insert into label_links (root_namespace_id, label_id, target_type, target_id)
       select $1, $2, 'Issue', id from bugs`,
      [rootId, bugLabelId, now],
    );
    await client.query('commit');
  });
  await timed(`${size.mergeRequests.toLocaleString('en-US')} merge requests`, () =>
    client.query(
      `insert into merge_requests (root_namespace_id, project_id, iid, author_id, title, state,
         source_branch, target_branch, created_at, updated_at, merged_at, closed_at,
         first_deployed_to_production_at)
       select $1, ($2::integer[])[1 + (x.g - 1) % $4], 1 + (x.g - 1) / $4,
         ($3::integer[])[1 + floor(x.ra * ${AUTHORS})::integer], 'Bench merge request ' || x.g,
         case when s.merged_at is not null then 'merged' when s.closed_at is not null then 'closed'
           else 'opened' end,
         'bench-' || x.g, 'main', x.created, coalesce(s.merged_at, s.closed_at, x.created), s.merged_at,
         s.closed_at,
         case when s.merged_at is not null and x.rd < 0.85 and s.deployed_at <= $6::timestamptz
           then s.deployed_at end
       from (select g, $5::timestamptz + ((g - 1 + random()) * ${span} / $7) * interval '1 second' as created,
               random() as ra, random() as rs, random() as rt, random() as rd, random() as rdt
             from generate_series(1, $7) g) x
       cross join lateral (select x.created + interval '1 hour'
           + x.rt * x.rt * (interval '14 days' - interval '1 hour') as merge_at,
           x.created + x.rt * interval '30 days' as close_at) t
       cross join lateral (select
           case when x.rs < 0.75 and t.merge_at <= $6::timestamptz then t.merge_at end as merged_at,
           case when x.rs >= 0.75 and x.rs < 0.85 and t.close_at <= $6::timestamptz then t.close_at end
             as closed_at,
           t.merge_at + interval '10 minutes'
             + x.rdt * x.rdt * (interval '7 days' - interval '10 minutes') as deployed_at) s`,
      [rootId, projectIds, authorIds, size.projects, start, now, size.mergeRequests],
    ),
  );
  await client.query(`set session_replication_role = default`);
  await client.query('truncate vsa_dirty_issuables');
  await client.query(
    `update projects p set last_issue_iid = coalesce((select max(iid) from issues where project_id = p.id), 0),
       last_merge_request_iid = coalesce((select max(iid) from merge_requests where project_id = p.id), 0)
     where root_namespace_id = $1`,
    [rootId],
  );
  await timed('vacuum analyze', () => client.query('vacuum analyze'));
  return { rootId, projectIds, inDevLabelId, issues: size.issues, mergeRequests: size.mergeRequests };
}
