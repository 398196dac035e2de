import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

interface EpicRef {
  id: number;
  iid: number;
  group_id: number;
}

interface RelationsAnswer {
  group: {
    epic: {
      parent: { id: string } | null;
      relationPath: string | null;
      blocked: boolean;
      blockedByCount: number;
      hasIssues: boolean;
    };
  };
}

const RELATIONS = `query ($iid: ID!) { group(fullPath: "acme") { epic(iid: $iid) {
  parent { id } relationPath blocked blockedByCount hasIssues
} } }`;

/**
 * An epic of a public group related to things in a private subgroup (a parent epic, a blocking epic,
 * an issue): a viewer who cannot read the subgroup sees neither them nor a trace of them in counts.
 */
describe.each(BACKENDS)('relations to what the viewer cannot see (%s)', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let anonymous: HttpClient;
  let child: EpicRef;
  let hidden: EpicRef;
  let milestoneTitle: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 150, issues: 900 });
    admin = new HttpClient(server.baseUrl, { authorization: `Bearer ${await server.tokenFor('admin')}` });
    anonymous = new HttpClient(server.baseUrl);
    /** A fresh epic with no relations yet, inserted as a migration or import would leave it. */
    const insertEpic = async (path: string, title: string) => {
      const inserted = await sql<EpicRef>`
        INSERT INTO epics (root_namespace_id, group_id, iid, author_id, title)
        SELECT n.root_namespace_id, n.id, coalesce((SELECT max(iid) FROM epics WHERE group_id = n.id), 0) + 1,
          (SELECT id FROM users WHERE username = 'admin'), ${title}
        FROM namespaces n WHERE n.full_path = ${path}
        RETURNING id, iid, group_id`.execute(server.db);
      if (!inserted.rows[0]) throw new Error(`No group ${path}`);
      return inserted.rows[0];
    };
    hidden = await insertEpic('acme/security', 'Hidden parent and blocker');
    child = await insertEpic('acme', 'Public child of a hidden parent');
    const issue = await sql<{ id: number; milestone_title: string }>`
      SELECT i.id, m.title AS milestone_title
      FROM issues i JOIN projects p ON p.id = i.project_id JOIN namespaces n ON n.id = p.namespace_id
      JOIN milestones m ON m.id = i.milestone_id
      WHERE n.full_path LIKE 'acme/security%' AND NOT EXISTS (SELECT 1 FROM epic_issues ei WHERE ei.issue_id = i.id)
      ORDER BY i.id LIMIT 1`.execute(server.db);
    if (!issue.rows[0]) throw new Error('The demo data should have an unlinked issue in acme/security');
    milestoneTitle = issue.rows[0].milestone_title;
    await sql`UPDATE epics SET parent_id = ${hidden.id} WHERE id = ${child.id}`.execute(server.db);
    await sql`
      INSERT INTO related_epic_links (root_namespace_id, source_id, target_id, link_type)
      SELECT root_namespace_id, ${hidden.id}, ${child.id}, 'blocks' FROM epics WHERE id = ${child.id}`.execute(
      server.db,
    );
    await sql`
      INSERT INTO epic_issues (root_namespace_id, epic_id, issue_id, relative_position)
      SELECT root_namespace_id, ${child.id}, ${issue.rows[0].id}, 0 FROM epics WHERE id = ${child.id}`.execute(
      server.db,
    );
  });
  afterAll(() => server?.close());

  const relations = async (client: HttpClient) => {
    const response = await client.graphql<RelationsAnswer>(RELATIONS, { iid: String(child.iid) });
    expect(response.body.errors).toBeUndefined();
    return response.body.data!.group.epic;
  };

  it('shows the parent, the blocker and the issue to a viewer who may read them', async () => {
    const epic = await relations(admin);
    expect(epic.parent?.id).toBe(`gid://gitlab/Epic/${hidden.id}`);
    expect(epic.relationPath).toMatch(
      new RegExp(`/groups/acme/security/-/epics/${hidden.iid}/links/${child.id}$`),
    );
    expect(epic).toMatchObject({ blocked: true, blockedByCount: 1, hasIssues: true });
    const rest = await admin.json<Record<string, unknown>>(
      `/api/v4/groups/${child.group_id}/epics/${child.iid}`,
    );
    expect(rest.body).toMatchObject({ parent_id: hidden.id, parent_iid: hidden.iid });
    // The parent link points into the parent's own group, not the child's.
    expect((rest.body._links as { parent: string }).parent).toMatch(
      new RegExp(`/api/v4/groups/${hidden.group_id}/epics/${hidden.iid}$`),
    );
  });

  it('hides them, and every count of them, from a viewer who may not', async () => {
    const epic = await relations(anonymous);
    expect(epic).toEqual({
      parent: null,
      relationPath: null,
      blocked: false,
      blockedByCount: 0,
      hasIssues: false,
    });
    const rest = await anonymous.json<Record<string, unknown>>(
      `/api/v4/groups/${child.group_id}/epics/${child.iid}`,
    );
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ parent_id: null, parent_iid: null, _links: { parent: null } });
  });

  it('does not match an epic by the milestone of an issue the viewer may not see', async () => {
    const query = `query ($title: String) { group(fullPath: "acme") {
      epics(milestoneTitle: $title, includeDescendantGroups: false, first: 100) { nodes { iid } }
    } }`;
    type Answer = { group: { epics: { nodes: { iid: string }[] } } };
    const iidsFor = async (client: HttpClient) => {
      const response = await client.graphql<Answer>(query, { title: milestoneTitle });
      expect(response.body.errors).toBeUndefined();
      return response.body.data!.group.epics.nodes.map((node) => Number(node.iid));
    };
    expect(await iidsFor(admin)).toContain(child.iid);
    expect(await iidsFor(anonymous)).not.toContain(child.iid);
  });
});
