import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChildEpic } from '../../data/index.ts';
import { createEpicErrorText } from './treeTexts.ts';

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

describe('createEpicErrorText', () => {
  it("uses the tree's toast when the server said nothing, or the request never got an answer", () => {
    expect(createEpicErrorText({ status: 500, message: null })).toBe(
      'Something went wrong while creating child epics.',
    );
    expect(createEpicErrorText({ status: 0, message: 'Failed to fetch' })).toBe(
      'Something went wrong while creating child epics.',
    );
  });

  it("follows 'Error creating epic' with the server's reason", () => {
    expect(createEpicErrorText({ status: 400, message: "title can't be blank" })).toBe(
      "Error creating epic. title can't be blank",
    );
  });
});

describe('failed calls', () => {
  it('reports a request that never got an answer with the tree text', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const result = await createChildEpic({ groupId: 1, parentId: 2, confidential: false, title: 'x' });
    expect(!result.ok && createEpicErrorText(result.error)).toBe(
      'Something went wrong while creating child epics.',
    );
  });

  it('reports a created answer without the epic with the tree text', async () => {
    stubFetch({ status: 201, body: { title: 'no id' } });
    const result = await createChildEpic({ groupId: 1, parentId: 2, confidential: false, title: 'x' });
    expect(!result.ok && createEpicErrorText(result.error)).toBe(
      'Something went wrong while creating child epics.',
    );
  });
});
