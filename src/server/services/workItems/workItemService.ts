import {
  type FieldErrors,
  hasErrors,
  validateDate,
  validateDescription,
  validateTitle,
} from '../../../core/domain/epicRules.ts';
import { issuableReference } from '../../../core/domain/references.ts';
import { newChildConfidential } from '../../../core/domain/workItemHierarchy.ts';
import {
  isStoredWorkItemType,
  type StoredWorkItemType,
  type WorkItemType,
} from '../../../core/domain/workItemTypes.ts';
import { type Executor, inTransaction } from '../../db/executor.ts';
import { nextIssueIid } from '../../db/repositories/issueRowsRepository.ts';
import { linkToParent } from '../../db/repositories/workItemParentLinkRepository.ts';
import type { IssueRow } from '../../db/schema.ts';
import type { FileStore } from '../../storage/fileStore.ts';
import type { AccessContext } from '../access.ts';
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '../errors.ts';
import type { IssueInProject, ProjectInNamespace } from '../issueService.ts';
import { type IssueChanges, updateIssue } from '../issues/issueCommands.ts';
import { destroyIssue } from '../issues/issueDestroy.ts';
import {
  allowedMetadata,
  checkMetadataSizes,
  checkNewIssueMilestone,
  insertNewIssue,
  type NewIssueMetadata,
} from '../issues/newIssueMetadata.ts';
import {
  addChildren,
  checkConfidentialityChange,
  checkedParent,
  hierarchyItem,
  setParent,
} from './workItemHierarchyService.ts';

/**
 * Work items (GitLab's WorkItems::CreateService, UpdateService, DeleteService) over issue rows. An
 * update is the issue service's (permissions, lock version, system notes, to-dos and rollups live
 * there once) plus the hierarchy widget, in one transaction.
 */

export interface NewWorkItem extends Omit<NewIssueMetadata, 'issueType'> {
  readonly type: WorkItemType;
  readonly title: string;
  readonly description?: string | undefined;
  readonly confidential?: boolean | undefined;
  readonly parentId?: number | undefined;
}

/** GitLab refuses a type it cannot create in a project; here, those no issue row holds. */
export const unsupportedType = (type: WorkItemType): string =>
  `${type.name} work items cannot be created in a project here`;

function storedType(type: WorkItemType): StoredWorkItemType {
  if (!isStoredWorkItemType(type.baseType)) throw new ConflictError(unsupportedType(type));
  return type.baseType;
}

/**
 * Creates a work item in the project: anyone with create_issue (signed in; Guest and up in a private
 * project); the widgets' metadata is kept only for admin_issue, as a new issue's. Under a parent it
 * must pass the hierarchy rules and inherits the parent's confidentiality unless it asks otherwise.
 */
export async function createWorkItem(
  db: Executor,
  access: AccessContext,
  located: ProjectInNamespace,
  fields: NewWorkItem,
): Promise<IssueRow> {
  const author = access.actor.user;
  if (!author) throw new UnauthorizedError();
  if (!(await access.canInProject('create_issue', located.project, located.namespace)))
    throw new ForbiddenError();
  const issueType = storedType(fields.type);
  const errors: FieldErrors = {};
  const title = validateTitle(fields.title, errors, true) ?? '';
  const description = validateDescription(fields.description, errors) ?? '';
  checkMetadataSizes(fields, errors);
  const metadata = await allowedMetadata(access, located, {
    ...fields,
    issueType: issueType === 'incident' ? 'incident' : undefined,
  });
  const dueDate = validateDate(metadata.dueDate, 'due_date', errors);
  if (metadata.weight !== undefined && metadata.weight < 0)
    errors.weight = ['must be greater than or equal to 0'];
  if (hasErrors(errors)) throw new ValidationError(errors);
  return inTransaction(db, async (trx) => {
    const now = access.now();
    const iid = await nextIssueIid(trx, located.project.id);
    const reference = issuableReference('issue', iid, located.project.full_path, false);
    const parent =
      fields.parentId === undefined
        ? null
        : await checkedParent(
            trx,
            access,
            fields.parentId,
            // Unless it says otherwise, a new child takes its parent's confidentiality: no conflict.
            {
              id: 0,
              projectId: located.project.id,
              type: issueType,
              confidential: fields.confidential ?? true,
            },
            reference,
          );
    await checkNewIssueMilestone(trx, located, metadata);
    const issue = await insertNewIssue(
      trx,
      located,
      {
        iid,
        authorId: author.id,
        title,
        description,
        confidential: newChildConfidential(fields.confidential, parent && hierarchyItem(parent)),
        issueType: issueType === 'incident' ? metadata.issueType : issueType,
        dueDate: dueDate ?? null,
        now,
      },
      metadata,
    );
    if (parent) {
      await linkToParent(trx, {
        rootNamespaceId: issue.root_namespace_id,
        workItemId: issue.id,
        parentId: parent.id,
        now,
      });
    }
    return issue;
  });
}

export interface WorkItemChanges extends IssueChanges {
  /** The new parent; null takes the work item off its parent. */
  readonly parentId?: number | null | undefined;
  /** Work items to put under this one. */
  readonly childrenIds?: readonly number[] | undefined;
}

/**
 * Saves a work item's fields and widgets in one transaction: the issue's changes through
 * issueCommands.updateIssue, then its place in the hierarchy (which needs admin_issue, GitLab's
 * admin_parent_link for Reporters and up).
 */
export async function updateWorkItem(
  db: Executor,
  access: AccessContext,
  located: IssueInProject,
  { parentId, childrenIds, ...changes }: WorkItemChanges,
): Promise<IssueRow> {
  if (parentId !== undefined && childrenIds !== undefined) {
    throw new ConflictError('A Work Item can be a parent or a child, but not both.');
  }
  const touchesHierarchy = parentId !== undefined || childrenIds !== undefined;
  if (touchesHierarchy) {
    if (!access.actor.user) throw new UnauthorizedError();
    const { project, namespace, issue } = located;
    const context = { confidential: issue.confidential };
    if (!(await access.canInProject('admin_issue', project, namespace, context))) throw new ForbiddenError();
  }
  return inTransaction(db, async (trx) => {
    if (changes.confidential !== undefined) {
      await checkConfidentialityChange(trx, located.issue, changes.confidential);
    }
    // A change of place alone leaves the work item's own row (and its lock version) as it was.
    const onlyHierarchy = touchesHierarchy && Object.values(changes).every((value) => value === undefined);
    const updated = onlyHierarchy ? located.issue : await updateIssue(trx, access, located, changes);
    const current = { ...located, issue: updated };
    if (parentId !== undefined) await setParent(trx, access, current, parentId);
    if (childrenIds !== undefined) await addChildren(trx, access, current, childrenIds);
    return updated;
  });
}

/**
 * Deletes a work item for good (destroy_issue); its links go with it, its children stay, and an
 * incident's metric image files are removed after the commit.
 */
export function deleteWorkItem(
  db: Executor,
  access: AccessContext,
  located: IssueInProject,
  files: FileStore,
): Promise<void> {
  return destroyIssue(db, access, located, files);
}
