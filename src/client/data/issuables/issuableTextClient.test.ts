import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIssuableTextClient } from './issuableTextClient.ts';

const SAVED = {
  title: '<p>Title</p>',
  title_text: 'Title',
  description: '',
  description_text: '',
  task_status: '',
  lock_version: 3,
  web_url: '/acme/web/-/issues/4',
  state: 'opened',
};

function stubFetch(body: unknown, init: ResponseInit = {}) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status: 200, ...init }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

const client = (issuableType: 'epic' | 'issue') =>
  createIssuableTextClient({
    issuableType,
    endpoint: '/acme/web/-/issues/4',
    updateEndpoint: '/acme/web/-/issues/4.json',
    markdownPreviewPath: '/acme/web/-/preview_markdown',
  });

describe('the issuable text client', () => {
  it('saves to the update endpoint with the fields nested under the issuable type', async () => {
    const fetchMock = stubFetch(SAVED);
    const answer = await client('issue').save({ title: 'Title', lockVersion: 2 });
    expect(answer).toMatchObject({
      ok: true,
      value: { state: 'opened', text: { titleText: 'Title', lockVersion: 3 } },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/acme/web/-/issues/4.json');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ issue: { title: 'Title', lock_version: 2 } });
  });

  it("sends an epic's state event under `epic`", async () => {
    const fetchMock = stubFetch({ ...SAVED, state: 'closed' });
    await client('epic').save({ stateEvent: 'close' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ epic: { state_event: 'close' } });
  });

  it('polls realtime_changes under the page path and previews through preview_markdown', async () => {
    const fetchMock = stubFetch({ body: '<p>hi</p>' }, { headers: { 'Poll-Interval': '3000' } });
    const issue = client('issue');
    await issue.fetchRealtimeChanges(null);
    expect(fetchMock.mock.calls[0]![0]).toBe('/acme/web/-/issues/4/realtime_changes');
    expect(await issue.previewMarkdown('hi')).toBe('<p>hi</p>');
    expect(fetchMock.mock.calls[1]![0]).toBe('/acme/web/-/preview_markdown');
  });
});
