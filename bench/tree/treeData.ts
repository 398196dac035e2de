/**
 * The rows the `dom` baseline of bench/tree draws: the big epic's children as the app itself reads
 * them, with its own GraphQL document (src/client/data/tree/epicTree.graphql, operation
 * `childItems`, 100 per list) and its own paging: each page in GitLab's client order
 * (sortChildItems), later pages appended after the first and without the items already listed, and
 * only the lists that still have a next page asked for again ('Show more'). So the baseline lists the
 * 5,000 children in the order the app's tree shows them once every page is loaded.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { GRAPHQL_PATH } from '../../src/core/domain/webPaths.ts';
import { sortChildItems } from '../../src/core/layout/tree/treeItem.ts';
import { ROOT } from '../render/appServer.ts';
import { ownerToken, postJson } from '../render/roadmapRows.ts';

const CHILD_ITEMS_DOCUMENT = readFileSync(resolve(ROOT, 'src/client/data/tree/epicTree.graphql'), 'utf8');

/** One child row, with what the baseline shows of it (as GitLab's DOM tree does). */
export interface TreeBenchRow {
  readonly type: 'epic' | 'issue';
  /** Unique in the tree: `epic:<id>` or `issue:<epicIssueId>`. */
  readonly key: string;
  readonly title: string;
  readonly reference: string;
  readonly webPath: string;
  readonly state: 'opened' | 'closed';
  readonly confidential: boolean;
  readonly blocked: boolean;
  /** Epics with child epics or issues get a chevron. */
  readonly hasChildItems: boolean;
  /** Epics: descendant epics and issues. */
  readonly counts: { readonly epics: number; readonly issues: number } | null;
  readonly weight: number | null;
  /** `YYYY-MM-DD` or null. */
  readonly dueDate: string | null;
  readonly milestone: string | null;
  readonly health: string | null;
  readonly assignees: readonly string[];
  readonly labels: readonly { readonly title: string; readonly color: string; readonly textColor: string }[];
  /** Only for the sort, as the app sorts. */
  readonly relativePosition: number | null;
}

/** What the baseline page receives as `window.__benchData`. */
export interface TreeBenchData {
  readonly root: { readonly title: string; readonly reference: string };
  /** The root's children, in the app's order once every page is loaded. */
  readonly rows: readonly TreeBenchRow[];
  /** The first page of children of each epic the expand measurement opens, by the epic's key. */
  readonly children: Readonly<Record<string, readonly TreeBenchRow[]>>;
  /** Row indexes (in `rows`) of the epics the expand measurement opens, one per run. */
  readonly expandRows: readonly number[];
}

interface Connection<Node> {
  readonly edges: readonly { readonly node: Node }[];
  readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
}

interface Labels {
  readonly nodes: readonly { readonly title: string; readonly color: string; readonly textColor: string }[];
}

interface EpicNode {
  readonly id: string;
  readonly title: string;
  readonly webPath: string;
  readonly reference: string;
  readonly relativePosition: number | null;
  readonly state: string;
  readonly confidential: boolean | null;
  readonly blocked: boolean | null;
  readonly hasChildren: boolean;
  readonly hasIssues: boolean;
  readonly descendantCounts: {
    readonly openedEpics: number;
    readonly closedEpics: number;
    readonly openedIssues: number;
    readonly closedIssues: number;
  } | null;
  readonly labels: Labels | null;
}

interface IssueNode {
  readonly epicIssueId: string;
  readonly title: string;
  readonly webPath: string;
  readonly reference: string;
  readonly relativePosition: number | null;
  readonly state: string;
  readonly confidential: boolean;
  readonly blocked: boolean;
  readonly dueDate: string | null;
  readonly weight: number | null;
  readonly healthStatus: string | null;
  readonly milestone: { readonly title: string } | null;
  readonly assignees: { readonly edges: readonly { readonly node: { readonly name: string } }[] };
  readonly labels: Labels | null;
}

interface ChildItemsAnswer {
  readonly data?: {
    readonly group: {
      readonly epic: {
        readonly title: string;
        readonly children: Connection<EpicNode>;
        readonly issues: Connection<IssueNode>;
      } | null;
    } | null;
  };
  readonly errors?: readonly { readonly message: string }[];
}

const labelsOf = (labels: Labels | null) =>
  (labels?.nodes ?? []).map(({ title, color, textColor }) => ({ title, color, textColor }));

function epicRow(node: EpicNode): TreeBenchRow {
  const counts = node.descendantCounts;
  return {
    type: 'epic',
    key: `epic:${node.id.slice(node.id.lastIndexOf('/') + 1)}`,
    title: node.title,
    reference: node.reference,
    webPath: node.webPath,
    state: node.state === 'closed' ? 'closed' : 'opened',
    confidential: node.confidential === true,
    blocked: node.blocked === true,
    hasChildItems: node.hasChildren || node.hasIssues,
    counts: counts
      ? { epics: counts.openedEpics + counts.closedEpics, issues: counts.openedIssues + counts.closedIssues }
      : null,
    weight: null,
    dueDate: null,
    milestone: null,
    health: null,
    assignees: [],
    labels: labelsOf(node.labels),
    relativePosition: node.relativePosition,
  };
}

function issueRow(node: IssueNode): TreeBenchRow {
  return {
    type: 'issue',
    key: `issue:${node.epicIssueId.slice(node.epicIssueId.lastIndexOf('/') + 1)}`,
    title: node.title,
    reference: node.reference,
    webPath: node.webPath,
    state: node.state === 'closed' ? 'closed' : 'opened',
    confidential: node.confidential,
    blocked: node.blocked,
    hasChildItems: false,
    counts: null,
    weight: node.weight,
    dueDate: node.dueDate,
    milestone: node.milestone?.title ?? null,
    health: node.healthStatus,
    assignees: node.assignees.edges.map((edge) => edge.node.name),
    labels: labelsOf(node.labels),
    relativePosition: node.relativePosition,
  };
}

/** `acme/sub&12` → the epic's group path and iid. */
function epicAddress(reference: string): { fullPath: string; iid: string } {
  const at = reference.lastIndexOf('&');
  if (at <= 0) throw new Error(`not an epic reference: ${reference}`);
  return { fullPath: reference.slice(0, at), iid: reference.slice(at + 1) };
}

/** Every child of an epic, page by page as the app loads them ('Show more' until no list has more). */
async function readChildren(
  baseUrl: string,
  token: string,
  reference: string,
  allPages: boolean,
): Promise<{ title: string; rows: TreeBenchRow[]; pages: number }> {
  const rows: TreeBenchRow[] = [];
  const listed = new Set<string>();
  let epicCursor = '';
  let issueCursor = '';
  let more = { epics: true, issues: true };
  let title = '';
  let pages = 0;
  for (let first = true; first || (allPages && (more.epics || more.issues)); first = false) {
    const answer = await postJson<ChildItemsAnswer>(
      `${baseUrl}${GRAPHQL_PATH}`,
      {
        query: CHILD_ITEMS_DOCUMENT,
        operationName: 'childItems',
        variables: { ...epicAddress(reference), epicEndCursor: epicCursor, issueEndCursor: issueCursor },
      },
      token,
    );
    const epic = answer.data?.group?.epic;
    if (answer.errors?.length || !epic)
      throw new Error(
        `childItems of ${reference} failed: ${answer.errors?.map((e) => e.message).join('; ')}`,
      );
    title = epic.title;
    pages += 1;
    const page = [
      ...(more.epics ? epic.children.edges.map((edge) => epicRow(edge.node)) : []),
      ...(more.issues ? epic.issues.edges.map((edge) => issueRow(edge.node)) : []),
    ];
    for (const row of sortChildItems(page)) {
      if (listed.has(row.key)) continue;
      listed.add(row.key);
      rows.push(row);
    }
    more = {
      epics: more.epics && epic.children.pageInfo.hasNextPage,
      issues: more.issues && epic.issues.pageInfo.hasNextPage,
    };
    epicCursor = more.epics ? (epic.children.pageInfo.endCursor ?? '') : '';
    issueCursor = more.issues ? (epic.issues.pageInfo.endCursor ?? '') : '';
  }
  return { title, rows, pages };
}

/**
 * Reads the root's children and, for `expandCount` child epics with children from row `expandFrom`
 * on, their first page of children.
 */
export async function readTreeBenchData(
  baseUrl: string,
  rootReference: string,
  expandCount: number,
  expandFrom: number,
): Promise<TreeBenchData & { pages: number }> {
  const token = await ownerToken(baseUrl);
  const { title, rows, pages } = await readChildren(baseUrl, token, rootReference, true);
  const expandRows = rows
    .map((row, index) => (index >= expandFrom && row.type === 'epic' && row.hasChildItems ? index : -1))
    .filter((index) => index >= 0)
    .slice(0, expandCount);
  if (expandRows.length < expandCount)
    throw new Error(`only ${expandRows.length} child epics with children after row ${expandFrom}`);
  const children: Record<string, readonly TreeBenchRow[]> = {};
  for (const index of expandRows) {
    const epic = rows[index]!;
    children[epic.key] = (await readChildren(baseUrl, token, epic.reference, false)).rows;
  }
  return { root: { title, reference: rootReference }, rows, children, expandRows, pages };
}
