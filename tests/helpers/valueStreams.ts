import { sql } from 'kysely';
import type { TestServer } from './testServer.ts';

/**
 * Value stream analytics computed the plain way: every issue, merge request and label event of a
 * group's projects read into memory, each stage's events found with a loop, medians and averages
 * computed by hand. The suites compare the server's answers with these.
 */

interface Item {
  id: number;
  projectId: number;
  authorId: number;
  milestoneId: number | null;
  state: string;
  createdAt: Date;
  closedAt: Date | null;
  mergedAt: Date | null;
  lastEditedAt: Date | null;
  firstMilestoneAt: Date | null;
  firstAssignedAt: Date | null;
  firstDeployedAt: Date | null;
  labelIds: number[];
  assigneeIds: number[];
}

interface LabelEvent {
  itemId: number;
  labelId: number;
  action: 'add' | 'remove';
  createdAt: Date;
}

export interface VsaFacts {
  readonly issues: Item[];
  readonly mergeRequests: Item[];
  readonly issueLabelEvents: LabelEvent[];
  readonly mergeRequestLabelEvents: LabelEvent[];
  /** Issue id → the merge requests that close it. */
  readonly closing: Map<number, number[]>;
  readonly labelTitles: Map<number, string>;
  readonly milestoneTitles: Map<number, string>;
}

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

export async function readVsaFacts(server: TestServer, groupId: number): Promise<VsaFacts> {
  const projects = sql`(SELECT projects.id FROM projects JOIN namespaces ON namespaces.id = projects.namespace_id
    WHERE ${groupId} = ANY(namespaces.traversal_ids))`;
  const items = async (table: 'issues' | 'merge_requests', type: string) => {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}
      WHERE project_id IN ${projects}`.execute(server.db);
    const { rows: labels } = await sql<{ target_id: number; label_id: number }>`SELECT target_id, label_id
      FROM label_links WHERE target_type = ${type}`.execute(server.db);
    const assigneeTable = table === 'issues' ? 'issue_assignees' : 'merge_request_assignees';
    const assigneeColumn = table === 'issues' ? 'issue_id' : 'merge_request_id';
    const { rows: assignees } = await sql<{
      item: number;
      user_id: number;
    }>`SELECT ${sql.ref(assigneeColumn)} AS item,
      user_id FROM ${sql.table(assigneeTable)}`.execute(server.db);
    return rows.map(
      (row): Item => ({
        id: row.id as number,
        projectId: row.project_id as number,
        authorId: row.author_id as number,
        milestoneId: (row.milestone_id as number | null) ?? null,
        state: row.state as string,
        createdAt: date(row.created_at) as Date,
        closedAt: date(row.closed_at),
        mergedAt: date(row.merged_at),
        lastEditedAt: date(row.last_edited_at),
        firstMilestoneAt: date(row.first_associated_with_milestone_at),
        firstAssignedAt: date(row.first_assigned_at),
        firstDeployedAt: date(row.first_deployed_to_production_at),
        labelIds: labels.filter((link) => link.target_id === row.id).map((link) => link.label_id),
        assigneeIds: assignees.filter((link) => link.item === row.id).map((link) => link.user_id),
      }),
    );
  };
  const { rows: events } = await sql<{
    issue_id: number | null;
    merge_request_id: number | null;
    label_id: number;
    action: 'add' | 'remove';
    created_at: Date;
  }>`SELECT * FROM resource_label_events`.execute(server.db);
  const { rows: closing } = await sql<{ issue_id: number; merge_request_id: number }>`
    SELECT issue_id, merge_request_id FROM merge_requests_closing_issues`.execute(server.db);
  const { rows: labels } = await sql<{ id: number; title: string }>`SELECT id, title FROM labels`.execute(
    server.db,
  );
  const { rows: milestones } = await sql<{
    id: number;
    title: string;
  }>`SELECT id, title FROM milestones`.execute(server.db);
  const closingMap = new Map<number, number[]>();
  for (const row of closing)
    closingMap.set(row.issue_id, [...(closingMap.get(row.issue_id) ?? []), row.merge_request_id]);
  const eventOf = (itemId: number | null, row: (typeof events)[number]): LabelEvent[] =>
    itemId === null
      ? []
      : [{ itemId, labelId: row.label_id, action: row.action, createdAt: new Date(row.created_at) }];
  return {
    issues: await items('issues', 'Issue'),
    mergeRequests: await items('merge_requests', 'MergeRequest'),
    issueLabelEvents: events.flatMap((row) => eventOf(row.issue_id, row)),
    mergeRequestLabelEvents: events.flatMap((row) => eventOf(row.merge_request_id, row)),
    closing: closingMap,
    labelTitles: new Map(labels.map((label) => [label.id, label.title])),
    milestoneTitles: new Map(milestones.map((milestone) => [milestone.id, milestone.title])),
  };
}

export interface ExpectedStage {
  readonly start: string;
  readonly end: string;
  readonly startLabelId?: number | null;
  readonly endLabelId?: number | null;
}

export interface ExpectedFilters {
  readonly since: Date;
  readonly until: Date;
  readonly authorId?: number;
  readonly labelTitle?: string;
  readonly milestoneTitle?: string;
  readonly assigneeId?: number;
}

const latest = (
  events: LabelEvent[],
  itemId: number,
  labelId: number | null | undefined,
  action: 'add' | 'remove',
) => {
  const times = events
    .filter((event) => event.itemId === itemId && event.labelId === labelId && event.action === action)
    .map((event) => event.createdAt.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
};

function instantOf(
  facts: VsaFacts,
  identifier: string,
  item: Item,
  labelId: number | null | undefined,
): Date | null {
  switch (identifier) {
    case 'issue_created':
    case 'merge_request_created':
      return item.createdAt;
    case 'issue_closed':
      return item.state === 'closed' ? item.closedAt : null;
    case 'merge_request_closed':
      return item.state === 'closed' ? item.closedAt : null;
    case 'merge_request_merged':
      return item.state === 'merged' ? item.mergedAt : null;
    case 'issue_first_associated_with_milestone':
    case 'issue_stage_end':
    case 'plan_stage_start':
      return item.firstMilestoneAt;
    case 'issue_first_assigned_at':
    case 'merge_request_first_assigned_at':
      return item.firstAssignedAt;
    case 'issue_last_edited':
    case 'merge_request_last_edited':
      return item.lastEditedAt;
    case 'merge_request_first_deployed_to_production':
      return item.firstDeployedAt;
    case 'issue_deployed_to_production': {
      const times = (facts.closing.get(item.id) ?? [])
        .map((id) => facts.mergeRequests.find((mr) => mr.id === id)?.firstDeployedAt?.getTime())
        .filter((time): time is number => time !== undefined);
      return times.length ? new Date(Math.min(...times)) : null;
    }
    case 'issue_label_added':
      return latest(facts.issueLabelEvents, item.id, labelId, 'add');
    case 'issue_label_removed':
      return latest(facts.issueLabelEvents, item.id, labelId, 'remove');
    case 'merge_request_label_added':
      return latest(facts.mergeRequestLabelEvents, item.id, labelId, 'add');
    case 'merge_request_label_removed':
      return latest(facts.mergeRequestLabelEvents, item.id, labelId, 'remove');
    default:
      return null;
  }
}

export interface ExpectedRow {
  readonly id: number;
  readonly end: Date;
  readonly durationMs: number;
}

/** The stage's items that ended in the range, by a loop over every item. */
export function expectedRows(facts: VsaFacts, stage: ExpectedStage, filters: ExpectedFilters): ExpectedRow[] {
  const items = stage.start.startsWith('merge_request') ? facts.mergeRequests : facts.issues;
  const rows: ExpectedRow[] = [];
  for (const item of items) {
    if (filters.authorId !== undefined && item.authorId !== filters.authorId) continue;
    if (filters.assigneeId !== undefined && !item.assigneeIds.includes(filters.assigneeId)) continue;
    if (
      filters.labelTitle !== undefined &&
      !item.labelIds.some((id) => facts.labelTitles.get(id) === filters.labelTitle)
    )
      continue;
    if (
      filters.milestoneTitle !== undefined &&
      (item.milestoneId === null || facts.milestoneTitles.get(item.milestoneId) !== filters.milestoneTitle)
    )
      continue;
    const start = instantOf(facts, stage.start, item, stage.startLabelId);
    const end = instantOf(facts, stage.end, item, stage.endLabelId);
    if (!start || !end || end < start) continue;
    if (end < filters.since || end >= filters.until) continue;
    rows.push({ id: item.id, end, durationMs: Math.round(end.getTime() - start.getTime()) });
  }
  return rows;
}

export function median(values: readonly number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = (sorted.length - 1) / 2;
  const low = sorted[Math.floor(middle)]!;
  const high = sorted[Math.ceil(middle)]!;
  return low + (high - low) * (middle - Math.floor(middle));
}

/** Daily averages in seconds, ascending by UTC day. */
export function dailyAverages(rows: readonly ExpectedRow[]) {
  const days = new Map<string, number[]>();
  for (const row of rows) {
    const day = row.end.toISOString().slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), row.durationMs]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, durations]) => ({
      date: day,
      average_duration_in_seconds: durations.reduce((sum, value) => sum + value, 0) / durations.length / 1000,
    }));
}
