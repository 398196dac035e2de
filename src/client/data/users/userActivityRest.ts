import type {
  ActivityActionName,
  ActivityEventView,
  ActivityPageView,
} from '../../../core/domain/userActivity.ts';
import { isObject, type Json, str } from '../restJson.ts';

export type { ActivityEventView, ActivityPageView };

const ACTIONS: readonly ActivityActionName[] = ['opened', 'commented on', 'closed', 'reopened'];

/** The path of one page of a user's profile Activity (serialised by userProfilePages.ts). */
export const userActivityJsonPath = (username: string, page: number): string =>
  `/users/${encodeURIComponent(username)}/activity.json?page=${page}`;

function toEvent(json: Json): ActivityEventView | null {
  const action = ACTIONS.find((name) => name === json.action);
  const webPath = str(json.webPath);
  if (typeof json.id !== 'number' || !action || !webPath) return null;
  return {
    id: json.id,
    action,
    targetKind: json.targetKind === 'epic' ? 'epic' : 'issue',
    reference: str(json.reference) ?? '',
    title: str(json.title) ?? '',
    placePath: str(json.placePath) ?? '',
    webPath,
    createdAt: str(json.createdAt) ?? '',
    excerpt: str(json.excerpt) ?? '',
  };
}

/** One page of the events the viewer may see of this user, newest first. */
export async function fetchUserActivity(
  username: string,
  page: number,
  signal: AbortSignal,
): Promise<ActivityPageView> {
  const url = userActivityJsonPath(username, page);
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isObject(body) || !Array.isArray(body.events)) throw new Error(`GET ${url} did not answer events`);
  return {
    events: body.events.filter(isObject).flatMap((json) => toEvent(json) ?? []),
    nextPage: typeof body.nextPage === 'number' ? body.nextPage : null,
  };
}
