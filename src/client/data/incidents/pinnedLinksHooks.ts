import { useQuery } from '@apollo/client/react';
import { IssuePinnedLinksDocument } from '../generated/graphql.ts';

/** The links pinned under an issue's title (null for none, undefined until known). */
export interface PinnedLinks {
  readonly zoomMeetingUrl: string | null | undefined;
  readonly publishedIncidentUrl: string | null | undefined;
}

/**
 * The Zoom meeting and the status page link pinned to an issue, and a way to ask again once a
 * comment's /zoom, /remove_zoom or /publish changed them.
 */
export function useIssuePinnedLinks(fullPath: string, iid: string): PinnedLinks & { refresh: () => void } {
  const { data, refetch } = useQuery(IssuePinnedLinksDocument, { variables: { fullPath, iid } });
  const issue = data?.project?.issue;
  return {
    zoomMeetingUrl: data ? (issue?.zoomMeetingUrl ?? null) : undefined,
    publishedIncidentUrl: data ? (issue?.publishedIncidentUrl ?? null) : undefined,
    refresh: () => void refetch(),
  };
}
