import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchEmojiSuggestions,
  fetchEpicSuggestions,
  fetchGroupIssueMilestones,
  fetchLabelSuggestions,
  fetchMilestoneSuggestions,
  fetchUserSuggestions,
} from './suggestions.ts';

interface Call {
  readonly url: string;
  readonly init: RequestInit;
}

/** Replaces fetch with one answering `body` (status 200 unless told), recording each call. */
function answer(body: unknown, status = 200): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

const signal = () => new AbortController().signal;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('suggestion fetches', () => {
  it('asks for users of the group matching the search and maps their fields', async () => {
    const calls = answer([
      { id: 1, username: 'root', name: 'Administrator', avatar_url: null },
      { id: 2, name: 'no username' },
    ]);
    const users = await fetchUserSuggestions({ search: 'ro', groupId: '7' }, signal());
    expect(calls[0]?.url).toBe('/-/autocomplete/users.json?search=ro&active=true&group_id=7');
    expect(users).toEqual([{ id: 1, username: 'root', name: 'Administrator', avatarUrl: null }]);
  });

  it('asks for group labels with ancestors at the encoded group path', async () => {
    const calls = answer([{ id: 3, title: 'Priority High', color: '#ff0000', text_color: '#fff' }]);
    const labels = await fetchLabelSuggestions({ fullPath: 'acme/plat form', search: 'pri' }, signal());
    expect(calls[0]?.url).toBe(
      '/groups/acme/plat%20form/-/labels.json?only_group_labels=true&include_ancestor_groups=true&search=pri',
    );
    expect(labels).toEqual([
      { id: 3, title: 'Priority High', color: '#ff0000', textColor: '#fff', description: null },
    ]);
  });

  it('filters milestones and emoji by case-insensitive substring on the client', async () => {
    answer([
      { id: 1, title: 'Release 1.0' },
      { id: 2, title: 'Sprint 4' },
    ]);
    expect(await fetchMilestoneSuggestions({ fullPath: 'acme', search: 'REL' }, signal())).toEqual([
      { id: 1, title: 'Release 1.0' },
    ]);
    answer([{ name: 'thumbsup' }, { name: 'tada' }]);
    expect(await fetchEmojiSuggestions({ search: 'Up' }, signal())).toEqual([{ name: 'thumbsup' }]);
  });

  it('asks for the active milestones of the group and its ancestors only, for bulk edit', async () => {
    const calls = answer([{ id: 3, title: 'Q3' }, { id: 4 }]);
    expect(await fetchGroupIssueMilestones({ fullPath: 'acme/web' }, signal())).toEqual([
      { id: 3, title: 'Q3' },
    ]);
    expect(calls[0]?.url).toBe(
      '/groups/acme/web/-/milestones.json?state=active&include_descendants=false&per_page=100',
    );
  });

  it('rejects when the server answers an error status', async () => {
    answer({ message: '404 Group Not Found' }, 404);
    await expect(fetchLabelSuggestions({ fullPath: 'gone', search: '' }, signal())).rejects.toThrow(/404/);
  });

  it.each([
    ['login', { search: 'login' }],
    ['12', { iidStartsWith: '12' }],
    ['&12', { iidStartsWith: '12' }],
    ['', {}],
  ])('searches epics for %j by title or, when all digits, by iid', async (search, expected) => {
    const calls = answer({
      data: {
        group: {
          epics: {
            nodes: [{ id: 'gid://gitlab/Epic/1', iid: '12', title: 'Login', group: { fullPath: 'acme' } }],
          },
        },
      },
    });
    const epics = await fetchEpicSuggestions({ fullPath: 'acme', search }, signal());
    const request = JSON.parse(String(calls[0]?.init.body)) as { variables: Record<string, unknown> };
    expect(calls[0]?.url).toBe('/api/graphql');
    expect(calls[0]?.init.method).toBe('POST');
    expect(request.variables).toEqual({ fullPath: 'acme', state: 'all', ...expected });
    expect(epics).toEqual([{ id: 'gid://gitlab/Epic/1', iid: '12', title: 'Login', groupFullPath: 'acme' }]);
  });

  it('rejects an epic search answered with GraphQL errors', async () => {
    answer({ errors: [{ message: 'boom' }], data: null });
    await expect(fetchEpicSuggestions({ fullPath: 'acme', search: 'x' }, signal())).rejects.toThrow(/errors/);
  });

  it('passes the abort signal on, so a newer search cancels the older one', async () => {
    const calls = answer([]);
    const controller = new AbortController();
    await fetchEmojiSuggestions({ search: '' }, controller.signal);
    expect(calls[0]?.init.signal).toBe(controller.signal);
  });
});
