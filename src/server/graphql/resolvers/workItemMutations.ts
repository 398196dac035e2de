import { GraphQLError } from 'graphql';
import { parseGlobalId } from '../../../core/domain/gid.ts';
import { type WorkItemType, workItemTypeById } from '../../../core/domain/workItemTypes.ts';
import { findReadableIssueByIdOrNull, type IssueInProject } from '../../services/issueService.ts';
import { findReadableProject } from '../../services/projectService.ts';
import { uploadStoreOf } from '../../services/uploads/uploadStore.ts';
import {
  createWorkItem,
  deleteWorkItem,
  updateWorkItem,
  type WorkItemChanges,
} from '../../services/workItems/workItemService.ts';
import { createTaskFromLine, deleteTaskOfLine } from '../../services/workItems/workItemTaskService.ts';
import type { GraphQLContext } from '../context.ts';
import type {
  MutationResolvers,
  WorkItemUpdatedTaskInput,
  WorkItemUpdateInput,
} from '../generated/resolvers.ts';
import { namespaceFields } from './fieldValues.ts';
import { payloadErrors, requireWriteAccess, resourceNotAvailable } from './mutationSupport.ts';
import { labelIds } from './mutations.ts';

/**
 * GitLab's work item mutations: thin adapters that find the work item the caller may read (anything
 * else is "resource not available") and hand the widgets' values to services/workItems.
 */

/** GitLab's argument error when both or neither of the two paths is given. */
export const ONE_PATH_MESSAGE = 'Please provide either projectPath or namespacePath argument, but not both.';

function idOf(value: string, type: 'WorkItem' | 'User' | 'Milestone'): number {
  const parsed = parseGlobalId(value, [type]);
  if (!parsed.ok) throw new GraphQLError(parsed.error);
  return parsed.value.id;
}

function typeOf(value: string): WorkItemType {
  const parsed = parseGlobalId(value, ['WorkItems::Type']);
  const type = parsed.ok ? workItemTypeById(parsed.value.id) : undefined;
  if (!type) throw resourceNotAvailable();
  return type;
}

/** The work item the caller may read, or GitLab's "resource not available". */
async function locate(context: GraphQLContext, id: string): Promise<IssueInProject> {
  const found = await findReadableIssueByIdOrNull(context.db, context.access, idOf(id, 'WorkItem'));
  if (!found) throw resourceNotAvailable();
  return found;
}

const milestoneIdOf = (id: string | null | undefined) =>
  id === undefined ? undefined : id === null ? null : idOf(id, 'Milestone');

/** The widgets' values as one change set; undefined leaves a field alone. */
function changesOf(input: WorkItemUpdateInput | WorkItemUpdatedTaskInput): WorkItemChanges {
  const dates = input.startAndDueDateWidget;
  if (dates?.startDate != null) {
    throw new GraphQLError('Work items here carry a due date only: startDate cannot be set');
  }
  const hierarchy = 'hierarchyWidget' in input ? input.hierarchyWidget : undefined;
  return {
    title: input.title ?? undefined,
    stateEvent: input.stateEvent ? (input.stateEvent === 'CLOSE' ? 'close' : 'reopen') : undefined,
    confidential: input.confidential ?? undefined,
    description: input.descriptionWidget?.description,
    assigneeIds: input.assigneesWidget?.assigneeIds.map((id) => idOf(id, 'User')),
    addLabelIds: labelIds(input.labelsWidget?.addLabelIds),
    removeLabelIds: labelIds(input.labelsWidget?.removeLabelIds),
    weight: input.weightWidget ? (input.weightWidget.weight ?? null) : undefined,
    dueDate: dates && 'dueDate' in dates ? (dates.dueDate ?? null) : undefined,
    milestoneId: input.milestoneWidget ? milestoneIdOf(input.milestoneWidget.milestoneId ?? null) : undefined,
    parentId:
      hierarchy && 'parentId' in hierarchy
        ? hierarchy.parentId == null
          ? null
          : idOf(hierarchy.parentId, 'WorkItem')
        : undefined,
    childrenIds: hierarchy?.childrenIds?.map((id) => idOf(id, 'WorkItem')),
  };
}

export const workItemMutations: Pick<
  MutationResolvers,
  | 'workItemCreate'
  | 'workItemUpdate'
  | 'workItemDelete'
  | 'workItemCreateFromTask'
  | 'workItemUpdateTask'
  | 'workItemDeleteTask'
> = {
  workItemCreate: (_parent, { input }, context) => {
    requireWriteAccess(context);
    const path = input.namespacePath ?? input.projectPath;
    if ((input.namespacePath == null) === (input.projectPath == null) || path == null) {
      throw new GraphQLError(ONE_PATH_MESSAGE);
    }
    const type = typeOf(input.workItemTypeId);
    return payloadErrors(async () => {
      const located = await findReadableProject(context.db, context.access, path);
      const workItem = await createWorkItem(context.db, context.access, located, {
        type,
        title: input.title,
        description: input.descriptionWidget?.description ?? input.description ?? undefined,
        confidential: input.confidential ?? undefined,
        parentId: input.hierarchyWidget?.parentId
          ? idOf(input.hierarchyWidget.parentId, 'WorkItem')
          : undefined,
        assigneeIds: input.assigneesWidget?.assigneeIds.map((id) => idOf(id, 'User')),
        labelIds: labelIds(input.labelsWidget?.labelIds),
        weight: input.weightWidget?.weight ?? undefined,
        milestoneId: milestoneIdOf(input.milestoneWidget?.milestoneId) ?? undefined,
        dueDate: input.startAndDueDateWidget?.dueDate ?? undefined,
      });
      return { clientMutationId: input.clientMutationId ?? null, workItem, errors: [] };
    });
  },
  workItemUpdate: (_parent, { input }, context) => {
    requireWriteAccess(context);
    const changes = changesOf(input);
    return payloadErrors(async () => {
      const located = await locate(context, input.id);
      const workItem = await updateWorkItem(context.db, context.access, located, changes);
      return { clientMutationId: input.clientMutationId ?? null, workItem, errors: [] };
    });
  },
  workItemDelete: (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const located = await locate(context, input.id);
      await deleteWorkItem(context.db, context.access, located, uploadStoreOf(context.config));
      return {
        clientMutationId: input.clientMutationId ?? null,
        project: located.project,
        namespace: namespaceFields(located.namespace),
        errors: [],
      };
    });
  },
  workItemCreateFromTask: (_parent, { input }, context) => {
    requireWriteAccess(context);
    const data = input.workItemData;
    const type = typeOf(data.workItemTypeId);
    return payloadErrors(async () => {
      const parent = await locate(context, input.id);
      const created = await createTaskFromLine(context.db, context.access, parent, { ...data, type });
      return {
        clientMutationId: input.clientMutationId ?? null,
        workItem: created.parent,
        newWorkItem: created.task,
        errors: [],
      };
    });
  },
  workItemUpdateTask: (_parent, { input }, context) => {
    requireWriteAccess(context);
    const changes = changesOf(input.taskData);
    return payloadErrors(async () => {
      const parent = await locate(context, input.id);
      const task = await locate(context, input.taskData.id);
      const updated = await updateWorkItem(context.db, context.access, task, changes);
      return {
        clientMutationId: input.clientMutationId ?? null,
        workItem: parent.issue,
        task: updated,
        errors: [],
      };
    });
  },
  workItemDeleteTask: (_parent, { input }, context) => {
    requireWriteAccess(context);
    const { taskData } = input;
    return payloadErrors(async () => {
      const parent = await locate(context, input.id);
      const task = await locate(context, taskData.id);
      const workItem = await deleteTaskOfLine(context.db, context.access, parent, task, {
        lineNumberStart: taskData.lineNumberStart,
        lineNumberEnd: taskData.lineNumberEnd,
        lockVersion: input.lockVersion,
      });
      return { clientMutationId: input.clientMutationId ?? null, workItem, errors: [] };
    });
  },
};
