import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuableAwardsJson } from '../../src/core/domain/discussions.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { createEpic, dataOf, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { projectIdOf } from '../helpers/lookups.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const PROJECT = 'acme/platform/backend/api';

type Who = Person | 'anonymous';

describe.each(BACKENDS)('reactions on epics and issues themselves (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Who, HttpClient>;
  let projectId: number;
  const as = (person: Who) => clients.get(person)!;
  const send = (person: Who, method: string, path: string, json?: unknown) =>
    as(person).request(method, path, {
      ...(json === undefined ? {} : { json }),
      headers: { 'x-csrf-token': as(person).csrfToken },
    });
  const newIssue = async (fields: Record<string, unknown> = {}) => {
    const response = await send('owner', 'POST', `/api/v4/projects/${projectId}/issues`, {
      title: 'Reacted to',
      ...fields,
    });
    expect(response.status).toBe(201);
    const { iid } = (await response.json()) as { iid: number };
    return { iid, page: `/${PROJECT}/-/issues/${iid}`, api: `/api/v4/projects/${projectId}/issues/${iid}` };
  };
  const newEpic = async () => {
    const epic = await createEpic(as('owner'), 'acme', { title: 'Reacted to' });
    return {
      ...epic,
      page: `/groups/acme/-/epics/${epic.iid}`,
      api: `/api/v4/groups/acme/epics/${epic.iid}`,
    };
  };
  const awardsOf = async (person: Who, page: string) => {
    const response = await as(person).json<IssuableAwardsJson>(`${page}/award_emoji.json`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const given = async (page: string) =>
    (await awardsOf('owner', page)).award_emoji.map((award) => `${award.user.username}:${award.name}`);
  const toggle = (person: Who, page: string, name: string) =>
    send(person, 'POST', `${page}/toggle_award_emoji`, { name });
  const votesOf = async (api: string) => {
    const response = await as('owner').json<{ upvotes: number; downvotes: number }>(api);
    expect(response.status).toBe(200);
    return [response.body.upvotes, response.body.downvotes];
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20 });
    clients = await signedInClients(server);
    projectId = await projectIdOf(server, PROJECT);
  });
  afterAll(() => closeCheckingRollups(server));

  it('lets a reader toggle a reaction on an issue page, and the votes follow', async () => {
    const issue = await newIssue();
    const on = await toggle('guest', issue.page, 'thumbsup');
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ toggled_on: true });
    expect((await toggle('reporter', issue.page, 'thumbsup')).status).toBe(200);
    expect((await toggle('reporter', issue.page, 'tada')).status).toBe(200);
    expect(await given(issue.page)).toEqual(['guest:thumbsup', 'reporter:thumbsup', 'reporter:tada']);
    expect((await awardsOf('guest', issue.page)).can_award_emoji).toBe(true);
    expect(await votesOf(issue.api)).toEqual([2, 0]);

    const off = await toggle('guest', issue.page, 'thumbsup');
    expect(await off.json()).toEqual({ toggled_on: false });
    expect((await toggle('guest', issue.page, 'thumbsdown')).status).toBe(200);
    expect(await votesOf(issue.api)).toEqual([1, 1]);
    const listed = await as('owner').json<{ iid: number; upvotes: number; downvotes: number }[]>(
      `/api/v4/projects/${projectId}/issues?iids[]=${issue.iid}`,
    );
    expect(listed.body.map((row) => [row.upvotes, row.downvotes])).toEqual([[1, 1]]);
  });

  it('lets a reader toggle a reaction on an epic page, seen by GraphQL and REST', async () => {
    const epic = await newEpic();
    expect(await (await toggle('guest', epic.page, 'rocket')).json()).toEqual({ toggled_on: true });
    expect(await (await toggle('developer', epic.page, 'thumbsup')).json()).toEqual({ toggled_on: true });
    expect(await given(epic.page)).toEqual(['guest:rocket', 'developer:thumbsup']);
    const read = await as('guest').graphql<{
      group: {
        epic: { upvotes: number; awardEmoji: { nodes: { name: string; user: { username: string } }[] } };
      };
    }>(
      `query ($iid: ID!) { group(fullPath: "acme") { epic(iid: $iid) {
        upvotes awardEmoji { nodes { name user { username } } } } } }`,
      { iid: epic.iid },
    );
    expect(dataOf(read).group.epic.upvotes).toBe(1);
    expect(dataOf(read).group.epic.awardEmoji.nodes.map((node) => node.name)).toEqual(['rocket', 'thumbsup']);
    expect(await votesOf(epic.api)).toEqual([1, 0]);
  });

  it('shows reactions given through REST and GraphQL on the page JSON', async () => {
    const issue = await newIssue();
    const posted = await send('reporter', 'POST', `${issue.api}/award_emoji`, { name: 'heart' });
    expect(posted.status).toBe(201);
    const epic = await newEpic();
    const toggled = await as('guest').graphql<{ awardEmojiToggle: { toggledOn: boolean; errors: string[] } }>(
      `mutation ($input: AwardEmojiToggleInput!) { awardEmojiToggle(input: $input) { toggledOn errors } }`,
      { input: { awardableId: epic.id, name: 'eyes' } },
    );
    expect(dataOf(toggled).awardEmojiToggle).toEqual({ toggledOn: true, errors: [] });
    expect(await given(issue.page)).toEqual(['reporter:heart']);
    expect(await given(epic.page)).toEqual(['guest:eyes']);
  });

  it('shows anonymous readers the counts but refuses their reactions, changing nothing', async () => {
    const issue = await newIssue();
    const epic = await newEpic();
    for (const item of [issue, epic]) {
      await toggle('guest', item.page, 'thumbsup');
      const seen = await awardsOf('anonymous', item.page);
      expect(seen.can_award_emoji).toBe(false);
      expect(seen.award_emoji.map((award) => award.name)).toEqual(['thumbsup']);
      const refused = await toggle('anonymous', item.page, 'thumbsup');
      expect(refused.status).toBe(401);
      expect(await given(item.page)).toEqual(['guest:thumbsup']);
    }
    expect(await votesOf(issue.api)).toEqual([1, 0]);
  });

  it('refuses bad input and items the reader cannot see, changing nothing', async () => {
    const issue = await newIssue();
    expect((await toggle('guest', issue.page, 'not-an-emoji')).status).toBe(422);
    expect((await send('guest', 'POST', `${issue.page}/toggle_award_emoji`, {})).status).toBe(400);
    const secret = await newIssue({ confidential: true });
    expect((await toggle('guest', secret.page, 'thumbsup')).status).toBe(404);
    expect((await as('guest').request('GET', `${secret.page}/award_emoji.json`)).status).toBe(404);
    expect(await given(issue.page)).toEqual([]);
    expect(await given(secret.page)).toEqual([]);
  });

  it('toggles the reaction with /react and /award in a comment', async () => {
    for (const item of [await newIssue(), await newEpic()]) {
      const reacted = await send('guest', 'POST', `${item.page}/notes`, { note: { note: '/react :tada:' } });
      expect(reacted.status).toBe(202);
      expect(await reacted.json()).toMatchObject({
        commands_changes: { emoji_award: 'tada' },
        quick_actions_status: { messages: ['Toggled :tada: emoji reaction.'] },
      });
      expect(await given(item.page)).toEqual(['guest:tada']);
      const again = await send('guest', 'POST', `${item.page}/notes`, {
        note: { note: 'Done\n/award tada' },
      });
      expect(again.status).toBe(201);
      expect(await given(item.page)).toEqual([]);
      const unknown = await send('guest', 'POST', `${item.page}/notes`, { note: { note: '/react :nope:' } });
      expect(await unknown.json()).toMatchObject({ quick_actions_status: { messages: [] } });
      expect(await given(item.page)).toEqual([]);
    }
  });
});
