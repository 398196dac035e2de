import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { userId } from './epicSidebar.ts';
import type { HttpClient } from './httpClient.ts';
import type { TestServer } from './testServer.ts';

/** GitLab's `childItems` query (GitLab's related-items tree), sent unchanged. */
export const CHILD_ITEMS_QUERY = readFileSync(
  new URL('../fixtures/gitlab/epicChildItems.graphql', import.meta.url),
  'utf8',
);

/** GitLab's front-end reorder operation (`epicReorder` with `$epicTreeReorderInput`). */
export const EPIC_REORDER_MUTATION = `mutation epicReorder($epicTreeReorderInput: EpicTreeReorderInput!) {
  epicTreeReorder(input: $epicTreeReorderInput) {
    __typename
    clientMutationId
    errors
  }
}`;

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface ChildEpicNode {
  __typename: 'Epic';
  id: string;
  iid: string;
  title: string;
  relativePosition: number | null;
  state: 'opened' | 'closed';
  confidential: boolean;
  relationPath: string | null;
  reference: string;
  hasChildren: boolean;
  hasIssues: boolean;
  group: { __typename: 'Group'; id: string; fullPath: string };
  labels: { nodes: { title: string }[] };
  descendantCounts: { openedEpics: number; closedEpics: number; openedIssues: number; closedIssues: number };
}

export interface ChildIssueNode {
  __typename: 'EpicIssue';
  id: string;
  iid: string;
  epicIssueId: string;
  title: string;
  blocked: boolean;
  state: 'opened' | 'closed';
  confidential: boolean;
  relationPath: string | null;
  relativePosition: number | null;
  reference: string;
  webPath: string;
  weight: number | null;
  healthStatus: string | null;
  milestone: { __typename: 'Milestone'; id: string; title: string } | null;
  assignees: { edges: { node: { __typename: 'UserCore'; username: string } }[] };
  labels: { nodes: { __typename: 'Label'; title: string; textColor: string }[] };
}

export interface ChildItemsData {
  group: {
    __typename: 'Group';
    id: string;
    path: string;
    fullPath: string;
    epic: {
      __typename: 'Epic';
      id: string;
      descendantCounts: ChildEpicNode['descendantCounts'];
      userPermissions: { adminEpic: boolean; createEpic: boolean };
      children: { edges: { node: ChildEpicNode }[]; pageInfo: PageInfo };
      issues: { edges: { node: ChildIssueNode }[]; pageInfo: PageInfo };
    } | null;
  } | null;
}

/** A child as the tree shows it: its reorder id (Epic gid or EpicIssue gid) and position. */
export interface TreeItem {
  readonly id: string;
  readonly relativePosition: number | null;
  readonly node: ChildEpicNode | ChildIssueNode;
}

export function childItems(
  client: HttpClient,
  variables: {
    fullPath: string;
    iid: string;
    pageSize?: number;
    epicEndCursor?: string;
    issueEndCursor?: string;
  },
) {
  return client.graphql<ChildItemsData>(CHILD_ITEMS_QUERY, variables);
}

/**
 * Every child of the epic, read as GitLab's tree does: the first page, then the same query with the
 * end cursor of each list that still has a next page. Merged and ordered by relative position.
 */
export async function readWholeTreeLevel(
  client: HttpClient,
  fullPath: string,
  iid: string,
  pageSize = 100,
): Promise<{ items: TreeItem[]; requests: number }> {
  const items: TreeItem[] = [];
  let epicEndCursor: string | undefined;
  let issueEndCursor: string | undefined;
  let epicsLeft = true;
  let issuesLeft = true;
  let requests = 0;
  while (epicsLeft || issuesLeft) {
    const result = await childItems(client, {
      fullPath,
      iid,
      pageSize,
      ...(epicEndCursor ? { epicEndCursor } : {}),
      ...(issueEndCursor ? { issueEndCursor } : {}),
    });
    requests++;
    expect(result.body.errors).toBeUndefined();
    const epic = result.body.data?.group?.epic;
    if (!epic) throw new Error(`No epic ${fullPath}&${iid}`);
    if (epicsLeft) {
      for (const { node } of epic.children.edges)
        items.push({ id: node.id, relativePosition: node.relativePosition, node });
      epicsLeft = epic.children.pageInfo.hasNextPage;
      epicEndCursor = epic.children.pageInfo.endCursor ?? undefined;
    }
    if (issuesLeft) {
      for (const { node } of epic.issues.edges)
        items.push({ id: node.epicIssueId, relativePosition: node.relativePosition, node });
      issuesLeft = epic.issues.pageInfo.hasNextPage;
      issueEndCursor = epic.issues.pageInfo.endCursor ?? undefined;
    }
  }
  // The client's order (GitLab's related-items tree): relative position, then opened before closed.
  items.sort(
    (a, b) =>
      (a.relativePosition ?? Number.MAX_SAFE_INTEGER) - (b.relativePosition ?? Number.MAX_SAFE_INTEGER) ||
      Number(a.node.state === 'closed') - Number(b.node.state === 'closed'),
  );
  return { items, requests };
}

/** Sends GitLab's reorder mutation; returns the payload's errors (throws on top-level errors). */
export async function reorder(
  client: HttpClient,
  input: {
    baseEpicId: string;
    moved: {
      id: string;
      adjacentReferenceId?: string;
      relativePosition?: 'before' | 'after';
      newParentId?: string;
    };
    clientMutationId?: string;
  },
): Promise<string[]> {
  const result = await client.graphql<{
    epicTreeReorder: { errors: string[]; clientMutationId: string | null };
  }>(EPIC_REORDER_MUTATION, { epicTreeReorderInput: input });
  if (result.body.errors) throw new Error(`epicTreeReorder failed: ${JSON.stringify(result.body.errors)}`);
  return result.body.data?.epicTreeReorder.errors ?? [];
}

/** The children of a parent straight from the database, in tree order: `Epic`/`EpicIssue` gids. */
export async function childrenInDatabase(server: TestServer, parentId: number): Promise<string[]> {
  const { rows } = await sql<{ gid: string }>`
    SELECT gid FROM (
      SELECT 'gid://gitlab/Epic/' || id AS gid, relative_position, 0 AS kind, id FROM epics WHERE parent_id = ${parentId}
      UNION ALL
      SELECT 'gid://gitlab/EpicIssue/' || id, relative_position, 1, id FROM epic_issues WHERE epic_id = ${parentId}
    ) children ORDER BY relative_position NULLS LAST, kind, id`.execute(server.db);
  return rows.map((row) => row.gid);
}

/**
 * What must hold of every epic tree of a root namespace, as messages (none when all is well):
 * positions unique and set per parent across child epics and issue links, no cycle, parents in the
 * same root namespace, at most 7 levels, at most 100 child epics per parent.
 */
export async function treeInvariantViolations(
  server: TestServer,
  rootNamespaceId: number,
): Promise<string[]> {
  const problems: string[] = [];
  const check = async (label: string, query: ReturnType<typeof sql<{ detail: string }>>) => {
    const { rows } = await query.execute(server.db);
    for (const row of rows) problems.push(`${label}: ${row.detail}`);
  };
  await check(
    'position shared or missing',
    sql<{ detail: string }>`
      SELECT parent || ' @ ' || coalesce(relative_position::text, 'null') || ' x' || count(*) AS detail FROM (
        SELECT parent_id AS parent, relative_position FROM epics
        WHERE parent_id IS NOT NULL AND root_namespace_id = ${rootNamespaceId}
        UNION ALL SELECT epic_id, relative_position FROM epic_issues WHERE root_namespace_id = ${rootNamespaceId}
      ) children GROUP BY parent, relative_position HAVING count(*) > 1 OR relative_position IS NULL`,
  );
  await check(
    'not reachable from a top-level epic (a cycle) or deeper than 7 levels',
    sql<{ detail: string }>`
      WITH RECURSIVE tree(id, depth) AS (
        SELECT id, 1 FROM epics WHERE parent_id IS NULL AND root_namespace_id = ${rootNamespaceId}
        UNION ALL
        SELECT e.id, tree.depth + 1 FROM epics e JOIN tree ON e.parent_id = tree.id WHERE tree.depth < 20
      )
      SELECT e.id::text AS detail FROM epics e LEFT JOIN tree ON tree.id = e.id
      WHERE e.root_namespace_id = ${rootNamespaceId} AND (tree.id IS NULL OR tree.depth > 7)`,
  );
  await check(
    'parent in another root namespace',
    sql<{ detail: string }>`
      SELECT child.id::text AS detail FROM epics child JOIN epics parent ON parent.id = child.parent_id
      WHERE child.root_namespace_id = ${rootNamespaceId} AND parent.root_namespace_id <> child.root_namespace_id
      UNION ALL
      SELECT ei.id::text FROM epic_issues ei JOIN epics parent ON parent.id = ei.epic_id
      JOIN issues i ON i.id = ei.issue_id
      WHERE ei.root_namespace_id = ${rootNamespaceId} AND (parent.root_namespace_id <> i.root_namespace_id)`,
  );
  await check(
    'more than 100 child epics',
    sql<{ detail: string }>`
      SELECT parent_id || ' has ' || count(*) AS detail FROM epics
      WHERE parent_id IS NOT NULL AND root_namespace_id = ${rootNamespaceId}
      GROUP BY parent_id HAVING count(*) > 100`,
  );
  return problems;
}

/** Ids of a group by full path (and its root namespace). */
export async function groupIds(
  server: TestServer,
  fullPath: string,
): Promise<{ id: number; rootId: number }> {
  const row = await server.db
    .selectFrom('namespaces')
    .select(['id', 'root_namespace_id'])
    .where('full_path', '=', fullPath)
    .executeTakeFirstOrThrow();
  return { id: row.id, rootId: row.root_namespace_id };
}

/** A fixture epic written straight to the database (the tree's read and reorder are under test, not creation). */
export async function insertTreeEpic(
  server: TestServer,
  fields: {
    groupPath: string;
    parentId: number | null;
    position: number | null;
    title: string;
    confidential?: boolean;
    state?: 'opened' | 'closed';
  },
): Promise<{ id: number; iid: number; gid: string }> {
  const group = await groupIds(server, fields.groupPath);
  const ownerId = await userId(server, 'owner');
  return server.db.transaction().execute(async (trx) => {
    const { last_epic_iid: iid } = await trx
      .updateTable('namespaces')
      .set((eb) => ({ last_epic_iid: eb('last_epic_iid', '+', 1) }))
      .where('id', '=', group.id)
      .returning('last_epic_iid')
      .executeTakeFirstOrThrow();
    const now = new Date();
    const row = await trx
      .insertInto('epics')
      .values({
        root_namespace_id: group.rootId,
        group_id: group.id,
        iid,
        author_id: ownerId,
        parent_id: fields.parentId,
        relative_position: fields.position,
        title: fields.title,
        confidential: fields.confidential ?? false,
        state: fields.state ?? 'opened',
        closed_at: fields.state === 'closed' ? now : null,
        start_date: null,
        start_date_fixed: null,
        start_date_sourcing_milestone_id: null,
        due_date: null,
        due_date_fixed: null,
        due_date_sourcing_milestone_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, iid, gid: `gid://gitlab/Epic/${row.id}` };
  });
}

/** Issues of a project by full path, oldest first. */
export async function issuesOfProject(server: TestServer, projectPath: string, count: number) {
  return server.db
    .selectFrom('issues')
    .innerJoin('projects', 'projects.id', 'issues.project_id')
    .selectAll('issues')
    .where('projects.full_path', '=', projectPath)
    .orderBy('issues.id')
    .limit(count)
    .execute();
}

/** Links an issue to an epic at a position (moving it out of any epic it was in); returns the link. */
export async function linkIssue(
  server: TestServer,
  epicId: number,
  issueId: number,
  position: number,
): Promise<{ id: number; gid: string }> {
  await server.db.deleteFrom('epic_issues').where('issue_id', '=', issueId).execute();
  const issue = await server.db
    .selectFrom('issues')
    .select('root_namespace_id')
    .where('id', '=', issueId)
    .executeTakeFirstOrThrow();
  const row = await server.db
    .insertInto('epic_issues')
    .values({
      root_namespace_id: issue.root_namespace_id,
      epic_id: epicId,
      issue_id: issueId,
      relative_position: position,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, gid: `gid://gitlab/EpicIssue/${row.id}` };
}
