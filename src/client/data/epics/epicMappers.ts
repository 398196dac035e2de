/** Pure mappers from the epics list and epic detail queries to their view models. */
import { toCalendarDate, toInstant } from '../dates.ts';
import type { EpicDetailQuery, EpicListItemFragment } from '../generated/graphql.ts';
import { toLabels } from '../labels/labelMappers.ts';
import { toItemState, toUser } from '../mappers.ts';
import type { EpicDetail, EpicListItem } from '../types.ts';

export const toEpicListItem = (epic: EpicListItemFragment): EpicListItem => ({
  id: epic.id,
  iid: epic.iid,
  title: epic.title ?? '',
  state: toItemState(epic.state),
  confidential: Boolean(epic.confidential),
  createdAt: toInstant(epic.createdAt),
  startDate: toCalendarDate(epic.startDate),
  dueDate: toCalendarDate(epic.dueDate),
  webPath: epic.webPath,
  reference: epic.reference,
  fullReference: epic.fullReference,
  groupFullPath: epic.group.fullPath,
  author: toUser(epic.author),
  labels: toLabels(epic.labels),
});

type EpicNode = NonNullable<NonNullable<EpicDetailQuery['group']>['epic']>;

export function toEpicDetail(epic: EpicNode, groupFullName: string): EpicDetail {
  const counts = epic.descendantCounts;
  return {
    id: epic.id,
    iid: epic.iid,
    title: epic.title ?? '',
    description: epic.description || null,
    state: toItemState(epic.state),
    confidential: Boolean(epic.confidential),
    createdAt: toInstant(epic.createdAt),
    closedAt: toInstant(epic.closedAt),
    reference: epic.reference,
    groupFullPath: epic.group.fullPath,
    groupFullName,
    author: toUser(epic.author),
    startDate: {
      date: toCalendarDate(epic.startDate),
      isFixed: Boolean(epic.startDateIsFixed),
    },
    dueDate: { date: toCalendarDate(epic.dueDate), isFixed: Boolean(epic.dueDateIsFixed) },
    labels: toLabels(epic.labels),
    parent: epic.parent
      ? { title: epic.parent.title ?? '', webPath: epic.parent.webPath, reference: epic.parent.reference }
      : null,
    counts: {
      openedEpics: counts?.openedEpics ?? 0,
      closedEpics: counts?.closedEpics ?? 0,
      openedIssues: counts?.openedIssues ?? 0,
      closedIssues: counts?.closedIssues ?? 0,
    },
    upvotes: epic.upvotes,
    downvotes: epic.downvotes,
  };
}
