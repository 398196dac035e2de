import { expect } from 'vitest';
import type { EpicRow } from '../../src/server/db/schema.ts';
import { HttpClient } from './httpClient.ts';
import { TEST_PASSWORD, type TestServer } from './testServer.ts';

/** The demo people the sidebar suites act as; `outsider` belongs to no group. */
export const PEOPLE = ['owner', 'reporter', 'developer', 'guest', 'outsider'] as const;
export type Person = (typeof PEOPLE)[number];

export interface GraphQLResult<T> {
  readonly status: number;
  readonly body: { data?: T; errors?: { message: string }[] };
}

/** GitLab's error for a missing or forbidden resource (graphql/resolvers/mutationSupport.ts). */
export const NOT_AVAILABLE = /does not exist or you don't have permission/;

/** A browser-like session per person (cookies and the page's CSRF token), and an anonymous one. */
export async function signedInClients(server: TestServer): Promise<Map<Person | 'anonymous', HttpClient>> {
  const clients = new Map<Person | 'anonymous', HttpClient>();
  for (const person of PEOPLE) {
    const client = new HttpClient(server.baseUrl);
    await client.signIn(person, TEST_PASSWORD);
    clients.set(person, client);
  }
  const anonymous = new HttpClient(server.baseUrl);
  await anonymous.loadCsrfToken('/');
  clients.set('anonymous', anonymous);
  return clients;
}

/** Data of a GraphQL answer that must have succeeded with no error at all. */
export function dataOf<T>(result: GraphQLResult<T>): T {
  expect(result.body.errors).toBeUndefined();
  expect(result.body.data).toBeDefined();
  return result.body.data as T;
}

/** A fresh epic made through the API by `client` (owner by default), for a test to own. */
export async function createEpic(
  client: HttpClient,
  groupPath: string,
  fields: { title?: string; confidential?: boolean; parentId?: string } = {},
): Promise<{ id: string; iid: string; numericId: number }> {
  const result = await client.graphql<{
    createEpic: { epic: { id: string; iid: string }; errors: string[] };
  }>(`mutation ($input: CreateEpicInput!) { createEpic(input: $input) { epic { id iid } errors } }`, {
    input: { groupPath, title: fields.title ?? 'Sidebar fixture', ...fields },
  });
  const { epic, errors } = dataOf(result).createEpic;
  expect(errors).toEqual([]);
  return { ...epic, numericId: Number(epic.id.split('/').pop()) };
}

export async function epicRow(server: TestServer, id: number): Promise<EpicRow> {
  return server.db.selectFrom('epics').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function userId(server: TestServer, username: string): Promise<number> {
  const row = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The mount element's data attributes of a page, unescaped, by their `data-` names. */
export async function mountData(response: Response): Promise<Record<string, string>> {
  const html = await response.text();
  const element = /<div id="app"([^>]*)>/.exec(html)?.[1] ?? '';
  const data: Record<string, string> = {};
  for (const match of element.matchAll(/data-([a-z0-9-]+)="([^"]*)"/g)) {
    data[match[1]!] = match[2]!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  }
  return data;
}
