/**
 * The issue page's tasks (GitLab's work item links widget): the issue as a work item with its child
 * tasks, and the writes on them. Every write asks the children again, so the list shows the server's
 * answer (a confidential parent's new task comes back confidential).
 */
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { err, type Result } from '../../../core/lib/result.ts';
import { type DebouncedQuery, useDebouncedQuery } from '../../lib/index.ts';
import {
  type IssueTasksChildFragment,
  IssueTasksChildrenDocument,
  IssueTasksConvertDocument,
  IssueTasksCreateDocument,
  IssueTasksPreviewDocument,
  IssueTasksSearchDocument,
  IssueTasksUpdateDocument,
  type WorkItemUpdateInput,
} from '../generated/graphql.ts';
import { settle } from '../issuables/sidebarQuerySupport.ts';
import { toUser } from '../mappers.ts';
import type { QueryState, UserView } from '../types.ts';

export interface IssueTaskView {
  /** `gid://gitlab/WorkItem/<id>`. */
  readonly id: string;
  readonly iid: string;
  readonly title: string;
  readonly state: 'OPEN' | 'CLOSED';
  readonly confidential: boolean;
  readonly webUrl: string | null;
  /** `#12`. */
  readonly reference: string;
  readonly typeName: string;
  readonly assignees: readonly UserView[];
}

export interface IssueTasksView {
  /** The issue's work item id, the tasks' parent. */
  readonly parentId: string;
  readonly confidential: boolean;
  readonly lockVersion: number;
  /** Change the tasks' state (the parent's update permission). */
  readonly canUpdate: boolean;
  /** Add, create and remove tasks (GitLab: update and admin parent link). */
  readonly canAdminParentLink: boolean;
  /** The project's Task type, or null when it has none. */
  readonly taskTypeId: string | null;
  readonly children: readonly IssueTaskView[];
}

export interface IssueTaskCandidate {
  readonly id: string;
  readonly iid: string;
  readonly title: string;
  readonly confidential: boolean;
  readonly reference: string;
}

/** A write's outcome: done, or the server's message (null when it gave none). */
export type IssueTasksWriteResult = Result<void, string | null>;

/** A task-list line of the issue's description to turn into a task (1-based, inclusive lines). */
export interface IssueTaskLine {
  readonly lineNumberStart: number;
  readonly lineNumberEnd: number;
  /** The description's lock version the lines were read from. */
  readonly lockVersion: number;
  readonly title: string;
}

export type IssueTasksState = QueryState<IssueTasksView | null> & {
  create(title: string): Promise<IssueTasksWriteResult>;
  addExisting(ids: readonly string[]): Promise<IssueTasksWriteResult>;
  remove(id: string): Promise<IssueTasksWriteResult>;
  setOpen(id: string, open: boolean): Promise<IssueTasksWriteResult>;
  convertLine(line: IssueTaskLine): Promise<IssueTasksWriteResult>;
};

function toTask(item: IssueTasksChildFragment): IssueTaskView {
  const assignees = (item.widgets ?? []).flatMap((widget) =>
    'assignees' in widget
      ? (widget.assignees?.nodes ?? []).flatMap((user) => (user ? [toUser(user)] : []))
      : [],
  );
  return {
    id: item.id,
    iid: item.iid,
    title: item.title,
    state: item.state,
    confidential: item.confidential,
    webUrl: item.webUrl ?? null,
    reference: item.reference,
    typeName: item.workItemType.name,
    assignees,
  };
}

export function useIssueTasks(fullPath: string, iid: string): IssueTasksState {
  const client = useApolloClient();
  const variables = useMemo(() => ({ fullPath, iid }), [fullPath, iid]);
  const { data, loading, error } = useQuery(IssueTasksChildrenDocument, { variables });
  const refetchQueries = useMemo(() => [{ query: IssueTasksChildrenDocument, variables }], [variables]);

  const project = data?.project;
  const parent = project?.workItem;
  const view = useMemo((): IssueTasksView | null | undefined => {
    if (!data) return undefined;
    if (!parent) return null;
    const children = (parent.widgets ?? []).flatMap((widget) =>
      'children' in widget
        ? (widget.children?.nodes ?? []).flatMap((child) => (child ? [toTask(child)] : []))
        : [],
    );
    return {
      parentId: parent.id,
      confidential: parent.confidential,
      lockVersion: parent.lockVersion,
      canUpdate: parent.userPermissions.updateWorkItem,
      canAdminParentLink: parent.userPermissions.updateWorkItem && parent.userPermissions.adminParentLink,
      taskTypeId: project?.workItemTypes?.nodes?.[0]?.id ?? null,
      children,
    };
  }, [data, parent, project]);

  const parentId = view?.parentId ?? null;
  const taskTypeId = view?.taskTypeId ?? null;

  const update = useCallback(
    (input: WorkItemUpdateInput) =>
      settle(async () => {
        const answer = await client.mutate({
          mutation: IssueTasksUpdateDocument,
          variables: { input },
          refetchQueries,
          awaitRefetchQueries: true,
        });
        return answer.data?.workItemUpdate;
      }),
    [client, refetchQueries],
  );

  const create = useCallback(
    async (title: string): Promise<IssueTasksWriteResult> => {
      if (!parentId || !taskTypeId) return err(null);
      return settle(async () => {
        const answer = await client.mutate({
          mutation: IssueTasksCreateDocument,
          variables: {
            input: {
              title,
              workItemTypeId: taskTypeId,
              projectPath: fullPath,
              hierarchyWidget: { parentId },
            },
          },
          refetchQueries,
          awaitRefetchQueries: true,
        });
        return answer.data?.workItemCreate;
      });
    },
    [client, fullPath, parentId, taskTypeId, refetchQueries],
  );

  const addExisting = useCallback(
    async (ids: readonly string[]) =>
      parentId ? update({ id: parentId, hierarchyWidget: { childrenIds: [...ids] } }) : err(null),
    [parentId, update],
  );
  const remove = useCallback((id: string) => update({ id, hierarchyWidget: { parentId: null } }), [update]);
  const setOpen = useCallback(
    (id: string, open: boolean) => update({ id, stateEvent: open ? 'REOPEN' : 'CLOSE' }),
    [update],
  );

  const convertLine = useCallback(
    async (line: IssueTaskLine): Promise<IssueTasksWriteResult> => {
      if (!parentId || !taskTypeId) return err(null);
      return settle(async () => {
        const answer = await client.mutate({
          mutation: IssueTasksConvertDocument,
          variables: { input: { id: parentId, workItemData: { ...line, workItemTypeId: taskTypeId } } },
          refetchQueries,
          awaitRefetchQueries: true,
        });
        return answer.data?.workItemCreateFromTask;
      });
    },
    [client, parentId, taskTypeId, refetchQueries],
  );

  return { data: view, loading, error, create, addExisting, remove, setOpen, convertLine };
}

/** A task's preview card (its title, reference, state, type and assignees); skipped while id is null. */
export function useIssueTaskPreview(id: string | null): QueryState<IssueTaskView | null> {
  const { data, loading, error } = useQuery(IssueTasksPreviewDocument, {
    variables: { id: id ?? '' },
    skip: id === null,
  });
  return { data: data ? (data.workItem ? toTask(data.workItem) : null) : undefined, loading, error };
}

/** The project's open tasks whose title matches `search` (debounced); nothing asked while it is blank. */
export function useIssueTaskSearch(fullPath: string, search: string): DebouncedQuery<IssueTaskCandidate[]> {
  const client = useApolloClient();
  const term = search.trim();
  return useDebouncedQuery(term === '' ? null : term, async (signal) => {
    const answer = await client.query({
      query: IssueTasksSearchDocument,
      variables: { fullPath, search: term },
      fetchPolicy: 'network-only',
      context: { fetchOptions: { signal } },
    });
    return (answer.data?.project?.workItems?.nodes ?? []).flatMap((node) => (node ? [node] : []));
  });
}
