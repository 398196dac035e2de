/**
 * An incident's timeline (GitLab's project.incidentManagementTimelineEvents) and its writes
 * (timelineEventCreate / Update / Destroy). After each write the list is asked again: the server
 * orders events by when they happened, and an edit may move one to another day.
 */

import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { toGlobalId } from '../../../core/domain/gid.ts';
import type { Result } from '../../../core/lib/result.ts';
import { toInstant } from '../dates.ts';
import {
  CreateTimelineEventDocument,
  DestroyTimelineEventDocument,
  IncidentTimelineDocument,
  PromoteNoteToTimelineEventDocument,
  type TimelineEventFieldsFragment,
  UpdateTimelineEventDocument,
} from '../generated/graphql.ts';
import { settle } from '../issuables/sidebarQuerySupport.ts';
import { toUser } from '../mappers.ts';
import type { QueryState } from '../types.ts';
import type { IncidentTimelineView, TimelineEventView } from './timelineTypes.ts';

function toTimelineEvent(event: TimelineEventFieldsFragment): TimelineEventView | null {
  const occurredAt = toInstant(event.occurredAt);
  if (!occurredAt) return null;
  return {
    id: event.id,
    note: event.note ?? '',
    noteHtml: event.noteHtml ?? '',
    occurredAt,
    editable: event.editable,
    author: event.author ? toUser(event.author) : null,
    tags: (event.timelineEventTags?.nodes ?? []).flatMap((tag) => (tag ? [tag.name] : [])),
  };
}

/** A write's outcome: done, or the message to show (null when the server gave none). */
export type TimelineWriteResult = Result<void, string | null>;

export interface TimelineEventChanges {
  readonly note: string;
  readonly occurredAt: string;
  readonly timelineEventTagNames: readonly string[];
}

const inputOf = (changes: TimelineEventChanges) => ({
  note: changes.note,
  occurredAt: changes.occurredAt,
  timelineEventTagNames: [...changes.timelineEventTagNames],
});

export type IncidentTimelineState = QueryState<IncidentTimelineView | null> & {
  create(changes: TimelineEventChanges): Promise<TimelineWriteResult>;
  update(id: string, changes: TimelineEventChanges): Promise<TimelineWriteResult>;
  destroy(id: string): Promise<TimelineWriteResult>;
};

export function useIncidentTimeline(
  fullPath: string,
  iid: string,
  incidentId: string,
): IncidentTimelineState {
  const client = useApolloClient();
  const variables = useMemo(() => ({ fullPath, iid, incidentId }), [fullPath, iid, incidentId]);
  const { data, loading, error } = useQuery(IncidentTimelineDocument, { variables });
  const refetchQueries = useMemo(() => [{ query: IncidentTimelineDocument, variables }], [variables]);

  const create = useCallback(
    (changes: TimelineEventChanges) =>
      settle(async () => {
        const answer = await client.mutate({
          mutation: CreateTimelineEventDocument,
          variables: { input: { incidentId, ...inputOf(changes) } },
          refetchQueries,
          awaitRefetchQueries: true,
        });
        return answer.data?.timelineEventCreate;
      }),
    [client, incidentId, refetchQueries],
  );
  const update = useCallback(
    (id: string, changes: TimelineEventChanges) =>
      settle(async () => {
        const answer = await client.mutate({
          mutation: UpdateTimelineEventDocument,
          variables: { input: { id, ...inputOf(changes) } },
          refetchQueries,
          awaitRefetchQueries: true,
        });
        return answer.data?.timelineEventUpdate;
      }),
    [client, refetchQueries],
  );
  const destroy = useCallback(
    (id: string) =>
      settle(async () => {
        const answer = await client.mutate({
          mutation: DestroyTimelineEventDocument,
          variables: { input: { id } },
          refetchQueries,
          awaitRefetchQueries: true,
        });
        return answer.data?.timelineEventDestroy;
      }),
    [client, refetchQueries],
  );

  const project = data?.project;
  const view: IncidentTimelineView | null | undefined = data
    ? project?.issue
      ? {
          canAdmin: project.issue.userPermissions.adminIncidentManagementTimelineEvent,
          events: (project.incidentManagementTimelineEvents?.nodes ?? []).flatMap((node) => {
            const event = node ? toTimelineEvent(node) : null;
            return event ? [event] : [];
          }),
        }
      : null
    : undefined;
  return { data: view, loading, error, create, update, destroy };
}

export interface TimelinePromotion {
  /** The reader may add events to the incident's timeline (and so promote its comments). */
  readonly canPromote: boolean;
  promote(noteId: number): Promise<TimelineWriteResult>;
}

/**
 * GitLab's "Add comment to incident timeline" (timelineEventPromoteFromNote) for an incident's
 * comments. It reads the same query as the Timeline tab, so a promoted comment is in the tab's list
 * when the tab opens.
 */
export function useTimelinePromotion(
  fullPath: string,
  iid: string,
  incidentId: string,
  isIncident: boolean,
): TimelinePromotion {
  const client = useApolloClient();
  const variables = useMemo(() => ({ fullPath, iid, incidentId }), [fullPath, iid, incidentId]);
  const { data } = useQuery(IncidentTimelineDocument, { variables, skip: !isIncident });
  const promote = useCallback(
    (noteId: number) =>
      settle(async () => {
        const answer = await client.mutate({
          mutation: PromoteNoteToTimelineEventDocument,
          variables: { input: { noteId: toGlobalId('Note', noteId) } },
          refetchQueries: [{ query: IncidentTimelineDocument, variables }],
          awaitRefetchQueries: true,
        });
        return answer.data?.timelineEventPromoteFromNote;
      }),
    [client, variables],
  );
  const canPromote =
    isIncident && Boolean(data?.project?.issue?.userPermissions.adminIncidentManagementTimelineEvent);
  return { canPromote, promote };
}
