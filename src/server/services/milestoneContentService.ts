/**
 * The milestone page's tabs and chart: its issues, their labels and people, and its burndown, each
 * over the issues the actor may read (a project milestone's in its project; a group milestone's in
 * the group's projects and its subgroups').
 */
import { type BurndownDay, milestoneBurndown } from '../../core/domain/milestoneBurndown.ts';
import type { CalendarDate } from '../../core/time/calendarDate.ts';
import { calendarDateOf } from '../../core/time/formatting.ts';
import type { Executor } from '../db/executor.ts';
import type { IssueReader } from '../db/repositories/issueRepository.ts';
import {
  burndownRowsOfMilestone,
  type LabelIssueCounts,
  labelCountsOfMilestoneIssues,
  participantsOfMilestoneIssues,
} from '../db/repositories/milestoneContentRepository.ts';
import { findNamespaceById } from '../db/repositories/namespaceRepository.ts';
import { findProjectById } from '../db/repositories/projectRepository.ts';
import type { MilestoneRow, UserRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import { issueReaderOf, type ProjectInNamespace, withNamespaces } from './issueService.ts';
import { listReadableProjects } from './projectService.ts';

/** The same bound the group issue lists read with. */
const MAX_LISTED_PROJECTS = 100_000;
/** A milestone page lists at most this many labels. */
const MAX_LABELS = 200;

/** The projects the milestone's issues may live in, as far as the actor may read them. */
export async function milestoneProjects(
  db: Executor,
  access: AccessContext,
  milestone: MilestoneRow,
): Promise<ProjectInNamespace[]> {
  if (milestone.project_id !== null) {
    const project = await findProjectById(db, milestone.project_id);
    const namespace = project && (await findNamespaceById(db, project.namespace_id));
    return project && namespace ? [{ project, namespace }] : [];
  }
  const group = await findNamespaceById(db, milestone.group_id ?? 0);
  if (!group) return [];
  const { rows } = await listReadableProjects(
    db,
    access,
    { namespaceId: group.id, includeSubgroups: true },
    { offset: 0, limit: MAX_LISTED_PROJECTS },
  );
  return withNamespaces(db, rows);
}

async function readerOf(db: Executor, access: AccessContext, milestone: MilestoneRow): Promise<IssueReader> {
  return issueReaderOf(access, await milestoneProjects(db, access, milestone));
}

export async function milestoneIssueLabels(
  db: Executor,
  access: AccessContext,
  milestone: MilestoneRow,
): Promise<LabelIssueCounts[]> {
  return labelCountsOfMilestoneIssues(db, await readerOf(db, access, milestone), milestone.id, MAX_LABELS);
}

export async function milestoneParticipants(
  db: Executor,
  access: AccessContext,
  milestone: MilestoneRow,
  page: { offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  return participantsOfMilestoneIssues(db, await readerOf(db, access, milestone), milestone.id, page);
}

/** GitLab's `TimeboxReport`: the daily totals and the last day's, or why there are none. */
export type MilestoneReport =
  | {
      readonly burnupTimeSeries: readonly BurndownDay[];
      readonly stats: {
        readonly complete: { count: number; weight: number };
        readonly incomplete: { count: number; weight: number };
        readonly total: { count: number; weight: number };
      };
      readonly error: null;
    }
  | {
      readonly burnupTimeSeries: null;
      readonly stats: null;
      readonly error: { readonly code: 'MISSING_DATES'; readonly message: string };
    };

/** GitLab's report error, word for word (Timebox::ReportService). */
export const MISSING_DATES_MESSAGE = 'Milestone must have a start and due date';

/**
 * The burndown of the milestone over the issues the actor may read, from its start date to its due
 * date or today (core/domain/milestoneBurndown.ts says what it approximates). Days are the server's.
 */
export async function milestoneReport(
  db: Executor,
  access: AccessContext,
  milestone: MilestoneRow,
): Promise<MilestoneReport> {
  if (!milestone.start_date || !milestone.due_date) {
    return {
      burnupTimeSeries: null,
      stats: null,
      error: { code: 'MISSING_DATES', message: MISSING_DATES_MESSAGE },
    };
  }
  const rows = await burndownRowsOfMilestone(db, await readerOf(db, access, milestone), milestone.id);
  const series = milestoneBurndown(
    { startDate: milestone.start_date as CalendarDate, dueDate: milestone.due_date as CalendarDate },
    rows.map((row) => ({
      createdOn: calendarDateOf(row.created_at),
      closedOn: row.closed_at ? calendarDateOf(row.closed_at) : null,
      state: row.state,
      weight: row.weight,
    })),
    calendarDateOf(access.now()),
  );
  const last = series.at(-1);
  const complete = { count: last?.completedCount ?? 0, weight: last?.completedWeight ?? 0 };
  const total = { count: last?.scopeCount ?? 0, weight: last?.scopeWeight ?? 0 };
  return {
    burnupTimeSeries: series,
    stats: {
      complete,
      incomplete: { count: total.count - complete.count, weight: total.weight - complete.weight },
      total,
    },
    error: null,
  };
}
