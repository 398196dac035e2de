/**
 * Every epic matching the roadmap's filters, for an export: the roadmap's query variables, 1,000
 * per page, with the fields a spreadsheet needs (RoadmapExportEpics). Progress after each page;
 * an AbortSignal cancels the request in flight and stops before the next.
 */
import { useApolloClient } from '@apollo/client/react';
import { useCallback } from 'react';
import type { ExportEpic } from '../../../core/roadmapExport/index.ts';
import {
  RoadmapExportEpicsDocument,
  type RoadmapExportEpicsQuery,
  type RoadmapExportEpicsQueryVariables,
} from '../generated/graphql.ts';
import { compact } from '../mappers.ts';
import { toRoadmapEpicView } from '../roadmap/roadmapMappers.ts';

export type { RoadmapExportEpicsQueryVariables };

/** The server's largest page (GitLab's historic roadmap limit). */
export const EXPORT_PAGE_SIZE = 1000;

type ExportConnection = NonNullable<NonNullable<RoadmapExportEpicsQuery['group']>['epics']>;
type ExportNode = NonNullable<NonNullable<ExportConnection['nodes']>[number]>;

/** One server node as the exports take it (the roadmap's mapping plus the spreadsheet's fields). */
export function toExportEpic(node: ExportNode): ExportEpic {
  const view = toRoadmapEpicView(node);
  return {
    ...view,
    reference: node.reference,
    groupFullPath: node.group.fullPath,
    state: view.state === 'closed' ? 'closed' : 'opened',
    startDateIsFixed: node.startDateIsFixed ?? null,
    dueDateIsFixed: node.dueDateIsFixed ?? null,
    labels: compact(node.labels?.nodes).map((label) => label.title),
    parentReference: node.parent?.reference ?? null,
  };
}

export interface ExportFetchOptions {
  readonly signal: AbortSignal;
  /** Epics fetched so far and the total that match (null until the first page says). */
  readonly onProgress: (loaded: number, total: number | null) => void;
  /** Stop at this many (the roadmap's epics limit). */
  readonly limit: number;
}

export type ExportEpicsFetcher = (
  variables: Omit<RoadmapExportEpicsQueryVariables, 'first' | 'endCursor'>,
  options: ExportFetchOptions,
) => Promise<ExportEpic[]>;

const abortError = () => new DOMException('The export was cancelled', 'AbortError');

export function useRoadmapExportEpicsFetcher(): ExportEpicsFetcher {
  const client = useApolloClient();
  return useCallback(
    async (variables, { signal, onProgress, limit }) => {
      const epics: ExportEpic[] = [];
      let endCursor: string | null = null;
      let total: number | null = null;
      do {
        if (signal.aborted) throw abortError();
        const first = Math.min(EXPORT_PAGE_SIZE, limit - epics.length);
        const result: { readonly data?: RoadmapExportEpicsQuery | undefined } = await client.query({
          query: RoadmapExportEpicsDocument,
          variables: { ...variables, first, endCursor },
          fetchPolicy: 'no-cache',
          context: { fetchOptions: { signal } },
        });
        if (signal.aborted) throw abortError();
        const connection: ExportConnection | null | undefined = result.data?.group?.epics;
        total ??= connection?.count ?? 0;
        for (const node of compact(connection?.nodes)) epics.push(toExportEpic(node));
        onProgress(epics.length, total);
        endCursor = connection?.pageInfo.hasNextPage ? (connection.pageInfo.endCursor ?? null) : null;
      } while (endCursor !== null && epics.length < limit);
      return epics;
    },
    [client],
  );
}
