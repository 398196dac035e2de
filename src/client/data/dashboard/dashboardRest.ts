/**
 * The signed-in user's dashboard lists over GitLab's REST API: the issues assigned to them
 * (`GET /issues?scope=assigned_to_me`) and their pending to-dos (`GET /todos`), each one page with
 * the total the `x-total` header gives.
 */
import { TODO_ACTION_TEXT, type TodoActionName } from '../../../core/domain/todos.ts';
import { type Instant, toInstant } from '../dates.ts';
import { isObject, type Json, str } from '../restJson.ts';

export interface DashboardIssue {
  readonly id: number;
  readonly title: string;
  /** `group/project#12`. */
  readonly reference: string;
  /** The issue page's path on this server. */
  readonly webPath: string;
  readonly state: 'opened' | 'closed';
  readonly updatedAt: Instant | null;
}

export interface DashboardTodo {
  readonly id: number;
  readonly authorName: string;
  /** 'assigned you', 'mentioned you', 'set a to-do' … */
  readonly actionText: string;
  readonly targetTitle: string;
  readonly targetPath: string;
  readonly createdAt: Instant | null;
}

export interface DashboardPage<T> {
  readonly items: readonly T[];
  readonly total: number;
}

export type IssueStateFilter = 'opened' | 'closed' | 'all';

const pathOf = (url: string | null): string => (url ? new URL(url, window.location.href).pathname : '');

async function getPage(url: string, signal: AbortSignal): Promise<{ list: Json[]; total: number }> {
  const response = await fetch(url, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error(`GET ${url} did not answer a list`);
  const list = body.filter(isObject);
  const total = Number(response.headers.get('x-total'));
  return { list, total: Number.isFinite(total) ? total : list.length };
}

export function toDashboardIssue(json: Json): DashboardIssue {
  const references = isObject(json.references) ? json.references : {};
  return {
    id: typeof json.id === 'number' ? json.id : 0,
    title: str(json.title) ?? '',
    reference: str(references.full) ?? '',
    webPath: pathOf(str(json.web_url)),
    state: json.state === 'closed' ? 'closed' : 'opened',
    updatedAt: toInstant(str(json.updated_at)),
  };
}

export function toDashboardTodo(json: Json): DashboardTodo {
  const author = isObject(json.author) ? json.author : {};
  const name = str(json.action_name) ?? '';
  // An action this build does not know reads as a to-do set by hand, as the server names it.
  const action = Object.hasOwn(TODO_ACTION_TEXT, name) ? (name as TodoActionName) : 'marked';
  return {
    id: typeof json.id === 'number' ? json.id : 0,
    authorName: str(author.name) ?? str(author.username) ?? '',
    actionText: TODO_ACTION_TEXT[action],
    targetTitle: str(json.body) ?? '',
    targetPath: pathOf(str(json.target_url)),
    createdAt: toInstant(str(json.created_at)),
  };
}

/** The issues assigned to the signed-in user, most recently updated first. */
export async function fetchAssignedIssues(
  options: { readonly state: IssueStateFilter; readonly page: number; readonly perPage: number },
  signal: AbortSignal,
): Promise<DashboardPage<DashboardIssue>> {
  const query = new URLSearchParams({
    scope: 'assigned_to_me',
    state: options.state,
    order_by: 'updated_at',
    sort: 'desc',
    page: String(options.page),
    per_page: String(options.perPage),
  });
  const { list, total } = await getPage(`/api/v4/issues?${query}`, signal);
  return { items: list.map(toDashboardIssue), total };
}

/** The signed-in user's pending to-dos, newest first. */
export async function fetchPendingTodos(
  perPage: number,
  signal: AbortSignal,
): Promise<DashboardPage<DashboardTodo>> {
  const query = new URLSearchParams({ state: 'pending', per_page: String(perPage) });
  const { list, total } = await getPage(`/api/v4/todos?${query}`, signal);
  return { items: list.map(toDashboardTodo), total };
}
