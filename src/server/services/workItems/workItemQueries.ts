import type { Executor } from '../../db/executor.ts';
import { findReadableChildren } from '../../db/repositories/workItemParentLinkRepository.ts';
import type { IssueRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { type IssueInProject, issueReaderFor } from '../issueService.ts';

/** A work item's children the actor may read (confidential ones by the issue rules), in their order. */
export async function readableChildrenOf(
  db: Executor,
  access: AccessContext,
  { project, namespace, issue }: IssueInProject,
): Promise<IssueRow[]> {
  const reader = await issueReaderFor(access, [{ project, namespace }]);
  return findReadableChildren(db, issue.id, reader);
}
