/** Pure mappers from the roadmap's epics and milestones queries to what the worker and overlay take. */
import { toCalendarDate } from '../dates.ts';
import type { RoadmapEpicFieldsFragment, RoadmapMilestonesQuery } from '../generated/graphql.ts';
import { numericId, toItemState } from '../mappers.ts';
import type { RoadmapEpicView, RoadmapMilestoneView } from '../types.ts';

/**
 * A roadmap epic for the worker and the overlay. Numeric ids come from the global ids; a missing
 * descendant count stays null so the popover reads '- of -'.
 */
export function toRoadmapEpicView(epic: RoadmapEpicFieldsFragment): RoadmapEpicView {
  const counts = epic.descendantCounts;
  const weights = epic.descendantWeightSum;
  return {
    id: numericId(epic.id),
    gid: epic.id,
    iid: epic.iid,
    title: epic.title ?? '',
    state: toItemState(epic.state),
    parentId: epic.parent ? numericId(epic.parent.id) : null,
    groupId: numericId(epic.group.id),
    groupName: epic.group.name,
    groupFullPath: epic.group.fullPath,
    startDate: toCalendarDate(epic.startDate),
    dueDate: toCalendarDate(epic.dueDate),
    descendantCounts:
      counts && counts.openedIssues != null && counts.closedIssues != null
        ? { openedIssues: counts.openedIssues, closedIssues: counts.closedIssues }
        : null,
    descendantWeightSum:
      weights && weights.openedIssues != null && weights.closedIssues != null
        ? { openedIssues: weights.openedIssues, closedIssues: weights.closedIssues }
        : null,
    color: epic.color ?? null,
    textColor: epic.textColor ?? null,
    hasChildren: epic.hasChildren,
    webPath: epic.webPath,
    confidential: Boolean(epic.confidential),
    blocked: Boolean(epic.blocked),
    blockedByCount: epic.blockedByCount ?? 0,
    ...blockLinks(epic),
    childEpicCount: (counts?.openedEpics ?? 0) + (counts?.closedEpics ?? 0),
    startDateIsFixed: Boolean(epic.startDateIsFixed),
    dueDateIsFixed: Boolean(epic.dueDateIsFixed),
    lockVersion: epic.lockVersion,
    canUpdate: epic.userPermissions.updateEpic,
  };
}

/** The 'blocks' links: blockers by id (the worker) and with titles (the popover), and the blocked count. */
function blockLinks(epic: RoadmapEpicFieldsFragment) {
  const blockedBy = (epic.blockedByEpics?.nodes ?? []).flatMap((node) =>
    node ? [{ id: numericId(node.id), title: node.title ?? '', webPath: node.webPath }] : [],
  );
  return {
    blockedBy,
    blockedByIds: blockedBy.map((link) => link.id),
    blockingCount: epic.blockingCount ?? 0,
    closed: epic.state === 'closed',
  };
}

type RoadmapMilestoneNode = NonNullable<
  NonNullable<NonNullable<NonNullable<RoadmapMilestonesQuery['group']>['milestones']>['nodes']>[number]
>;

export const toRoadmapMilestoneView = (milestone: RoadmapMilestoneNode): RoadmapMilestoneView => ({
  id: numericId(milestone.id),
  gid: milestone.id,
  title: milestone.title,
  description: milestone.description || null,
  startDate: toCalendarDate(milestone.startDate),
  dueDate: toCalendarDate(milestone.dueDate),
  webPath: milestone.webPath,
  groupMilestone: Boolean(milestone.groupMilestone),
  subgroupMilestone: Boolean(milestone.subgroupMilestone),
  projectMilestone: Boolean(milestone.projectMilestone),
});
