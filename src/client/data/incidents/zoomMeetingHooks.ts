import { useQuery } from '@apollo/client/react';
import { IssueZoomMeetingDocument } from '../generated/graphql.ts';

/**
 * The Zoom meeting pinned to an issue (null for none, undefined until known), and a way to ask
 * again once a comment's /zoom or /remove_zoom changed it.
 */
export function useIssueZoomMeeting(fullPath: string, iid: string) {
  const { data, refetch } = useQuery(IssueZoomMeetingDocument, { variables: { fullPath, iid } });
  return {
    url: data ? (data.project?.issue?.zoomMeetingUrl ?? null) : undefined,
    refresh: () => void refetch(),
  };
}
