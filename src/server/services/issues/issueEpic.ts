import type { Kysely } from 'kysely';
import { findEpicIssueByIssueId } from '../../db/repositories/epicLinkRepository.ts';
import { findEpicById } from '../../db/repositories/epicRepository.ts';
import { findNamespaceById } from '../../db/repositories/namespaceRepository.ts';
import type { Database, IssueRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { IssueInProject } from '../issueService.ts';
import { assignIssueById, removeEpicIssue } from '../links/epicIssueService.ts';
import { LinkTargetNotFoundError } from '../links/linkMessages.ts';
import { issueRights } from './issueCommands.ts';

/**
 * GitLab's issueSetEpic: the issue moves to the epic (out of any other), or out of its epic with
 * null. It takes admin_issue on the issue and the epic side's own rules (the epic-issue link
 * services: admin_epic_relation, the epic's hierarchy, confidentiality), with the epic's inherited
 * dates and rollups kept right in the same transaction.
 */
export async function setIssueEpic(
  db: Kysely<Database>,
  access: AccessContext,
  located: IssueInProject,
  epicId: number | null,
): Promise<IssueRow> {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!(await issueRights(db, access, located)).canAdmin) throw new ForbiddenError();
  if (epicId === null) {
    const link = await findEpicIssueByIssueId(db, located.issue.id);
    if (!link) return located.issue;
    const parent = await epicInGroup(db, link.epic_id);
    await removeEpicIssue(db, access, parent, link.id);
    return located.issue;
  }
  const parent = await epicInGroup(db, epicId);
  const current = await findEpicIssueByIssueId(db, located.issue.id);
  if (current?.epic_id !== epicId) await assignIssueById(db, access, parent, located.issue.id);
  return located.issue;
}

async function epicInGroup(db: Kysely<Database>, epicId: number) {
  const epic = await findEpicById(db, epicId);
  const group = epic ? await findNamespaceById(db, epic.group_id) : undefined;
  if (!epic || !group) throw new LinkTargetNotFoundError('epic');
  return { epic, group };
}
