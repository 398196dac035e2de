import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { dataOf, type Person, signedInClients, userId } from '../helpers/epicSidebar.ts';
import {
  type ChildIssueNode,
  childItems,
  insertTreeEpic,
  issuesOfProject,
  linkIssue,
  readWholeTreeLevel,
} from '../helpers/epicTree.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const GROUP = 'acme/platform';
const PROJECT = 'acme/platform/backend/api';

describe.each(BACKENDS)("GitLab's childItems query reads an epic's tree (%s)", (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  let parent: { id: number; iid: number; gid: string };
  /** The tree's expected order: Epic gids and EpicIssue gids by position. */
  let expectedOrder: string[] = [];
  let confidentialLink = '';
  let confidentialEpic = '';
  let blockedLink = '';
  let issueIds: number[] = [];

  beforeAll(async () => {
    server = await startTestServer({ backend });
    clients = await signedInClients(server);
    parent = await insertTreeEpic(server, {
      groupPath: GROUP,
      parentId: null,
      position: null,
      title: 'Tree root',
    });
    const epics = [];
    for (const [index, position] of [100, 300, 500].entries()) {
      epics.push(
        await insertTreeEpic(server, {
          groupPath: GROUP,
          parentId: parent.id,
          position,
          title: `Child epic ${index}`,
          confidential: index === 1,
          state: index === 2 ? 'closed' : 'opened',
        }),
      );
    }
    confidentialEpic = epics[1]!.gid;
    const issues = await issuesOfProject(server, PROJECT, 6);
    issueIds = issues.map((issue) => issue.id);
    const ownerId = await userId(server, 'owner');
    // Plain public issues, except one confidential issue the guest neither wrote nor is assigned to.
    await server.db
      .updateTable('issues')
      .set({ confidential: false, author_id: ownerId })
      .where('id', 'in', issueIds)
      .execute();
    await server.db
      .updateTable('issues')
      .set({ confidential: true })
      .where('id', '=', issueIds[2]!)
      .execute();
    await server.db.deleteFrom('issue_assignees').where('issue_id', '=', issueIds[2]!).execute();
    const links = [];
    for (const [index, position] of [0, 200, 400, 600, 700].entries()) {
      links.push(await linkIssue(server, parent.id, issueIds[index]!, position));
    }
    confidentialLink = links[2]!.gid;
    // The sixth issue, open, blocks the second linked one.
    await server.db.deleteFrom('issue_links').where('target_id', 'in', issueIds).execute();
    await server.db.updateTable('issues').set({ state: 'opened' }).where('id', '=', issueIds[5]!).execute();
    await server.db
      .insertInto('issue_links')
      .values({
        root_namespace_id: issues[0]!.root_namespace_id,
        source_id: issueIds[5]!,
        target_id: issueIds[1]!,
        link_type: 'blocks',
      })
      .execute();
    blockedLink = links[1]!.gid;
    expectedOrder = [
      links[0]!.gid,
      epics[0]!.gid,
      links[1]!.gid,
      epics[1]!.gid,
      links[2]!.gid,
      epics[2]!.gid,
      links[3]!.gid,
      links[4]!.gid,
    ];
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('answers the exact query with every field and __typename the tree reads', async () => {
    const data = dataOf(await childItems(as('owner'), { fullPath: GROUP, iid: String(parent.iid) }));
    const group = data.group!;
    expect(group).toMatchObject({ __typename: 'Group', path: 'platform', fullPath: GROUP });
    const epic = group.epic!;
    expect(epic).toMatchObject({
      __typename: 'Epic',
      id: parent.gid,
      userPermissions: { adminEpic: true, createEpic: true },
    });
    expect(epic.descendantCounts).toEqual({
      __typename: 'EpicDescendantCount',
      openedEpics: 2,
      closedEpics: 1,
      openedIssues: expect.any(Number),
      closedIssues: expect.any(Number),
    });
    const child = epic.children.edges[0]!.node;
    expect(child).toMatchObject({
      __typename: 'Epic',
      relationPath: `/groups/${GROUP}/-/epics/${parent.iid}/links/${child.id.split('/').pop()}`,
      reference: `${GROUP}&${child.iid}`,
      group: { __typename: 'Group', fullPath: GROUP },
      hasChildren: false,
      hasIssues: false,
    });
    const issue = epic.issues.edges[0]!.node;
    const linkId = issue.epicIssueId.split('/').pop();
    expect(issue.__typename).toBe('EpicIssue');
    expect(issue.id).toBe(`gid://gitlab/Issue/${issueIds[0]}`);
    expect(issue.epicIssueId).toMatch(/^gid:\/\/gitlab\/EpicIssue\/\d+$/);
    expect(issue.relationPath).toBe(`/groups/${GROUP}/-/epics/${parent.iid}/issues/${linkId}`);
    expect(issue.reference).toMatch(new RegExp(`^${PROJECT}#\\d+$`));
    expect(issue.webPath).toBe(`/${PROJECT}/-/issues/${issue.iid}`);
    expect(issue.relativePosition).toBe(0);
    for (const assignee of issue.assignees.edges) expect(assignee.node.__typename).toBe('UserCore');
    for (const label of issue.labels.nodes) expect(label.__typename).toBe('Label');
    expect(epic.children.pageInfo).toMatchObject({ __typename: 'PageInfo', hasNextPage: false });
    expect(epic.issues.pageInfo).toMatchObject({ __typename: 'PageInfo', hasNextPage: false });
  });

  it('orders child epics and issues by their shared relative position', async () => {
    const { items } = await readWholeTreeLevel(as('owner'), GROUP, String(parent.iid));
    expect(items.map((item) => item.id)).toEqual(expectedOrder);
  });

  it('says which issues an open issue blocks', async () => {
    const { items } = await readWholeTreeLevel(as('owner'), GROUP, String(parent.iid));
    const blocked = items.filter((item) => (item.node as ChildIssueNode).blocked).map((item) => item.id);
    expect(blocked).toEqual([blockedLink]);
  });

  it('pages both lists with their own cursors, the way the tree asks for more', async () => {
    const { items, requests } = await readWholeTreeLevel(as('owner'), GROUP, String(parent.iid), 2);
    expect(items.map((item) => item.id)).toEqual(expectedOrder);
    // Five issues two at a time: three requests; the epics' list is done after the second.
    expect(requests).toBe(3);
  });

  it('takes the empty cursors of the first request as the start of both lists', async () => {
    const result = await childItems(as('owner'), {
      fullPath: GROUP,
      iid: String(parent.iid),
      pageSize: 2,
      epicEndCursor: '',
      issueEndCursor: '',
    });
    const epic = dataOf(result).group!.epic!;
    expect(epic.children.edges).toHaveLength(2);
    expect(epic.issues.edges.map((edge) => edge.node.relativePosition)).toEqual([0, 200]);
    expect(epic.issues.pageInfo.hasPreviousPage).toBe(false);
  });

  it('shows confidential children to a reporter but not to a guest or an anonymous visitor', async () => {
    const seenBy = async (person: Person | 'anonymous') =>
      (await readWholeTreeLevel(as(person), GROUP, String(parent.iid))).items.map((item) => item.id);
    expect(await seenBy('reporter')).toEqual(expectedOrder);
    const hidden = expectedOrder.filter((id) => id !== confidentialLink && id !== confidentialEpic);
    expect(await seenBy('guest')).toEqual(hidden);
    expect(await seenBy('anonymous')).toEqual(hidden);
  });

  it('shows a confidential issue to the guest who wrote it', async () => {
    const guestId = await userId(server, 'guest');
    await server.db
      .updateTable('issues')
      .set({ author_id: guestId })
      .where('id', '=', issueIds[2]!)
      .execute();
    try {
      const { items } = await readWholeTreeLevel(as('guest'), GROUP, String(parent.iid));
      expect(items.map((item) => item.id)).toContain(confidentialLink);
    } finally {
      const ownerId = await userId(server, 'owner');
      await server.db
        .updateTable('issues')
        .set({ author_id: ownerId })
        .where('id', '=', issueIds[2]!)
        .execute();
    }
  });

  it("fits an anonymous visitor's complexity limit with the query's own default page size", async () => {
    const result = await childItems(as('anonymous'), { fullPath: GROUP, iid: String(parent.iid) });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.group?.epic?.issues.edges.length).toBeGreaterThan(0);
  });

  it('refuses a cursor that is not one of its own', async () => {
    const result = await childItems(as('owner'), {
      fullPath: GROUP,
      iid: String(parent.iid),
      issueEndCursor: 'not-a-cursor',
    });
    expect(result.body.errors?.[0]?.message).toBe('Please provide a valid cursor');
  });
});
