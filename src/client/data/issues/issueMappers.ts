/** Pure mappers from the issues list and issue detail queries to their view models. */
import { toCalendarDate, toInstant } from '../dates.ts';
import type { IssueDetailQuery, IssueListItemFragment } from '../generated/graphql.ts';
import { toLabels } from '../labels/labelMappers.ts';
import { compact, toHealthStatus, toIssueType, toItemState, toUser } from '../mappers.ts';
import type { IssueDetail, IssueListItem } from '../types.ts';

export const toIssueListItem = (issue: IssueListItemFragment): IssueListItem => ({
  id: issue.id,
  databaseId: Number(issue.id.split('/').pop()),
  iid: issue.iid,
  webPath: issue.webPath,
  fullReference: issue.fullReference,
  title: issue.title,
  state: toItemState(issue.state),
  type: toIssueType(issue.type),
  confidential: issue.confidential,
  createdAt: toInstant(issue.createdAt),
  dueDate: toCalendarDate(issue.dueDate),
  weight: issue.weight ?? null,
  healthStatus: toHealthStatus(issue.healthStatus),
  author: toUser(issue.author),
  assignees: compact(issue.assignees?.nodes).map(toUser),
  milestone: issue.milestone
    ? { id: issue.milestone.id, title: issue.milestone.title, webPath: issue.milestone.webPath }
    : null,
  labels: toLabels(issue.labels),
  userDiscussionsCount: issue.userDiscussionsCount,
});

type IssueNode = NonNullable<NonNullable<IssueDetailQuery['project']>['issue']>;

export const toIssueDetail = (issue: IssueNode, projectFullName: string): IssueDetail => ({
  ...toIssueListItem(issue),
  projectFullName,
  description: issue.description || null,
  reference: issue.reference,
  closedAt: toInstant(issue.closedAt),
  discussionLocked: issue.discussionLocked,
  hidden: issue.hidden === true,
  epic: issue.epic
    ? { title: issue.epic.title ?? '', webPath: issue.epic.webPath, reference: issue.epic.reference }
    : null,
  upvotes: issue.upvotes,
  downvotes: issue.downvotes,
});
