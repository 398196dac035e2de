/**
 * The roadmap's reschedule round trips: `updateEpic` with the dates a drag or the keyboard chose and
 * the lock version the row was read at, and a fresh read of an epic after the server refused one.
 */
import { useApolloClient } from '@apollo/client/react';
import { useMemo } from 'react';
import { CONCURRENT_EDIT_MESSAGE } from '../../../core/domain/issuableTexts.ts';
import type { EpicDatesInput } from '../../../core/layout/reschedule.ts';
import { RoadmapEpicDocument, RoadmapRescheduleEpicDocument } from '../generated/graphql.ts';
import { compact } from '../mappers.ts';
import type { RoadmapEpicView } from '../types.ts';
import { toRoadmapEpicView } from './roadmapMappers.ts';

export type RescheduleResult =
  /** Saved: the epic and its ancestors as the server now has them (inherited dates recomputed). */
  | { readonly ok: true; readonly epics: readonly RoadmapEpicView[] }
  /** Refused: `conflict` when someone else saved the epic after the row was read. */
  | { readonly ok: false; readonly conflict: boolean; readonly message: string };

export interface RoadmapRescheduleApi {
  save(epic: RoadmapEpicView, dates: EpicDatesInput): Promise<RescheduleResult>;
  /** The epic as it is now, or null when the viewer can no longer read it. */
  reload(epic: RoadmapEpicView): Promise<RoadmapEpicView | null>;
}

export function useRoadmapRescheduleApi(): RoadmapRescheduleApi {
  const client = useApolloClient();
  return useMemo(
    () => ({
      async save(epic, dates) {
        try {
          const { data } = await client.mutate({
            mutation: RoadmapRescheduleEpicDocument,
            variables: {
              input: {
                groupPath: epic.groupFullPath,
                iid: epic.iid,
                lockVersion: epic.lockVersion,
                ...dates,
              },
            },
            fetchPolicy: 'no-cache',
          });
          const payload = data?.updateEpic;
          const saved = payload?.epic;
          if (!payload || payload.errors.length > 0 || !saved) {
            const message = payload?.errors.join(' ') ?? '';
            return { ok: false, conflict: message === CONCURRENT_EDIT_MESSAGE, message };
          }
          const ancestors = compact(saved.ancestors?.nodes).map(toRoadmapEpicView);
          return { ok: true, epics: [toRoadmapEpicView(saved), ...ancestors] };
        } catch (error) {
          return {
            ok: false,
            conflict: false,
            message: error instanceof Error ? error.message : String(error),
          };
        }
      },
      async reload(epic) {
        try {
          const { data } = await client.query({
            query: RoadmapEpicDocument,
            variables: { fullPath: epic.groupFullPath, iid: epic.iid },
            fetchPolicy: 'no-cache',
          });
          const found = data?.group?.epic;
          return found ? toRoadmapEpicView(found) : null;
        } catch {
          return null;
        }
      },
    }),
    [client],
  );
}
