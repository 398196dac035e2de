/**
 * What the epic, issue and merge request sidebars' hooks share: the issuable they address, how a
 * block's query state is told, how a block saves (sidebarWrite, useSidebarSave), and how a write's
 * answer becomes a SidebarWriteResult (the server's first error, never a throw).
 */
import { CombinedGraphQLErrors, type OperationVariables, type TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { err, ok } from '../../../core/lib/result.ts';
import type { SidebarWriteResult } from '../epics/epicSidebarTypes.ts';
import type { QueryState } from '../types.ts';

/** Which issuable a sidebar shows: its group's (epic) or project's (issue) full path and its iid. */
export interface SidebarScope {
  readonly fullPath: string;
  readonly iid: string;
}

export type EpicSidebarScope = SidebarScope;

const DONE: SidebarWriteResult = ok(undefined);

/** The first message of a GraphQL error answer; null for network and other failures. */
export function firstErrorMessage(error: unknown): string | null {
  return CombinedGraphQLErrors.is(error) ? (error.errors[0]?.message ?? null) : null;
}

/**
 * Runs a mutation and reads its payload's `errors`: a missing payload or a non-empty list is a
 * failure, as is a rejected call (a top-level GraphQL error or a network failure).
 */
export async function settle(
  run: () => Promise<{ readonly errors: readonly string[] } | null | undefined>,
): Promise<SidebarWriteResult> {
  try {
    const payload = await run();
    if (!payload) return err(null);
    const [first] = payload.errors;
    return first === undefined ? DONE : err(first);
  } catch (error) {
    // The block shows the failure; the console keeps what the person cannot act on.
    console.error(error);
    return err(firstErrorMessage(error));
  }
}

export function useScopeVariables(scope: SidebarScope) {
  return useMemo(() => ({ fullPath: scope.fullPath, iid: scope.iid }), [scope.fullPath, scope.iid]);
}

/** `data` is null when the issuable is not visible; undefined until the first answer. */
export function blockState<T>(
  result: { readonly loading: boolean; readonly error?: Error | undefined; readonly dataState: string },
  data: T | null | undefined,
): QueryState<T | null> {
  return {
    data: result.dataState === 'complete' ? (data ?? null) : undefined,
    loading: result.loading,
    error: result.error,
  };
}

/** A block's state and its save. */
export type SavingBlock<T, V> = QueryState<T | null> & { save(value: V): Promise<SidebarWriteResult> };

/** An issue's or merge request's address in a mutation's input: its project and iid. */
export const projectIssuableAddress = (scope: SidebarScope) => ({
  projectPath: scope.fullPath,
  iid: scope.iid,
});

/** A mutation's payload as every sidebar write answers it: the server's messages, none on success. */
type WritePayload = { readonly errors: readonly string[] } | null | undefined;

/** How a block writes its value: the mutation, its variables for the value, and its payload. */
export interface SidebarWrite<Value, Data, Variables extends OperationVariables> {
  readonly mutation: TypedDocumentNode<Data, Variables>;
  readonly variablesOf: (value: Value, scope: SidebarScope) => Variables;
  readonly payloadOf: (data: Data | null | undefined) => WritePayload;
}

/**
 * Declared once per block, beside its hook, so that its save keeps its identity. Give `variablesOf`
 * the mutation's generated variables type as its return type: only then does TypeScript refuse a
 * field the input does not have, as it would in `client.mutate`.
 */
export const sidebarWrite = <Value, Data, Variables extends OperationVariables>(
  mutation: TypedDocumentNode<Data, Variables>,
  variablesOf: (value: Value, scope: SidebarScope) => Variables,
  payloadOf: (data: Data | null | undefined) => WritePayload,
): SidebarWrite<Value, Data, Variables> => ({ mutation, variablesOf, payloadOf });

/** A block's save: runs its write for the issuable of `scope` (useScopeVariables) and settles the answer. */
export function useSidebarSave<Value, Data, Variables extends OperationVariables>(
  scope: SidebarScope,
  write: SidebarWrite<Value, Data, Variables>,
): (value: Value) => Promise<SidebarWriteResult> {
  const client = useApolloClient();
  return useCallback(
    (value: Value) =>
      settle(async () => {
        const variables = write.variablesOf(value, scope);
        const { data } = await client.mutate<Data, Variables>({ mutation: write.mutation, variables });
        return write.payloadOf(data);
      }),
    [client, scope, write],
  );
}
