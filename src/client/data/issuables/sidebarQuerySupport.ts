/**
 * What the epic and issue sidebars' hooks share: the issuable they address, how a block's query
 * state is told, and how a write's answer becomes a SidebarWriteResult (the server's first error,
 * never a throw).
 */
import { CombinedGraphQLErrors } from '@apollo/client';
import { useMemo } from 'react';
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
