import {
  fetchRealtimeChanges,
  type IssuableFields,
  type IssuableType,
  previewMarkdown,
  type RealtimeAnswer,
  type SaveAnswer,
  saveIssuable,
} from './issuableRest.ts';

/**
 * One issuable's title and description endpoints, as the shared issuable components call them: the
 * `realtime_changes` poll, saves (title, description, lock version, state event) and the markdown
 * preview. A page makes one and keeps it (memoised): the poll restarts when the client changes.
 */
export interface IssuableTextClient {
  /** 'epic', 'issue': names the issuable in texts ('Error updating epic') and in the save's body. */
  readonly issuableType: IssuableType;
  fetchRealtimeChanges(etag: string | null, signal?: AbortSignal): Promise<RealtimeAnswer>;
  save(fields: IssuableFields): Promise<SaveAnswer>;
  previewMarkdown(text: string, signal?: AbortSignal): Promise<string>;
}

export interface IssuableEndpoints {
  readonly issuableType: IssuableType;
  /** The issuable's page path (`/groups/…/-/epics/5`): `realtime_changes` lives under it. */
  readonly endpoint: string;
  /** The `PUT` target of saves and state events (`{endpoint}.json`). */
  readonly updateEndpoint: string;
  /** GitLab's `preview_markdown` path. */
  readonly markdownPreviewPath: string;
}

export function createIssuableTextClient(endpoints: IssuableEndpoints): IssuableTextClient {
  const { issuableType, endpoint, updateEndpoint, markdownPreviewPath } = endpoints;
  return {
    issuableType,
    fetchRealtimeChanges: (etag, signal) => fetchRealtimeChanges(endpoint, etag, signal),
    save: (fields) => saveIssuable(updateEndpoint, issuableType, fields),
    previewMarkdown: (text, signal) => previewMarkdown(markdownPreviewPath, text, signal),
  };
}
