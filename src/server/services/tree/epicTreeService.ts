import type { Executor } from '../../db/executor.ts';
import type { KeysetOrder, Page, PageArgs } from '../../db/pagination.ts';
import {
  countEpicIssues,
  type IssueInEpicRow,
  listEpicIssuesByKeyset,
} from '../../db/repositories/epicTreeRepository.ts';
import type { IssueReader } from '../../db/repositories/issueRepository.ts';
import type { StatsVisibility } from '../../db/repositories/visibility.ts';
import type { EpicRow } from '../../db/schema.ts';

/** What `listEpicIssues` lists: the issue row with its epic_issues link's id, epic and position. */
export type { IssueInEpicRow };

/** `Epic.issues` pages: GitLab's default of 100, at most 1,000 (MR gitlab-org/gitlab!63563). */
export const EPIC_ISSUE_PAGE_LIMITS = { defaultPageSize: 100, maxPageSize: 1000 } as const;

/**
 * The epic's issues in tree order (the links' relative positions), only those the viewer may read:
 * in a readable project and, when confidential, where the viewer sees confidential issues or wrote
 * the issue or is assigned to it. The caller has checked that the viewer may read the epic.
 */
export async function listEpicIssues(
  db: Executor,
  epic: EpicRow,
  visible: StatsVisibility,
  viewerId: number | null,
  /** An administrator: issues of banned authors show. */
  seesHidden: boolean,
  args: PageArgs,
): Promise<Page<IssueInEpicRow> & { order: KeysetOrder; count: () => Promise<number> }> {
  const reader: IssueReader = {
    projectIds: visible.projectIds,
    confidentialProjectIds: visible.confidentialProjectIds,
    viewerId,
    seesHidden,
  };
  const page = await listEpicIssuesByKeyset(db, epic.id, reader, args, EPIC_ISSUE_PAGE_LIMITS);
  return { ...page, count: () => countEpicIssues(db, epic.id, reader) };
}
