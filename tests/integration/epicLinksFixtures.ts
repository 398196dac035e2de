import { expect } from 'vitest';
import type { HttpClient } from '../helpers/httpClient.ts';
import type { TestServer } from '../helpers/testServer.ts';

/**
 * Shared steps of the link suites (epicLinks*, relatedLinks*, issueCreate*): JSON requests with the
 * session's CSRF token, fresh epics and issues in the demo group `workshop`, and database reads.
 */

export interface JsonAnswer<T = unknown> {
  readonly status: number;
  readonly body: T;
}

/** A JSON request as the browser app sends it: the session cookie and the page's CSRF token. */
export async function sendJson<T = unknown>(
  client: HttpClient,
  method: string,
  path: string,
  json?: unknown,
  headers: Record<string, string> = { 'x-csrf-token': client.csrfToken },
): Promise<JsonAnswer<T>> {
  const response = await client.request(method, path, {
    ...(json === undefined ? {} : { json }),
    headers: { accept: 'application/json', ...headers },
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? null : JSON.parse(text)) as T };
}

export interface CreatedEpic {
  readonly id: number;
  readonly iid: number;
  readonly group: string;
}

let counter = 0;

/** A new epic through the REST API (with `parent_id`, a child at the top of that parent). */
export async function newEpic(
  client: HttpClient,
  group = 'workshop',
  fields: { title?: string; confidential?: boolean; parent_id?: number } = {},
): Promise<CreatedEpic> {
  const answer = await sendJson<{ id: number; iid: number }>(
    client,
    'POST',
    `/api/v4/groups/${encodeURIComponent(group)}/epics`,
    { title: fields.title ?? `Link fixture ${++counter}`, ...fields },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.id, iid: answer.body.iid, group };
}

export interface CreatedIssue {
  readonly id: number;
  readonly iid: number;
  readonly project: string;
}

/** A new issue through the REST API. */
export async function newIssue(
  client: HttpClient,
  project = 'workshop/playground',
  fields: { title?: string; confidential?: boolean; epic_id?: number } = {},
): Promise<CreatedIssue> {
  const answer = await sendJson<{ id: number; iid: number }>(
    client,
    'POST',
    `/api/v4/projects/${encodeURIComponent(project)}/issues`,
    { title: fields.title ?? `Link fixture issue ${++counter}`, ...fields },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.id, iid: answer.body.iid, project };
}

/** The path of an epic's page. */
export const epicPagePath = (epic: CreatedEpic) => `/groups/${epic.group}/-/epics/${epic.iid}`;

export async function parentIdOf(server: TestServer, epicId: number): Promise<number | null> {
  const row = await server.db
    .selectFrom('epics')
    .select('parent_id')
    .where('id', '=', epicId)
    .executeTakeFirstOrThrow();
  return row.parent_id;
}

export async function epicOfIssue(server: TestServer, issueId: number): Promise<number | null> {
  const row = await server.db
    .selectFrom('epic_issues')
    .select('epic_id')
    .where('issue_id', '=', issueId)
    .executeTakeFirst();
  return row?.epic_id ?? null;
}

/** Every write leaves a trace in one of these counts; a refused request must leave them as they were. */
export async function linkCounts(server: TestServer) {
  const count = async (table: 'epics' | 'epic_issues' | 'issues' | 'issue_links' | 'related_epic_links') =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const parents = await server.db
    .selectFrom('epics')
    .select(['id', 'parent_id', 'relative_position'])
    .orderBy('id')
    .execute();
  return {
    epics: await count('epics'),
    epicIssues: await count('epic_issues'),
    issues: await count('issues'),
    issueLinks: await count('issue_links'),
    relatedEpicLinks: await count('related_epic_links'),
    parents: JSON.stringify(parents),
  };
}

/** GitLab's descendantCounts of one epic as its GraphQL field reads them (live, for this viewer). */
export async function descendantCounts(client: HttpClient, group: string, iid: number) {
  const answer = await client.graphql<{
    group: {
      epic: {
        descendantCounts: {
          openedEpics: number;
          closedEpics: number;
          openedIssues: number;
          closedIssues: number;
        };
      } | null;
    };
  }>(
    `query ($fullPath: ID!, $iid: ID) { group(fullPath: $fullPath) { epic(iid: $iid) {
      descendantCounts { openedEpics closedEpics openedIssues closedIssues } } } }`,
    { fullPath: group, iid: String(iid) },
  );
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data?.group.epic?.descendantCounts;
}
