/** The group and project milestones lists: one typed GraphQL document each. */
import { useQuery } from '@apollo/client/react';
import { toCalendarDate } from '../dates.ts';
import {
  GroupMilestonesListDocument,
  type MilestoneListFieldsFragment,
  type MilestoneSort,
  ProjectMilestonesListDocument,
} from '../generated/graphql.ts';
import { usePageSettled } from '../idle.ts';
import { LIST_PAGE_SIZE, stateCounts } from '../lists.ts';
import { numericId, toPage } from '../mappers.ts';
import { type PageCursor, pageVariables } from '../paging.ts';
import type { ListResult, MilestoneListItem, QueryState } from '../types.ts';

export type { MilestoneSort };

export interface MilestonesListFilters {
  readonly fullPath: string;
  /** The lists' state tabs: open milestones are GitLab's `active` ones. */
  readonly state: 'opened' | 'closed' | 'all';
  readonly sort: MilestoneSort;
  readonly search: string;
  readonly cursor: PageCursor;
}

const STATE = { opened: 'active', closed: 'closed', all: null } as const;

export function toMilestoneListItem(milestone: MilestoneListFieldsFragment): MilestoneListItem {
  const total = milestone.stats?.totalIssuesCount;
  const closed = milestone.stats?.closedIssuesCount;
  return {
    id: milestone.id,
    iid: milestone.iid,
    title: milestone.title,
    closed: milestone.state === 'closed',
    startDate: toCalendarDate(milestone.startDate),
    dueDate: toCalendarDate(milestone.dueDate),
    expired: milestone.expired,
    upcoming: milestone.upcoming,
    webPath: milestone.webPath,
    owner: milestone.project?.nameWithNamespace ?? milestone.group?.fullName ?? '',
    ownerPath: milestone.project?.fullPath ?? milestone.group?.fullPath ?? '',
    numericId: String(numericId(milestone.id)),
    stats: total != null && closed != null ? { total, closed } : null,
  };
}

/** A project's or a group's (with its subgroups') milestones; the other kind's query is skipped. */
export function useMilestonesList(
  kind: 'project' | 'group',
  filters: MilestonesListFilters,
): QueryState<ListResult<MilestoneListItem> | null> & { refetch: () => void } {
  const variables = {
    fullPath: filters.fullPath,
    state: STATE[filters.state],
    sort: filters.sort,
    search: filters.search || null,
    ...pageVariables(filters.cursor, LIST_PAGE_SIZE),
  };
  const project = useQuery(ProjectMilestonesListDocument, { variables, skip: kind !== 'project' });
  const group = useQuery(GroupMilestonesListDocument, { variables, skip: kind !== 'group' });
  const { loading, error } = kind === 'project' ? project : group;
  usePageSettled(!loading);
  const owner =
    kind === 'project' ? (project.data ?? project.previousData) : (group.data ?? group.previousData);
  const found = owner && ('project' in owner ? owner.project : owner.group);
  const result = found && {
    ownerFullName: 'nameWithNamespace' in found ? found.nameWithNamespace : found.fullName,
    counts: stateCounts(found.openedMilestones, found.closedMilestones, found.allMilestones),
    page: toPage(found.milestones, toMilestoneListItem),
  };
  // After a write (close, reopen, delete): the counts and the page both change.
  const refetch = () => void (kind === 'project' ? project.refetch() : group.refetch());
  return { data: owner ? result : undefined, loading, error, refetch };
}
