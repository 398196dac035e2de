import { afterEach, describe, expect, it, vi } from 'vitest';
import { addTreeItems, removeRelation } from '../../data/index.ts';
import { addItemErrorText, removeItemErrorText } from './relatedItemsTexts.ts';

/** Replaces fetch with one answering `status` and `body` (or failing with `error`), recording calls. */
function stubFetch(answer: { status: number; body: unknown } | Error) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('addItemErrorText', () => {
  it('reports a 404 as the item type not found, whatever the server said', () => {
    expect(addItemErrorText({ status: 404, message: 'No matching epic found' }, 'epic')).toBe(
      'Epic cannot be found.',
    );
    expect(addItemErrorText({ status: 404, message: null }, 'issue')).toBe('Issue cannot be found.');
  });

  it('reports a 409 "Epic hierarchy level too deep" as the maximum number of child epics', () => {
    expect(addItemErrorText({ status: 409, message: 'Epic hierarchy level too deep' }, 'epic')).toBe(
      'This epic already has the maximum number of child epics.',
    );
  });

  it("shows any other failure's server message as it is", () => {
    const message = 'This epic cannot be added. An epic cannot be added to itself.';
    expect(addItemErrorText({ status: 409, message }, 'epic')).toBe(message);
    expect(addItemErrorText({ status: 403, message: '403 Forbidden' }, 'issue')).toBe('403 Forbidden');
  });

  it('falls back to not found when the server gave no message', () => {
    expect(addItemErrorText({ status: 500, message: null }, 'epic')).toBe('Epic cannot be found.');
  });

  it('lets a custom failure message override the standard ones', () => {
    expect(addItemErrorText({ status: 404, message: null }, 'epic', 'Custom')).toBe('Custom');
  });
});

describe('removeItemErrorText', () => {
  it('reports a 404 as an indeterminate path and anything else as a removal error', () => {
    expect(removeItemErrorText({ status: 404, message: null }, 'epic')).toBe(
      'We could not determine the path to remove the epic',
    );
    expect(removeItemErrorText({ status: 500, message: 'boom' }, 'issue')).toBe(
      'An error occurred while removing issues.',
    );
  });
});

describe('failed calls', () => {
  it('answers the mapped text when adding fails', async () => {
    stubFetch({ status: 409, body: { message: 'Epic hierarchy level too deep' } });
    const result = await addTreeItems('/x', ['&9']);
    expect(!result.ok && addItemErrorText(result.error, 'epic')).toBe(
      'This epic already has the maximum number of child epics.',
    );
  });

  it('deletes the relation path and maps a 404', async () => {
    const fetchMock = stubFetch({ status: 404, body: { message: '404 Not found' } });
    const result = await removeRelation('/groups/acme/-/epics/1/links/5');
    expect(!result.ok && removeItemErrorText(result.error, 'epic')).toBe(
      'We could not determine the path to remove the epic',
    );
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('DELETE');
  });
});
