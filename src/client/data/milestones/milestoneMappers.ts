/** Pure mappers from the milestone page's queries to its view model. */
import { toCalendarDate } from '../dates.ts';
import type { MilestoneDetailFieldsFragment, MilestoneIssueFieldsFragment } from '../generated/graphql.ts';
import { compact, toItemState } from '../mappers.ts';
import type { MilestoneDetail, MilestoneIssueItem } from '../types.ts';

type Maybe<T> = T | null | undefined;
type IssueNode = MilestoneIssueFieldsFragment & { readonly reference: string };

/** What both queries answer for the milestone's group or project. */
export interface MilestoneOwnerResult {
  readonly fullName: string;
  readonly milestones: Maybe<{ readonly nodes?: Maybe<ReadonlyArray<Maybe<MilestoneDetailFieldsFragment>>> }>;
  readonly issues: Maybe<{ readonly count: number; readonly nodes?: Maybe<ReadonlyArray<Maybe<IssueNode>>> }>;
}

const toMilestoneIssue = (issue: IssueNode): MilestoneIssueItem => ({
  id: issue.id,
  iid: issue.iid,
  title: issue.title,
  state: toItemState(issue.state),
  confidential: issue.confidential,
  reference: issue.reference,
  webPath: issue.webPath,
});

/**
 * The milestone `milestoneGid` names, or null when the owner does not have it (or the viewer may
 * not see it). Issues are asked for by title, which GitLab matches across the owner's hierarchy:
 * only those of this very milestone are kept.
 */
export function toMilestoneDetail(owner: MilestoneOwnerResult, milestoneGid: string): MilestoneDetail | null {
  const milestone = compact(owner.milestones?.nodes).find((node) => node.id === milestoneGid);
  if (!milestone) return null;
  const issues = compact(owner.issues?.nodes)
    .filter((issue) => issue.milestone?.id === milestoneGid)
    .map(toMilestoneIssue);
  const total = milestone.stats?.totalIssuesCount;
  const closed = milestone.stats?.closedIssuesCount;
  const stats = total != null && closed != null ? { total, closed } : null;
  return {
    id: milestone.id,
    iid: milestone.iid,
    title: milestone.title,
    description: milestone.description || null,
    state: milestone.state === 'closed' ? 'closed' : 'active',
    startDate: toCalendarDate(milestone.startDate),
    dueDate: toCalendarDate(milestone.dueDate),
    webPath: milestone.webPath,
    stats,
    ownerFullName: owner.fullName,
    issues,
    issuesTotal: Math.max(issues.length, stats?.total ?? owner.issues?.count ?? 0),
  };
}
