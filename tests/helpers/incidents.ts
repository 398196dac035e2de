import { expect } from 'vitest';
import type { HttpClient } from './httpClient.ts';
import type { TestServer } from './testServer.ts';

/** A new issue or incident through GitLab's REST create, by `client` (its author). */
export async function createIssueOfType(
  client: HttpClient,
  projectId: number,
  issueType: 'incident' | 'issue',
): Promise<{ id: number; iid: number }> {
  const response = await client.request('POST', `/api/v4/projects/${projectId}/issues`, {
    json: { title: `A new ${issueType}`, issue_type: issueType },
    headers: { 'x-csrf-token': client.csrfToken },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; iid: number };
}

/** The issue's system notes, oldest first, as [action, text] pairs. */
export async function systemNotesOfIssue(
  server: TestServer,
  issueId: number,
): Promise<[string | null, string][]> {
  const rows = await server.db
    .selectFrom('notes')
    .select(['note', 'system_note_action'])
    .where('noteable_type', '=', 'Issue')
    .where('noteable_id', '=', issueId)
    .where('system', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((row) => [row.system_note_action, row.note]);
}
