import type { Kysely } from 'kysely';
import {
  type FieldErrors,
  hasErrors,
  validateDate,
  validateDescription,
  validateTitle,
} from '../../../core/domain/epicRules.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import { lockEpicHierarchy } from '../../db/repositories/epicHierarchyRepository.ts';
import { upsertEpicIssue } from '../../db/repositories/epicLinkRepository.ts';
import { findEpicById, findEpicByIid } from '../../db/repositories/epicRepository.ts';
import { nextIssueIid } from '../../db/repositories/issueRowsRepository.ts';
import type { Database, IssueRow } from '../../db/schema.ts';
import { type AccessContext, canAdminEpic } from '../access.ts';
import { noteIssueAddedToEpic } from '../discussions/relationNotes.ts';
import { refreshEpicDates } from '../epicDatesService.ts';
import { type EpicInGroup, findReadableEpic } from '../epics/epicQueries.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import type { ProjectInNamespace } from '../issueService.ts';
import {
  allowedMetadata,
  checkMetadataSizes,
  checkNewIssueMilestone,
  insertNewIssue,
  type NewIssueMetadata,
} from '../issues/newIssueMetadata.ts';
import { positionAtStartOfChildren } from '../tree/treePositions.ts';
import { LINK_MESSAGES } from './linkMessages.ts';
import { requireSignedIn } from './linkViews.ts';

export interface NewIssueFields extends NewIssueMetadata {
  readonly title: unknown;
  readonly description?: unknown;
  readonly confidential?: boolean | undefined;
  /** The numeric id of the epic to put the issue in (at the top of its children). */
  readonly epicId?: number | undefined;
}

/**
 * The id of the epic with this iid in the project's group, for GitLab's deprecated `epic_iid`; 404
 * when there is none. Whether the actor may read it and link to it, createIssue checks as for `epicId`.
 */
export async function epicIdForNewIssue(
  db: Executor,
  { namespace }: ProjectInNamespace,
  epicIid: number,
): Promise<number> {
  const epic = await findEpicByIid(db, namespace.id, epicIid);
  if (!epic) throw new NotFoundError('Epic');
  return epic.id;
}

/** The epic asked for, if the actor may read it (404) and link issues to it (403). */
async function epicTarget(
  db: Kysely<Database>,
  access: AccessContext,
  epicId: number | undefined,
): Promise<EpicInGroup | null> {
  if (epicId === undefined) return null;
  const target = await findReadableEpic(db, access, { id: epicId });
  if (!(await canAdminEpic(access, target.group, target.epic))) throw new ForbiddenError();
  return target;
}

/**
 * Creates an issue in a project (GitLab's Issues::CreateService through the REST API): anyone who
 * may create issues there (signed in; a member from Guest up in a private project), with the next
 * iid of the project, placed after its other issues; with `epicId`, linked to that epic at the top
 * of its children. An issue in a confidential epic is confidential unless the request says it is
 * not, which the epic refuses. Labels, milestone, assignees, weight and due date are kept only for
 * authors with admin_issue, and an incident only for those with create_incident (newIssueMetadata.ts).
 * Bad input is a ValidationError (GitLab's 400 `{ message: { … } }`), whoever sends it.
 */
export async function createIssue(
  db: Kysely<Database>,
  access: AccessContext,
  { project, namespace }: ProjectInNamespace,
  fields: NewIssueFields,
): Promise<IssueRow> {
  requireSignedIn(access);
  const author = access.actor.user;
  if (!author || !(await access.canInProject('create_issue', project, namespace))) throw new ForbiddenError();
  const errors: FieldErrors = {};
  const title = validateTitle(fields.title, errors, true);
  const description = validateDescription(fields.description, errors);
  validateDate(fields.dueDate, 'due_date', errors);
  if (fields.weight !== undefined && fields.weight < 0) {
    errors.weight = ['must be greater than or equal to 0'];
  }
  checkMetadataSizes(fields, errors);
  const metadata = await allowedMetadata(access, { project, namespace }, fields);
  const dueDate = validateDate(metadata.dueDate, 'due_date', {});
  const target = await epicTarget(db, access, fields.epicId);
  const confidential = fields.confidential ?? target?.epic.confidential ?? false;
  if (target && !namespace.traversal_ids.includes(target.epic.group_id)) {
    errors.epic = [LINK_MESSAGES.issueOutsideEpicHierarchy];
  } else if (target?.epic.confidential && !confidential) {
    errors.epic = [LINK_MESSAGES.confidentialEpicOfIssue];
  }
  if (hasErrors(errors)) throw new ValidationError(errors);
  // The caller's transaction when it has one (an issue made from vulnerabilities links them in it).
  return inTransaction(db, async (trx) => {
    await checkNewIssueMilestone(trx, { project, namespace }, metadata);
    if (target) await lockEpicHierarchy(trx, target.epic.root_namespace_id);
    const now = access.now();
    const issue = await insertNewIssue(
      trx,
      { project, namespace },
      {
        iid: await nextIssueIid(trx, project.id),
        authorId: author.id,
        title: title ?? '',
        description: description ?? '',
        confidential,
        issueType: metadata.issueType,
        dueDate: dueDate ?? null,
        now,
      },
      metadata,
    );
    if (target) {
      const current = await findEpicById(trx, target.epic.id);
      if (!current) throw new NotFoundError('Epic');
      await upsertEpicIssue(trx, {
        rootNamespaceId: current.root_namespace_id,
        epicId: current.id,
        issueId: issue.id,
        position: await positionAtStartOfChildren(trx, current.id),
        linkedAt: now,
      });
      await refreshEpicDates(trx, [current.id]);
      await noteIssueAddedToEpic(trx, { authorId: author.id, now }, issue, current, null);
    }
    return issue;
  });
}
