import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addRelatedItems,
  addTreeItems,
  createChildEpic,
  createEpicIssue,
  epicLinkEndpoints,
  fetchGroupProjects,
  fetchReferenceSuggestions,
  serverMessage,
  toLinkedIssuable,
  toProjectOption,
} from './treeLinksRest.ts';

function answer(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('serverMessage', () => {
  it('reads a message string, a validation object or a Grape error', () => {
    expect(serverMessage({ message: '409 Conflict' })).toBe('409 Conflict');
    expect(serverMessage({ message: { title: ["can't be blank"], base: ['a', 'b'] } })).toBe(
      "title can't be blank; base a, b",
    );
    expect(serverMessage({ error: 'title is missing' })).toBe('title is missing');
    expect(serverMessage(null)).toBeNull();
    expect(serverMessage({ message: '' })).toBeNull();
  });
});

describe('mappers', () => {
  it('maps a related-issues JSON item and keeps the whole object', () => {
    const json = {
      id: 7,
      iid: 3,
      epic_issue_id: 44,
      title: 'Login',
      state: 'closed',
      reference: 'acme/web#3',
      path: '/acme/web/-/issues/3',
      relation_path: '/groups/acme/-/epics/1/issues/44',
      confidential: true,
      link_type: 'blocks',
      can_admin: true,
    };
    expect(toLinkedIssuable(json)).toEqual({
      id: 7,
      iid: 3,
      epicIssueId: 44,
      title: 'Login',
      state: 'closed',
      reference: 'acme/web#3',
      path: '/acme/web/-/issues/3',
      relationPath: '/groups/acme/-/epics/1/issues/44',
      confidential: true,
      linkType: 'blocks',
      canAdmin: true,
      json,
    });
  });

  it('drops items without an id and unknown link types', () => {
    expect(toLinkedIssuable({ title: 'no id' })).toBeNull();
    expect(toLinkedIssuable({ id: 1, link_type: 'duplicates' })?.linkType).toBeNull();
  });

  it("reads a project's full path and its namespace", () => {
    expect(
      toProjectOption({
        id: 5,
        name: 'Web',
        name_with_namespace: 'Acme / Web',
        path_with_namespace: 'acme/web',
        namespace: { full_path: 'acme' },
        web_url: 'http://x/acme/web',
        avatar_url: null,
      }),
    ).toEqual({
      id: 5,
      name: 'Web',
      nameWithNamespace: 'Acme / Web',
      fullPath: 'acme/web',
      namespaceFullPath: 'acme',
      webUrl: 'http://x/acme/web',
      avatarUrl: null,
    });
  });
});

describe('endpoints', () => {
  it("builds GitLab's epic-page paths with each group segment encoded", () => {
    expect(epicLinkEndpoints('acme/sub group', 4)).toEqual({
      epicsEndpoint: '/groups/acme/sub%20group/-/epics/4/links',
      issuesEndpoint: '/groups/acme/sub%20group/-/epics/4/issues',
      relatedEpicsEndpoint: '/groups/acme/sub%20group/-/epics/4/related_epic_links',
      autoCompleteEpics: '/groups/acme/sub%20group/-/autocomplete_sources/epics',
      autoCompleteIssues: '/groups/acme/sub%20group/-/autocomplete_sources/issues',
    });
  });
});

describe('calls', () => {
  it('posts the references to the links endpoint and answers the linked items', async () => {
    const fetchMock = stubFetch(answer(200, { issuables: [{ id: 9, title: 'Child', reference: '&9' }] }));
    const result = await addTreeItems('/groups/acme/-/epics/1/links', ['&9']);
    expect(result.ok && result.value.map((item) => item.id)).toEqual([9]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/groups/acme/-/epics/1/links');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ issuable_references: ['&9'] });
  });

  it('sends the link type with related items', async () => {
    const fetchMock = stubFetch(answer(200, { message: null, issuables: [] }));
    await addRelatedItems('/r', ['&2', '&3'], 'is_blocked_by');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      issuable_references: ['&2', '&3'],
      link_type: 'is_blocked_by',
    });
  });

  it('creates a child epic in the chosen group with the parent id and confidentiality', async () => {
    const fetchMock = stubFetch(
      answer(201, { id: 31, iid: 6, title: 'New', web_url: 'http://x/groups/acme/sub/-/epics/6' }),
    );
    const result = await createChildEpic({
      groupId: 'acme/sub',
      parentId: 12,
      confidential: true,
      title: 'New',
    });
    expect(result.ok && result.value.webUrl).toBe('http://x/groups/acme/sub/-/epics/6');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v4/groups/acme%2Fsub/epics');
    expect(JSON.parse(String(init?.body))).toEqual({ parent_id: 12, confidential: true, title: 'New' });
  });

  it('creates an issue in a project with the epic id, confidential under a confidential epic, and toasts a failure', async () => {
    const fetchMock = stubFetch(
      answer(201, { id: 70, iid: 4, title: 'Bug', references: { full: 'acme/web#4' } }),
    );
    const created = await createEpicIssue({ projectId: 5, epicId: 12, title: 'Bug' });
    expect(created.ok && created.value.reference).toBe('acme/web#4');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v4/projects/5/issues');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ title: 'Bug', epic_id: 12 });

    const secret = stubFetch(answer(201, { id: 71, iid: 5, title: 'Leak' }));
    await createEpicIssue({ projectId: 5, epicId: 12, title: 'Leak', confidential: true });
    expect(JSON.parse(String(secret.mock.calls[0]![1]?.body))).toEqual({
      title: 'Leak',
      epic_id: 12,
      confidential: true,
    });

    stubFetch(answer(403, { message: '403 Forbidden' }));
    expect(await createEpicIssue({ projectId: 5, epicId: 12, title: 'Bug' })).toEqual({
      ok: false,
      error: { status: 403, message: '403 Forbidden' },
    });
  });

  it("asks for the group's projects with GitLab's tree parameters", async () => {
    const fetchMock = stubFetch(answer(200, []));
    await fetchGroupProjects(3, 'web', new AbortController().signal);
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/v4/groups/3/projects');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      include_subgroups: 'true',
      order_by: 'last_activity_at',
      with_issues_enabled: 'true',
      with_shared: 'false',
      search_namespaces: 'true',
      search: 'web',
    });
  });

  it('limits suggestions to confidential items in confidential mode', async () => {
    const fetchMock = stubFetch(
      answer(200, [{ iid: 2, title: 'Secret', reference: '&2', confidential: true }, { title: 'broken' }]),
    );
    const found = await fetchReferenceSuggestions(
      '/groups/acme/-/autocomplete_sources/epics',
      'sec',
      true,
      new AbortController().signal,
    );
    expect(found).toEqual([{ iid: 2, title: 'Secret', reference: '&2', confidential: true, state: null }]);
    expect(fetchMock.mock.calls[0]![0]).toBe(
      '/groups/acme/-/autocomplete_sources/epics?search=sec&confidential_only=true',
    );
  });
});
