import { type GroupActivityCount, groupActivitySince } from '../../../core/domain/groupActivity.ts';
import { LISTED_ISSUE_TYPES } from '../../../core/domain/workItemTypes.ts';
import type { Executor } from '../../db/executor.ts';
import { countRecentGroupMembers } from '../../db/repositories/groupActivityRepository.ts';
import { countIssues } from '../../db/repositories/issueRepository.ts';
import { countMergeRequests } from '../../db/repositories/mergeRequestRepository.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import { findReadableGroupAtPath } from '../groupService.ts';
import { projectsAt } from '../issueListService.ts';
import { issueReaderFor } from '../issueService.ts';
import { mergeRequestProjectIds } from '../mergeRequests/mergeRequestQueries.ts';

/**
 * A group's recent activity (EE Analytics::GroupActivityCalculator) for a signed-in Reporter and up
 * where the plan has it (Premium): issues and merge requests opened, and members who joined, in the
 * group and its subgroups over the last 90 days. Issues and merge requests are counted as the caller
 * may read them, as every list of theirs is: only readable projects, confidential issues only where
 * the caller sees them (or wrote them, or is assigned), no hidden issues but for administrators.
 */
export async function groupActivityCount(
  db: Executor,
  access: AccessContext,
  groupPath: string,
  count: GroupActivityCount,
): Promise<number> {
  if (!access.actor.user) throw new UnauthorizedError();
  const group = await findReadableGroupAtPath(db, access, groupPath);
  if (!(await access.canInNamespace('read_group_activity_analytics', group))) throw new ForbiddenError();
  const since = groupActivitySince(access.now());
  if (count === 'new_members_count') return countRecentGroupMembers(db, group.id, since);
  const projects = await projectsAt(db, access, { kind: 'group', idOrPath: String(group.id) });
  if (count === 'merge_requests_count') {
    return countMergeRequests(db, {
      projectIds: await mergeRequestProjectIds(access, projects),
      createdAfter: since,
    });
  }
  return countIssues(db, {
    ...(await issueReaderFor(access, projects)),
    issueTypes: LISTED_ISSUE_TYPES,
    createdAfter: since,
  });
}
