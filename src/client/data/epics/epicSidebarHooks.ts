/**
 * The epic sidebar's data (the to-do's is in todos/todoHooks, the labels' in labels/labelHooks): one read hook per block (GitLab's
 * per-widget queries, so one failing block does not blank the others) and GitLab's epic mutations.
 * A write answers a SidebarWriteResult instead of throwing: the server's first error when there is
 * one. Answers land in Apollo's cache by the epic's id, so every block and the page header see a
 * saved change.
 */
import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import {
  EpicSidebarAncestorsDocument,
  EpicSidebarColorDocument,
  EpicSidebarConfidentialDocument,
  EpicSidebarDatesDocument,
  EpicSidebarParticipantsDocument,
  EpicSidebarReferenceDocument,
  EpicSidebarSetColorDocument,
  type EpicSidebarSetColorMutationVariables,
  EpicSidebarSetConfidentialDocument,
  type EpicSidebarSetConfidentialMutationVariables,
  EpicSidebarSetDueDateDocument,
  EpicSidebarSetStartDateDocument,
  EpicSidebarSetSubscriptionDocument,
  type EpicSidebarSetSubscriptionMutationVariables,
  EpicSidebarSubscribedDocument,
} from '../generated/graphql.ts';
import {
  blockState,
  type EpicSidebarScope,
  settle,
  sidebarWrite,
  useScopeVariables,
  useSidebarSave,
} from '../issuables/sidebarQuerySupport.ts';
import { compact, toItemState } from '../mappers.ts';
import type { QueryState } from '../types.ts';
import { dateInput, toEpicColor, toEpicDates, toParticipant } from './epicSidebarMappers.ts';
import type {
  EpicAncestorView,
  EpicColorView,
  EpicConfidentialityView,
  EpicDateChange,
  EpicDateKind,
  EpicDatesView,
  EpicParticipantView,
  EpicSubscriptionView,
  SidebarWriteResult,
} from './epicSidebarTypes.ts';

export function useEpicDates(scope: EpicSidebarScope): QueryState<EpicDatesView | null> & {
  save(kind: EpicDateKind, change: EpicDateChange): Promise<SidebarWriteResult>;
} {
  const client = useApolloClient();
  const variables = useScopeVariables(scope);
  const result = useQuery(EpicSidebarDatesDocument, { variables });
  const save = useCallback(
    (kind: EpicDateKind, change: EpicDateChange) =>
      settle(async () => {
        const base = { iid: variables.iid, groupPath: variables.fullPath };
        const { data } =
          kind === 'start'
            ? await client.mutate({
                mutation: EpicSidebarSetStartDateDocument,
                variables: { input: { ...base, ...dateInput('start', change) } },
              })
            : await client.mutate({
                mutation: EpicSidebarSetDueDateDocument,
                variables: { input: { ...base, ...dateInput('due', change) } },
              });
        return data?.issuableSetDate;
      }),
    [client, variables],
  );
  const epic = result.data?.workspace?.issuable;
  return { ...blockState(result, epic && toEpicDates(epic)), save };
}

const writeEpicColor = sidebarWrite(
  EpicSidebarSetColorDocument,
  (color: string, variables: EpicSidebarScope): EpicSidebarSetColorMutationVariables => ({
    input: { iid: variables.iid, groupPath: variables.fullPath, color },
  }),
  (data) => data?.updateIssuableColor,
);

export function useEpicColor(
  scope: EpicSidebarScope,
): QueryState<EpicColorView | null> & { save(color: string): Promise<SidebarWriteResult> } {
  const variables = useScopeVariables(scope);
  const result = useQuery(EpicSidebarColorDocument, { variables });
  const save = useSidebarSave(variables, writeEpicColor);
  const epic = result.data?.workspace?.issuable;
  return { ...blockState(result, epic && toEpicColor(epic.color, epic.textColor)), save };
}

const writeEpicConfidential = sidebarWrite(
  EpicSidebarSetConfidentialDocument,
  (confidential: boolean, variables: EpicSidebarScope): EpicSidebarSetConfidentialMutationVariables => ({
    input: { iid: variables.iid, groupPath: variables.fullPath, confidential },
  }),
  (data) => data?.issuableSetConfidential,
);

export function useEpicConfidential(
  scope: EpicSidebarScope,
): QueryState<EpicConfidentialityView | null> & { save(confidential: boolean): Promise<SidebarWriteResult> } {
  const variables = useScopeVariables(scope);
  const result = useQuery(EpicSidebarConfidentialDocument, { variables });
  const save = useSidebarSave(variables, writeEpicConfidential);
  const epic = result.data?.workspace?.issuable;
  return {
    ...blockState(
      result,
      epic && {
        confidential: epic.confidential === true,
        parentConfidential: epic.parent?.confidential === true,
      },
    ),
    save,
  };
}

export function useEpicAncestors(scope: EpicSidebarScope): QueryState<readonly EpicAncestorView[] | null> {
  const result = useQuery(EpicSidebarAncestorsDocument, { variables: useScopeVariables(scope) });
  const epic = result.data?.workspace?.issuable;
  return blockState(
    result,
    epic &&
      compact(epic.ancestors?.nodes).map((node) => ({
        id: node.id,
        title: node.title ?? '',
        state: toItemState(node.state),
        webPath: node.webPath,
      })),
  );
}

export function useEpicParticipants(
  scope: EpicSidebarScope,
): QueryState<readonly EpicParticipantView[] | null> {
  const result = useQuery(EpicSidebarParticipantsDocument, { variables: useScopeVariables(scope) });
  const epic = result.data?.workspace?.issuable;
  return blockState(result, epic && compact(epic.participants?.nodes).map(toParticipant));
}

const writeEpicSubscription = sidebarWrite(
  EpicSidebarSetSubscriptionDocument,
  (subscribedState: boolean, variables: EpicSidebarScope): EpicSidebarSetSubscriptionMutationVariables => ({
    input: { iid: variables.iid, groupPath: variables.fullPath, subscribedState },
  }),
  (data) => data?.updateIssuableSubscription,
);

export function useEpicSubscription(
  scope: EpicSidebarScope,
): QueryState<EpicSubscriptionView | null> & { save(subscribed: boolean): Promise<SidebarWriteResult> } {
  const variables = useScopeVariables(scope);
  const result = useQuery(EpicSidebarSubscribedDocument, { variables });
  const save = useSidebarSave(variables, writeEpicSubscription);
  const workspace = result.data?.workspace;
  const epic = workspace?.issuable;
  return {
    ...blockState(
      result,
      epic && { subscribed: epic.subscribed, emailsDisabled: workspace?.emailsDisabled === true },
    ),
    save,
  };
}

export function useEpicReference(scope: EpicSidebarScope): QueryState<string | null> {
  const result = useQuery(EpicSidebarReferenceDocument, { variables: useScopeVariables(scope) });
  return blockState(result, result.data?.workspace?.issuable?.reference);
}
