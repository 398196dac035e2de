/** Pure mappers from the milestone page's queries to its view models. */
import { toCalendarDate } from '../dates.ts';
import type {
  MilestoneDetailFieldsFragment,
  MilestoneIssueColumnsFieldsFragment,
  MilestoneIssueFieldsFragment,
} from '../generated/graphql.ts';
import { toLabel, toLabels } from '../labels/labelMappers.ts';
import { compact, toItemState, toUser } from '../mappers.ts';
import type {
  BurndownPoint,
  MilestoneDetail,
  MilestoneIssueColumn,
  MilestoneIssueColumns,
  MilestoneIssueItem,
} from '../types.ts';

type Maybe<T> = T | null | undefined;

/** What both detail queries answer for the milestone's group or project. */
export interface MilestoneOwnerResult {
  readonly fullName: string;
  readonly milestones: Maybe<{ readonly nodes?: Maybe<ReadonlyArray<Maybe<MilestoneDetailFieldsFragment>>> }>;
}

const toMilestoneIssue = (issue: MilestoneIssueFieldsFragment): MilestoneIssueItem => ({
  id: issue.id,
  iid: issue.iid,
  title: issue.title,
  state: toItemState(issue.state),
  confidential: issue.confidential,
  reference: issue.reference,
  webPath: issue.webPath,
  weight: issue.weight,
  assignees: compact(issue.assignees?.nodes).map(toUser),
  labels: toLabels(issue.labels),
});

type BurnupDay = NonNullable<
  NonNullable<MilestoneDetailFieldsFragment['report']>['burnupTimeSeries']
>[number];

/** GitLab's daily scope and completed totals as the burndown's open issues and open weight. */
export function toBurndownPoints(series: readonly BurnupDay[]): BurndownPoint[] {
  return series.flatMap((day) => {
    const date = toCalendarDate(day.date);
    return date
      ? [
          {
            date,
            openIssues: day.scopeCount - day.completedCount,
            openWeight: day.scopeWeight - day.completedWeight,
          },
        ]
      : [];
  });
}

/** The milestone `milestoneGid` names, or null when the owner does not have it (or hides it). */
export function toMilestoneDetail(owner: MilestoneOwnerResult, milestoneGid: string): MilestoneDetail | null {
  const milestone = compact(owner.milestones?.nodes).find((node) => node.id === milestoneGid);
  if (!milestone) return null;
  const total = milestone.stats?.totalIssuesCount;
  const closed = milestone.stats?.closedIssuesCount;
  const series = milestone.report?.burnupTimeSeries;
  return {
    id: milestone.id,
    iid: milestone.iid,
    title: milestone.title,
    description: milestone.description || null,
    descriptionHtml: milestone.description ? (milestone.descriptionHtml ?? null) : null,
    state: milestone.state === 'closed' ? 'closed' : 'active',
    startDate: toCalendarDate(milestone.startDate),
    dueDate: toCalendarDate(milestone.dueDate),
    webPath: milestone.webPath,
    stats: total != null && closed != null ? { total, closed } : null,
    ownerFullName: owner.fullName,
    labels: milestone.issueLabels.map((entry) => ({
      label: toLabel(entry.label),
      opened: entry.openedIssuesCount,
      closed: entry.closedIssuesCount,
    })),
    participants: compact(milestone.participants?.nodes).map((user) => ({
      ...toUser(user),
      webPath: user.webPath,
    })),
    participantsTotal: milestone.participants?.count ?? 0,
    burndown: series ? toBurndownPoints(series) : null,
  };
}

type ColumnResult = MilestoneIssueColumnsFieldsFragment['unstarted'];

const toColumn = (column: ColumnResult): MilestoneIssueColumn => {
  const items = compact(column?.nodes).map(toMilestoneIssue);
  return { items, total: Math.max(items.length, column?.count ?? 0) };
};

/** GitLab's three columns of the milestone's issues; null when the owner does not have it. */
export function toMilestoneIssueColumns(
  milestones: Maybe<{ readonly nodes?: Maybe<ReadonlyArray<Maybe<MilestoneIssueColumnsFieldsFragment>>> }>,
  milestoneGid: string,
): MilestoneIssueColumns | null {
  const milestone = compact(milestones?.nodes).find((node) => node.id === milestoneGid);
  if (!milestone) return null;
  return {
    unstarted: toColumn(milestone.unstarted),
    ongoing: toColumn(milestone.ongoing),
    completed: toColumn(milestone.completed),
  };
}
