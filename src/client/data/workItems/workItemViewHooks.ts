/**
 * The work item detail view's data: one work item read by global id (the modal) or by its project
 * and iid (the page), and its writes through `workItemUpdate` and `workItemDelete`. Every update
 * answers with the whole item, which Apollo's cache normalises by id, so each view of the item
 * (the modal, the page, a parent's task list) shows the change at once.
 */
import type { ApolloClient } from '@apollo/client';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useMemo, useRef } from 'react';
import { taskLineOfReference } from '../../../core/domain/taskListSource.ts';
import type { SidebarWriteResult } from '../epics/epicSidebarTypes.ts';
import {
  type WorkItemUpdateInput,
  WorkItemViewByIdDocument,
  WorkItemViewByIidDocument,
  WorkItemViewDeleteDocument,
  WorkItemViewDeleteTaskDocument,
  type WorkItemViewFieldsFragment,
  WorkItemViewParentDescriptionDocument,
  WorkItemViewUpdateDocument,
} from '../generated/graphql.ts';
import { settle } from '../issuables/sidebarQuerySupport.ts';
import { toLabels } from '../labels/labelMappers.ts';
import { compact } from '../mappers.ts';
import type { LabelView, QueryState } from '../types.ts';

export interface WorkItemUserView {
  /** Global id, `gid://gitlab/User/N`. */
  readonly id: string;
  readonly username: string;
  readonly name: string;
}

export interface WorkItemParentView {
  readonly id: string;
  readonly iid: string;
  readonly title: string;
  readonly confidential: boolean;
}

/** A work item as the detail view shows it; a widget the type lacks is null. */
export interface WorkItemView {
  readonly id: string;
  readonly iid: string;
  readonly title: string;
  readonly state: 'OPEN' | 'CLOSED';
  readonly confidential: boolean;
  /** The full reference (`group/project#12`), as GitLab's copy reference gives it. */
  readonly reference: string;
  readonly webUrl: string | null;
  readonly lockVersion: number;
  readonly description: string;
  readonly descriptionHtml: string;
  readonly projectFullPath: string | null;
  readonly type: { readonly name: string; readonly iconName: string | null };
  readonly permissions: {
    readonly updateWorkItem: boolean;
    readonly deleteWorkItem: boolean;
    readonly setWorkItemMetadata: boolean;
    readonly adminParentLink: boolean;
  };
  readonly assignees: {
    readonly users: readonly WorkItemUserView[];
    readonly multiple: boolean;
    /** The viewer may invite members to the project (the picker's 'Invite members'). */
    readonly canInviteMembers: boolean;
  } | null;
  readonly labels: { readonly labels: readonly LabelView[]; readonly allowScoped: boolean } | null;
  readonly weight: { readonly weight: number | null } | null;
  readonly parent: WorkItemParentView | null;
}

type Widget = NonNullable<WorkItemViewFieldsFragment['widgets']>[number];

/** Maps the fetched fields to the view; pure. */
export function toWorkItemView(item: WorkItemViewFieldsFragment): WorkItemView {
  const widgets: readonly Widget[] = item.widgets ?? [];
  const find = <K extends string>(key: K) =>
    widgets.find((widget): widget is Extract<Widget, Record<K, unknown>> => key in widget);
  const description = find('descriptionHtml');
  const assignees = find('allowsMultipleAssignees');
  const labels = find('allowsScopedLabels');
  const weight = find('weight');
  const hierarchy = find('parent');
  const parent = hierarchy?.parent ?? null;
  return {
    id: item.id,
    iid: item.iid,
    title: item.title,
    state: item.state === 'CLOSED' ? 'CLOSED' : 'OPEN',
    confidential: item.confidential,
    reference: item.reference,
    webUrl: item.webUrl,
    lockVersion: item.lockVersion,
    description: description?.description ?? item.description ?? '',
    descriptionHtml: description?.descriptionHtml ?? item.descriptionHtml ?? '',
    projectFullPath: item.project?.fullPath ?? null,
    type: { name: item.workItemType.name, iconName: item.workItemType.iconName },
    permissions: item.userPermissions,
    assignees: assignees
      ? {
          users: compact(assignees.assignees?.nodes),
          multiple: assignees.allowsMultipleAssignees,
          canInviteMembers: assignees.canInviteMembers,
        }
      : null,
    labels: labels
      ? { labels: toLabels(labels.labels), allowScoped: labels.allowsScopedLabels === true }
      : null,
    weight: weight ? { weight: weight.weight } : null,
    parent: parent
      ? { id: parent.id, iid: parent.iid, title: parent.title, confidential: parent.confidential }
      : null,
  };
}

/** Which work item: by global id (the modal), or by project and iid (the page). */
export type WorkItemKey = { readonly id: string } | { readonly fullPath: string; readonly iid: string };

/**
 * How often an open work item asks for changes (GitLab's issuable polling interval): others' edits
 * show without a reload. Hidden tabs skip their polls; an unchanged answer comes from the server's
 * response cache.
 */
export const WORK_ITEM_POLL_MS = 3000;

const skipHiddenPoll = () => document.hidden;

/** The work item: null when it is missing or unreadable, undefined until the first answer. */
export function useWorkItemView(
  key: WorkItemKey,
): QueryState<WorkItemView | null> & { refetch(): Promise<WorkItemView | null> } {
  const byId = 'id' in key;
  const polling = { pollInterval: WORK_ITEM_POLL_MS, skipPollAttempt: skipHiddenPoll };
  const idQuery = useQuery(WorkItemViewByIdDocument, {
    variables: { id: byId ? key.id : '' },
    skip: !byId,
    ...polling,
  });
  const iidQuery = useQuery(WorkItemViewByIidDocument, {
    variables: byId ? { fullPath: '', iid: '' } : { fullPath: key.fullPath, iid: key.iid },
    skip: byId,
    ...polling,
  });
  const result = byId ? idQuery : iidQuery;
  const fields = byId ? idQuery.data?.workItem : iidQuery.data?.project?.workItem;
  const fresh = useMemo(() => (fields ? toWorkItemView(fields) : undefined), [fields]);
  // A poll that fails (the network, a restart) keeps the item on screen rather than losing it.
  const lastShown = useRef<WorkItemView | undefined>(undefined);
  if (fresh) lastShown.current = fresh;
  const data = fresh ?? (result.error ? lastShown.current : undefined);
  return {
    data: data ?? (result.dataState === 'complete' ? null : undefined),
    loading: result.loading,
    error: result.error,
    refetch: async () => {
      if (byId) {
        const item = (await idQuery.refetch()).data?.workItem;
        return item ? toWorkItemView(item) : null;
      }
      const item = (await iidQuery.refetch()).data?.project?.workItem;
      return item ? toWorkItemView(item) : null;
    },
  };
}

/** The fields `workItemUpdate` takes besides the id. */
export type WorkItemChange = Omit<WorkItemUpdateInput, 'id' | 'clientMutationId'>;

/** A task being deleted: its parent, and its iid (the parent's description links to `#iid`). */
export interface DeletedTask {
  readonly parentId: string;
  readonly iid: string;
}

/** The parent's task-list line that links to the task, read afresh with its lock version; null when none. */
async function taskLineOf(
  client: ApolloClient,
  task: DeletedTask,
): Promise<{ readonly number: number; readonly lockVersion: number } | null> {
  const answer = await client.query({
    query: WorkItemViewParentDescriptionDocument,
    variables: { id: task.parentId },
    fetchPolicy: 'network-only',
  });
  const parent = answer.data?.workItem;
  if (!parent?.description) return null;
  const number = taskLineOfReference(parent.description, `#${task.iid}`);
  return number === null ? null : { number, lockVersion: parent.lockVersion };
}

/** Saves and deletion of one work item; each ends in a result carrying the server's first error. */
export function useWorkItemViewWrites(id: string) {
  const client = useApolloClient();
  const [update, updating] = useMutation(WorkItemViewUpdateDocument);
  const [remove, removing] = useMutation(WorkItemViewDeleteDocument);
  const [removeTask, removingTask] = useMutation(WorkItemViewDeleteTaskDocument);
  return {
    updating: updating.loading,
    deleting: removing.loading || removingTask.loading,
    update: (change: WorkItemChange): Promise<SidebarWriteResult> =>
      settle(async () => (await update({ variables: { input: { id, ...change } } })).data?.workItemUpdate),
    /**
     * Deletes the item. A task whose parent's description links to it on a task-list line goes
     * through workItemDeleteTask with the parent's lock version, so the line gets its title back.
     */
    remove: async (task: DeletedTask | null): Promise<SidebarWriteResult> => {
      const result = await settle(async () => {
        const line = task ? await taskLineOf(client, task) : null;
        if (task && line) {
          const answer = await removeTask({
            variables: {
              input: {
                id: task.parentId,
                lockVersion: line.lockVersion,
                taskData: { id, lineNumberStart: line.number, lineNumberEnd: line.number },
              },
            },
          });
          return answer.data?.workItemDeleteTask;
        }
        return (await remove({ variables: { input: { id } } })).data?.workItemDelete;
      });
      if (result.ok) {
        // Whatever listed it (a parent's tasks) stops showing it.
        const cacheId = client.cache.identify({ __typename: 'WorkItem', id });
        if (cacheId) client.cache.evict({ id: cacheId });
        client.cache.gc();
      }
      return result;
    },
  };
}
