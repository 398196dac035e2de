import { expect, type Locator, type Page } from '@playwright/test';
import { waitForIdle } from './helpers.ts';

/**
 * Helpers of the epic child-items tree specs: REST calls with the page's session (browser tests
 * write only into the demo group `workshop`), opening an epic's tree, and reading its rows.
 */

export interface Created {
  readonly id: number;
  readonly iid: number;
}

/** A REST call from inside the page, with its session cookie and CSRF token. */
export async function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: body === undefined ? null : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

/**
 * A new epic of `workshop`, at the top of its parent's children when it has one; `fields` are more
 * REST parameters (dates, confidential).
 */
export async function createEpic(
  page: Page,
  title: string,
  parentId?: number,
  fields: Record<string, unknown> = {},
): Promise<Created> {
  const answer = await api(page, 'POST', '/api/v4/groups/workshop/epics', {
    title,
    ...(parentId === undefined ? {} : { parent_id: parentId }),
    ...fields,
  });
  expect(answer.status).toBe(201);
  return { id: answer.body.id as number, iid: answer.body.iid as number };
}

/** A new issue of `workshop/playground`, at the top of the epic's children. */
export async function createIssue(page: Page, title: string, epicId: number): Promise<Created> {
  const answer = await api(
    page,
    'POST',
    `/api/v4/projects/${encodeURIComponent('workshop/playground')}/issues`,
    {
      title,
      epic_id: epicId,
    },
  );
  expect(answer.status).toBe(201);
  return { id: answer.body.id as number, iid: answer.body.iid as number };
}

/** Opens the epic's page and waits for its child tree to be laid out. */
export async function openTree(page: Page, epic: Created): Promise<Locator> {
  await page.goto(`/groups/workshop/-/epics/${epic.iid}`);
  await waitForIdle(page);
  const card = page.getByTestId('epic-tree-card');
  await expect(card.getByRole('heading', { name: 'Child issues and epics' })).toBeVisible();
  return card;
}

/** Reloads the epic's page once the tree is idle (its last write answered) and waits for the tree again. */
export async function reopen(page: Page, epic: Created): Promise<Locator> {
  await waitForIdle(page);
  await page.reload();
  return openTree(page, epic);
}

/** The titles of the tree's rows, top to bottom. */
export const titles = (page: Page) => page.getByTestId('tree-title').allTextContents();

/** The item row whose title is exactly `title`. */
export const rowOf = (page: Page, title: string) =>
  page
    .getByTestId('tree-row')
    .filter({ has: page.getByTestId('tree-title').getByText(title, { exact: true }) });
