/**
 * The analytics suite's independent arithmetic (tests/integration/analyticsApi.test.ts): what each
 * analytics answer should be, worked out with plain loops over the rows in the database, by the
 * definitions GitLab documents, without any of the server's code.
 */
import type { TestServer } from './testServer.ts';

export interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** `YYYY-MM-DD` of an instant in UTC. */
export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);
const nextDay = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS));
function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

interface DeploymentFact {
  readonly id: number;
  readonly projectId: number;
  readonly environmentId: number;
  readonly environmentName: string;
  readonly tier: string;
  readonly status: string;
  readonly finishedAt: Date | null;
}

/** Every row the DORA expectations read, once the suite has written its events. */
export interface Facts {
  readonly deployments: readonly DeploymentFact[];
  /** Each deployment's shipped merge requests' merge times. */
  readonly shipped: readonly { readonly deploymentId: number; readonly mergedAt: Date | null }[];
  readonly incidents: readonly {
    readonly projectId: number;
    readonly state: string;
    readonly createdAt: Date;
    readonly closedAt: Date | null;
  }[];
  readonly environments: readonly { readonly projectId: number; readonly tier: string }[];
  projectId(path: string): number;
  /** The full paths of the projects of a group and of its subgroups. */
  projectPathsUnder(groupPath: string): string[];
}

export async function readFacts(server: TestServer): Promise<Facts> {
  const db = server.db;
  const [deployments, shipped, incidents, environments, projects, namespaces] = await Promise.all([
    db
      .selectFrom('deployments')
      .innerJoin('environments', 'environments.id', 'deployments.environment_id')
      .select([
        'deployments.id',
        'deployments.project_id',
        'deployments.environment_id',
        'environments.name',
        'environments.tier',
        'deployments.status',
        'deployments.finished_at',
      ])
      .execute(),
    db
      .selectFrom('deployment_merge_requests')
      .innerJoin('merge_requests', 'merge_requests.id', 'deployment_merge_requests.merge_request_id')
      .select(['deployment_merge_requests.deployment_id', 'merge_requests.merged_at'])
      .execute(),
    db
      .selectFrom('issues')
      .select(['project_id', 'state', 'created_at', 'closed_at'])
      .where('issue_type', '=', 'incident')
      .execute(),
    db.selectFrom('environments').select(['project_id', 'tier']).execute(),
    db.selectFrom('projects').select(['id', 'full_path', 'namespace_id']).execute(),
    db.selectFrom('namespaces').select(['id', 'full_path', 'traversal_ids']).execute(),
  ]);
  return {
    deployments: deployments.map((row) => ({
      id: row.id,
      projectId: row.project_id,
      environmentId: row.environment_id,
      environmentName: row.name,
      tier: row.tier,
      status: row.status,
      finishedAt: row.finished_at,
    })),
    shipped: shipped.map((row) => ({ deploymentId: row.deployment_id, mergedAt: row.merged_at })),
    incidents: incidents.map((row) => ({
      projectId: row.project_id,
      state: row.state,
      createdAt: row.created_at,
      closedAt: row.closed_at,
    })),
    environments: environments.map((row) => ({ projectId: row.project_id, tier: row.tier })),
    projectId(path) {
      const found = projects.find((project) => project.full_path === path);
      if (!found) throw new Error(`No project ${path}`);
      return found.id;
    },
    projectPathsUnder(groupPath) {
      const group = namespaces.find((namespace) => namespace.full_path === groupPath);
      if (!group) throw new Error(`No group ${groupPath}`);
      const under = new Set(
        namespaces.filter((namespace) => namespace.traversal_ids.includes(group.id)).map((n) => n.id),
      );
      return projects
        .filter((project) => under.has(project.namespace_id))
        .map((project) => project.full_path);
    },
  };
}

interface LegacyQuery {
  readonly projectPath: string;
  readonly environment: string;
  readonly interval: 'all' | 'daily' | 'monthly';
  readonly from: string;
  readonly to: string;
}

interface DoraQuery {
  readonly projectPaths: readonly string[];
  readonly metric: string;
  readonly interval: 'all' | 'daily' | 'monthly';
  readonly start: string;
  readonly end: string;
  readonly tiers: readonly string[];
}

/** The buckets' labels and the days each holds. */
function bucketsOf(start: string, end: string, interval: DoraQuery['interval']) {
  const days: string[] = [];
  for (let day = start; day <= end; day = nextDay(day)) days.push(day);
  if (interval === 'all') return [{ date: null, days: new Set(days) }];
  if (interval === 'daily') return days.map((day) => ({ date: day, days: new Set([day]) }));
  const months = [...new Set(days.map((day) => day.slice(0, 7)))];
  return months.map((month) => ({
    date: `${month}-01`,
    days: new Set(days.filter((day) => day.startsWith(month))),
  }));
}

export const doraExpectation = {
  /** The deprecated deployment frequency: successful deployments to the environment in [from, to). */
  legacy(facts: Facts, query: LegacyQuery) {
    const projectId = facts.projectId(query.projectPath);
    const from = new Date(query.from);
    const to = new Date(query.to);
    const found = facts.deployments.filter(
      (row) =>
        row.projectId === projectId &&
        row.environmentName === query.environment &&
        row.status === 'success' &&
        row.finishedAt !== null &&
        row.finishedAt >= from &&
        row.finishedAt < to,
    );
    const dateTime = (instant: Date) => instant.toISOString().replace('Z', '+00:00');
    if (query.interval === 'all') return [{ value: found.length, from: dateTime(from), to: dateTime(to) }];
    const sorted = [...found].sort((a, b) => a.finishedAt!.getTime() - b.finishedAt!.getTime());
    if (query.interval === 'daily') {
      return [...groupBy(sorted, (row) => utcDay(row.finishedAt!))].map(([day, rows]) => ({
        value: rows.length,
        from: day,
        to: nextDay(day),
      }));
    }
    return [...groupBy(sorted, (row) => utcDay(row.finishedAt!).slice(0, 7))].map(([month, rows]) => ({
      value: rows.length,
      from: `${month}-01T00:00:00.000Z`,
      to: `${nextMonth(month)}-01T00:00:00.000Z`,
    }));
  },

  /** The DORA API's points, by the metrics' definitions. */
  points(facts: Facts, query: DoraQuery) {
    const projectIds = new Set(query.projectPaths.map((path) => facts.projectId(path)));
    const buckets = bucketsOf(query.start, query.end, query.interval);
    const succeeded = facts.deployments.filter(
      (row) =>
        projectIds.has(row.projectId) &&
        row.status === 'success' &&
        row.finishedAt !== null &&
        query.tiers.includes(row.tier),
    );
    const withProduction = new Set(
      facts.environments.filter((row) => row.tier === 'production').map((row) => row.projectId),
    );
    const readsProduction =
      query.tiers.includes('production') && [...projectIds].some((id) => withProduction.has(id));
    const incidents = facts.incidents.filter(
      (row) => projectIds.has(row.projectId) && withProduction.has(row.projectId),
    );
    // One median per source and day: environments for lead time, projects for time to restore.
    const dailyMedians = (entries: { source: number; day: string; seconds: number }[]) =>
      [...groupBy(entries, (entry) => `${entry.source}/${entry.day}`).values()].map((group) => ({
        day: group[0]!.day,
        seconds: medianOf(group.map((entry) => entry.seconds))!,
      }));
    const leadTimes = dailyMedians(
      succeeded.flatMap((deployment) =>
        facts.shipped
          .filter((link) => link.deploymentId === deployment.id && link.mergedAt !== null)
          .map((link) => ({
            source: deployment.environmentId,
            day: utcDay(deployment.finishedAt!),
            seconds: (deployment.finishedAt!.getTime() - link.mergedAt!.getTime()) / 1000,
          })),
      ),
    );
    const restores = dailyMedians(
      incidents
        .filter((row) => row.state === 'closed' && row.closedAt !== null)
        .map((row) => ({
          source: row.projectId,
          day: utcDay(row.closedAt!),
          seconds: (row.closedAt!.getTime() - row.createdAt.getTime()) / 1000,
        })),
    );
    return buckets.map(({ date, days }) => {
      const deploymentsIn = (tier?: string) =>
        succeeded.filter((row) => days.has(utcDay(row.finishedAt!)) && (!tier || row.tier === tier)).length;
      const medianIn = (entries: { day: string; seconds: number }[]) =>
        medianOf(entries.filter((entry) => days.has(entry.day)).map((entry) => entry.seconds));
      switch (query.metric) {
        case 'deployment_frequency':
          return { date, value: deploymentsIn() };
        case 'lead_time_for_changes':
          return { date, value: medianIn(leadTimes) };
        case 'time_to_restore_service':
          return { date, value: readsProduction ? medianIn(restores) : null };
        default: {
          if (!readsProduction) return { date, value: null };
          const opened = incidents.filter((row) => days.has(utcDay(row.createdAt))).length;
          return { date, value: opened / Math.max(deploymentsIn('production'), 1) };
        }
      }
    });
  },

  /**
   * A group activity count as a Reporter of the group sees it: issues (issues, incidents and test
   * cases, confidential ones too, none by a banned author) and merge requests opened, and distinct
   * people who joined the group or a subgroup, in the 90 days before `now`.
   */
  async activity(server: TestServer, count: string, groupPath: string, now: Date): Promise<number> {
    const since = new Date(now.getTime() - 90 * DAY_MS);
    const db = server.db;
    const namespaces = await db
      .selectFrom('namespaces')
      .select(['id', 'full_path', 'traversal_ids'])
      .execute();
    const group = namespaces.find((namespace) => namespace.full_path === groupPath)!;
    const groupIds = new Set(namespaces.filter((n) => n.traversal_ids.includes(group.id)).map((n) => n.id));
    const projects = await db.selectFrom('projects').select(['id', 'namespace_id']).execute();
    const projectIds = new Set(projects.filter((p) => groupIds.has(p.namespace_id)).map((p) => p.id));
    if (count === 'new_members_count') {
      const members = await db
        .selectFrom('members')
        .select(['user_id', 'source_type', 'source_id', 'created_at'])
        .execute();
      const joined = new Set<number>();
      for (const member of members) {
        if (
          member.source_type === 'Namespace' &&
          groupIds.has(member.source_id) &&
          member.created_at >= since
        ) {
          joined.add(member.user_id);
        }
      }
      return joined.size;
    }
    if (count === 'merge_requests_count') {
      const rows = await db.selectFrom('merge_requests').select(['project_id', 'created_at']).execute();
      return rows.filter((row) => projectIds.has(row.project_id) && row.created_at >= since).length;
    }
    const banned = new Set(
      (await db.selectFrom('users').select(['id', 'state']).execute())
        .filter((u) => u.state === 'banned')
        .map((u) => u.id),
    );
    const issues = await db
      .selectFrom('issues')
      .select(['project_id', 'created_at', 'issue_type', 'author_id'])
      .execute();
    let counted = 0;
    for (const issue of issues) {
      if (!projectIds.has(issue.project_id) || issue.created_at < since) continue;
      if (issue.issue_type === 'task' || banned.has(issue.author_id)) continue;
      counted++;
    }
    return counted;
  },
};

/**
 * Code review analytics of a project: its open merge requests, each in review since the first
 * comment by someone else or the first approval, the earliest first (never reviewed last, newest
 * first among equals), with whole hours in review until `now`.
 */
export async function reviewExpectation(server: TestServer, projectId: number, now: Date) {
  const db = server.db;
  const open = await db
    .selectFrom('merge_requests')
    .select(['id', 'iid', 'author_id'])
    .where('project_id', '=', projectId)
    .where('state', '=', 'opened')
    .execute();
  const notes = await db
    .selectFrom('notes')
    .select(['noteable_id', 'author_id', 'created_at', 'system'])
    .where('noteable_type', '=', 'MergeRequest')
    .execute();
  const approvals = await db
    .selectFrom('merge_request_approvals')
    .select(['merge_request_id', 'created_at'])
    .execute();
  const entries = open.map((mr) => {
    let start: Date | null = null;
    for (const note of notes) {
      if (note.noteable_id !== mr.id || note.system || note.author_id === mr.author_id) continue;
      if (!start || note.created_at < start) start = note.created_at;
    }
    for (const approval of approvals) {
      if (approval.merge_request_id === mr.id && (!start || approval.created_at < start))
        start = approval.created_at;
    }
    return {
      id: mr.id,
      iid: mr.iid,
      start,
      reviewTime: start ? Math.floor((now.getTime() - start.getTime()) / HOUR_MS) : null,
    };
  });
  return entries.sort((a, b) => {
    if (a.start && b.start && a.start.getTime() !== b.start.getTime())
      return a.start.getTime() - b.start.getTime();
    if (a.start && !b.start) return -1;
    if (!a.start && b.start) return 1;
    return b.id - a.id;
  });
}
