import { type Kysely, sql } from 'kysely';
import { parseDay } from '../../../core/time/epochDay.ts';
import { recomputeInheritedDatesOfRoot } from '../repositories/epicInheritedDatesRepository.ts';
import { deferEpicRollups, resumeEpicRollups } from '../repositories/epicRollupRepository.ts';
import { fillPendingStageHashes } from '../repositories/vsaAggregationRepository.ts';
import type { Database } from '../schema.ts';
import { timelineFor } from './calendar.ts';
import { linkDemoDependencies, linkFlatRoadmapDependencies } from './demoDependencies.ts';
import { insertDemoSubscriptions } from './demoSubscriptions.ts';
import { linkDemoTasks } from './demoTasks.ts';
import { writeDeliveryHistory } from './deploymentRows.ts';
import { Engagement } from './engagement.ts';
import { planEpics, planRoadmapEpics } from './epicPlan.ts';
import { writeEpics } from './epicRows.ts';
import { writeIssues } from './issueRows.ts';
import { insertLabels } from './labels.ts';
import { insertLargeMembership } from './largeMembership.ts';
import { insertLargeTree, type LargeTreeSummary } from './largeTree.ts';
import { writeMergeRequests } from './mergeRequestRows.ts';
import { insertMilestones } from './milestones.ts';
import { insertOrganisation, planOrganisation } from './organisation.ts';
import { writeSubscriptions, writeTodos } from './peopleRows.ts';
import { streamFor } from './random.ts';
import { writeSecurityFindings } from './securityFindings.ts';
import {
  pauseHistoryTriggers,
  resumeHistoryTriggers,
  writeValueStreamHistory,
} from './valueStreamHistory.ts';
import { insertWorkshop } from './workshop.ts';

export { DEMO_USERS } from './organisationSpecs.ts';

export const DEFAULT_DEMO_SIZE = { epics: 1500, issues: 15000 } as const;
export const DEFAULT_DEMO_SEED = 1;

export interface SeedOptions {
  readonly epics: number;
  readonly issues: number;
  readonly seed?: number;
  /** The day the demo is centred on, `YYYY-MM-DD`: dates spread 18 months either side of it. */
  readonly today: string;
  /**
   * For roadmap benchmarks: every epic top-level and dated to overlap the THREE_YEARS timeframe around
   * `today`, so that the group roadmap shows all of them (planRoadmapEpics). Default: the nested demo.
   */
  readonly roadmapFlat?: boolean;
  /**
   * Also the `portfolio` group at scale: its epic with 5,000 children and 20,000 descendants
   * (largeTree.ts) and its 2,000 members (largeMembership.ts).
   */
  readonly largeTree?: boolean;
  /** Every demo user gets this password hash (hashing stays with the caller). */
  readonly passwordHash: string;
  /** Told about progress in long runs (every 100,000 issues, and at each phase). */
  readonly onProgress?: (message: string) => void;
}

export interface SeedSummary {
  readonly users: number;
  readonly groups: number;
  readonly projects: number;
  readonly members: number;
  readonly milestones: number;
  readonly labels: number;
  readonly epics: number;
  readonly issues: number;
  readonly epicIssues: number;
  readonly issueAssignees: number;
  readonly issueLinks: number;
  readonly relatedEpicLinks: number;
  readonly labelLinks: number;
  readonly mergeRequests: number;
  readonly mergeRequestAssignees: number;
  readonly mergeRequestReviewers: number;
  readonly mergeRequestApprovals: number;
  readonly mergeRequestClosingIssues: number;
  readonly todos: number;
  readonly subscriptions: number;
  readonly awardEmoji: number;
  readonly notes: number;
  readonly environments: number;
  readonly deployments: number;
  readonly deploymentMergeRequests: number;
  readonly protectedEnvironments: number;
  readonly deploymentApprovals: number;
  readonly vulnerabilities: number;
  /** Milliseconds per phase, in the order they ran. */
  readonly timings: Readonly<Record<string, number>>;
}

/** Tables whose ids the seed writes itself; their sequences are moved past the highest id afterwards. */
const TABLES_WITH_EXPLICIT_IDS = [
  'users',
  'namespaces',
  'projects',
  'milestones',
  'labels',
  'epics',
  'issues',
  'merge_requests',
] as const;

/**
 * Fills an empty database with the demo organisation `acme`, in one transaction (or inside the
 * caller's). The same seed and day give the same organisation, row for row.
 */
export async function seedDemoData(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  for (const [name, value] of [
    ['epics', options.epics],
    ['issues', options.issues],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new Error(`${name} must be a whole number ≥ 0, got ${value}`);
  }
  if (db.isTransaction) return seedInTransaction(db, options);
  return db.transaction().execute((trx) => seedInTransaction(trx, options));
}

async function seedInTransaction(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const todayDay = parseDay(options.today);
  const timings: Record<string, number> = {};
  const timed = async <T>(phase: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    options.onProgress?.(`${phase}…`);
    const result = await run();
    timings[phase] = Math.round(performance.now() - started);
    return result;
  };

  // Ids are written explicitly; on a database that is not empty they would collide halfway through.
  const leftovers = await sql<{ found: boolean }>`
    select exists (select 1 from users) or exists (select 1 from namespaces) as found`.execute(db);
  if (leftovers.rows[0]?.found) throw new Error('The database is not empty: run clearDomainData first');
  // Rows go in by the thousand: the rollups are computed once at the end instead of per row.
  const deferred = await deferEpicRollups(db);
  // The history value stream analytics reads is written at the end, at believable instants.
  await pauseHistoryTriggers(db);

  const org = planOrganisation(todayDay);
  const timeline = timelineFor(todayDay, org.foundedMs);
  const fixed = await timed('organisation', async () => {
    const counts = await insertOrganisation(db, org, options.passwordHash, streamFor(seed, 'organisation'));
    const labels = await insertLabels(db, org, streamFor(seed, 'labels'));
    const milestones = await insertMilestones(db, org, todayDay, streamFor(seed, 'milestones'));
    return { counts, labels, milestones };
  });
  const { labels, milestones } = fixed;

  const epicEngagement = new Engagement(
    db,
    org.rootId,
    labels,
    streamFor(seed, 'epic-engagement'),
    timeline.nowMs,
  );
  const { plans, relatedEpicLinks } = await timed('epics', async () => {
    const planRandom = streamFor(seed, 'epic-plan');
    const planned = options.roadmapFlat
      ? planRoadmapEpics(options.epics, org, todayDay, planRandom)
      : planEpics(options.epics, org, milestones, todayDay, planRandom);
    const random = streamFor(seed, 'epics');
    const links = await writeEpics(
      { db, org, labels, timeline, random, engagement: epicEngagement },
      planned,
    );
    return { plans: planned, relatedEpicLinks: links };
  });
  for (const group of org.groups) {
    const lastIid = plans.reduce(
      (last, plan) => (plan.groupIndex === group.index ? Math.max(last, plan.iid) : last),
      0,
    );
    await db.updateTable('namespaces').set({ last_epic_iid: lastIid }).where('id', '=', group.id).execute();
  }

  const issueEngagement = new Engagement(
    db,
    org.rootId,
    labels,
    streamFor(seed, 'issue-engagement'),
    timeline.nowMs,
  );
  const issues = await timed('issues', () =>
    writeIssues(
      {
        db,
        org,
        labels,
        milestones,
        timeline,
        todayDay,
        random: streamFor(seed, 'issues'),
        engagement: issueEngagement,
        onProgress: options.onProgress,
      },
      options.issues,
      plans,
    ),
  );
  for (const project of org.projects) {
    const lastIid = issues.index.lastIidByProject[project.index] ?? 0;
    await db.updateTable('projects').set({ last_issue_iid: lastIid }).where('id', '=', project.id).execute();
  }

  const people = { db, org, timeline, plans, issues: issues.index };
  const mergeRequestEngagement = new Engagement(
    db,
    org.rootId,
    labels,
    streamFor(seed, 'merge-request-engagement'),
    timeline.nowMs,
  );
  const extras = await timed('merge requests, to-dos, subscriptions', async () => ({
    mergeRequests: await writeMergeRequests({
      ...people,
      labels,
      milestones,
      todayDay,
      random: streamFor(seed, 'merge-requests'),
      detail: streamFor(seed, 'merge-request-details'),
      engagement: mergeRequestEngagement,
    }),
    todos: await writeTodos({ ...people, random: streamFor(seed, 'todos') }),
    subscriptions: await writeSubscriptions({ ...people, random: streamFor(seed, 'subscriptions') }),
  }));

  await timed('tasks', () => linkDemoTasks(db, org.rootId));

  // Inherited dates follow the app's own rule (issues' milestones and child epics), level by level.
  await timed('inherited dates', () => recomputeInheritedDatesOfRoot(db, org.rootId));
  // After the dates settle: which links keep their order depends on them.
  await timed('dependencies', () =>
    options.roadmapFlat ? linkFlatRoadmapDependencies(db) : linkDemoDependencies(db),
  );

  await timed('sequences', async () => {
    for (const table of TABLES_WITH_EXPLICIT_IDS) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
        db,
      );
    }
  });

  // After the sequences: its rows take generated ids, and acme's stay as they were.
  const workshop = await timed('workshop', () => insertWorkshop(db, timeline.nowMs));
  // After the workshop: its playground has environments too.
  const delivery = await timed('deployments', () =>
    writeDeliveryHistory(db, streamFor(seed, 'deployments'), timeline.nowMs),
  );

  const vulnerabilities = await timed('vulnerabilities', () => writeSecurityFindings(db, timeline.nowMs));

  const largeTree: LargeTreeSummary | null = options.largeTree
    ? await timed('large tree', () => insertLargeTree(db))
    : null;
  const crowd = options.largeTree
    ? await timed('large membership', () => insertLargeMembership(db, options.passwordHash))
    : 0;
  await timed('subscriptions', () => insertDemoSubscriptions(db, options.today, new Date(timeline.nowMs)));

  await timed('value stream history', async () => {
    await writeValueStreamHistory(db, org.rootId, timeline.nowMs);
    await resumeHistoryTriggers(db);
  });
  if (deferred) await timed('epic rollups', () => resumeEpicRollups(db));

  const all = (pick: (engagement: Engagement) => { rowCount: number }) =>
    pick(epicEngagement).rowCount + pick(issueEngagement).rowCount + pick(mergeRequestEngagement).rowCount;
  return {
    ...fixed.counts,
    // The workshop group and its playground project come on top of the organisation's.
    groups: fixed.counts.groups + 1 + (largeTree ? 1 : 0),
    projects: fixed.counts.projects + 1 + (largeTree ? 1 : 0),
    users: fixed.counts.users + crowd,
    members: fixed.counts.members + workshop.members + (largeTree?.members ?? 0) + crowd,
    milestones: milestones.all.length,
    labels: labels.count + workshop.labels,
    epics: plans.length + (largeTree?.epics ?? 0),
    issues: options.issues + workshop.issues + (largeTree?.issues ?? 0),
    epicIssues: issues.epicIssues + (largeTree?.issues ?? 0),
    issueAssignees: issues.issueAssignees,
    issueLinks: issues.issueLinks,
    relatedEpicLinks,
    labelLinks: all((engagement) => engagement.labelLinks),
    mergeRequests: extras.mergeRequests.mergeRequests,
    mergeRequestAssignees: extras.mergeRequests.assignees,
    mergeRequestReviewers: extras.mergeRequests.reviewers,
    mergeRequestApprovals: extras.mergeRequests.approvals,
    mergeRequestClosingIssues: extras.mergeRequests.closingIssues,
    todos: extras.todos,
    subscriptions: extras.subscriptions,
    awardEmoji: all((engagement) => engagement.awardEmoji),
    notes: all((engagement) => engagement.notes),
    ...delivery,
    vulnerabilities,
    timings,
  };
}

/**
 * Run after a seed has committed, as the instance would have settled had it been running:
 * - the value stream stages' aggregated rows filled, which the periodic job (jobs/vsaAggregation.ts)
 *   otherwise does in its first pass: on a just-started server of 30,000 issues that pass held
 *   PGlite's one session for 160–390 ms per stage, eleven stages, while pages waited;
 * - fresh statistics (VACUUM cannot run in a transaction), so that the first queries are planned for
 *   the real row counts — without them PGlite plans the large tree's descendant counts as if its
 *   tables were empty, and an epic page takes seconds — and a visibility map, so that the covering
 *   indexes answer from the index alone (PGlite never autovacuums).
 */
export async function settleAfterSeed(db: Kysely<Database>, now: Date): Promise<void> {
  await fillPendingStageHashes(db, now);
  await sql`vacuum analyze`.execute(db);
}

/**
 * Empties every table (users and sessions included; Kysely's migration bookkeeping and the data
 * version row excepted: the truncation itself bumps that version, so cached answers go stale) and
 * restarts the id sequences, so that the demo can replace whatever was there.
 */
export async function clearDomainData(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = current_schema() and tablename not like 'kysely\\_%' and tablename <> 'data_version'
  `.execute(db);
  if (rows.length === 0) return;
  const tables = sql.join(rows.map((row) => sql.table(row.tablename)));
  await sql`truncate table ${tables} restart identity cascade`.execute(db);
}
