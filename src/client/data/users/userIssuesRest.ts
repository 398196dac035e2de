import { getJsonArray, type Json, str } from '../restJson.ts';

/** An issue a user opened, as their profile lists it. */
export interface UserIssue {
  readonly id: number;
  readonly title: string;
  /** `group/project#12`. */
  readonly reference: string;
  /** The issue page's path on this server. */
  readonly webPath: string;
  readonly state: 'opened' | 'closed';
  readonly createdAt: string;
}

/** The newest issues the user opened that the viewer may read (GitLab's `GET /issues`, scope all). */
export async function fetchUserIssues(username: string, signal: AbortSignal): Promise<UserIssue[]> {
  const query = new URLSearchParams({
    author_username: username,
    scope: 'all',
    state: 'all',
    order_by: 'created_at',
    sort: 'desc',
    per_page: '20',
  });
  return (await getJsonArray(`/api/v4/issues?${query}`, signal)).map(toUserIssue);
}

function toUserIssue(json: Json): UserIssue {
  const references = json.references as Json | undefined;
  const webUrl = str(json.web_url) ?? '';
  return {
    id: typeof json.id === 'number' ? json.id : 0,
    title: str(json.title) ?? '',
    reference: str(references?.full) ?? '',
    webPath: webUrl ? new URL(webUrl, window.location.href).pathname : '',
    state: json.state === 'closed' ? 'closed' : 'opened',
    createdAt: str(json.created_at) ?? '',
  };
}
