import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Executor } from '../executor.ts';
import type {
  Database,
  EpicRow,
  IssueRow,
  LabelRow,
  MergeRequestRow,
  MilestoneRow,
  NamespaceRow,
  ProjectRow,
} from '../schema.ts';
import { type IssueReader, issueReadableBy } from './issueRepository.ts';
import { type EpicVisibility, epicVisibleTo, namespaceVisibleTo, type Viewer } from './visibility.ts';

/**
 * The batched reads behind reference links in rendered markdown: one statement per kind of thing
 * named, whatever the number of references, each filtered by what the reader may see.
 */

/** Iids wanted in one project or group. */
export interface IidsIn {
  readonly ownerId: number;
  readonly iids: readonly number[];
}

export type ReferencedIssue = Pick<IssueRow, 'id' | 'project_id' | 'iid' | 'title' | 'state' | 'issue_type'>;
export type ReferencedEpic = Pick<EpicRow, 'id' | 'group_id' | 'iid' | 'title' | 'state'>;

/** `(owner = 1 AND iid IN (…)) OR (owner = 2 AND iid IN (…))`: one condition for every owner asked. */
function iidsIn(ownerColumn: string, iidColumn: string, wanted: readonly IidsIn[]) {
  const each = wanted.map(
    ({ ownerId, iids }) =>
      sql<SqlBool>`(${sql.ref(ownerColumn)} = ${ownerId} AND ${sql.ref(iidColumn)} IN (${sql.join([...iids])}))`,
  );
  return sql<SqlBool>`(${sql.join(each, sql` OR `)})`;
}

/**
 * The issues with these iids in these projects of one root namespace that the reader may see, or
 * every one of them when there is no reader (whether they exist at all).
 */
export function findIssuesByIids(
  db: Executor,
  rootId: number,
  wanted: readonly IidsIn[],
  reader: IssueReader | null,
): Promise<ReferencedIssue[]> {
  if (wanted.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('issues')
    .select([
      'issues.id',
      'issues.project_id',
      'issues.iid',
      'issues.title',
      'issues.state',
      'issues.issue_type',
    ])
    .where('issues.root_namespace_id', '=', rootId)
    .where(iidsIn('issues.project_id', 'issues.iid', wanted));
  if (reader) query = query.where(issueReadableBy(reader));
  return query.execute();
}

export type ReferencedMergeRequest = Pick<MergeRequestRow, 'id' | 'project_id' | 'iid' | 'title' | 'state'>;

/** The merge requests with these iids in these projects of one root namespace (unfiltered). */
export function findMergeRequestsByIids(
  db: Executor,
  rootId: number,
  wanted: readonly IidsIn[],
): Promise<ReferencedMergeRequest[]> {
  if (wanted.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('merge_requests')
    .select([
      'merge_requests.id',
      'merge_requests.project_id',
      'merge_requests.iid',
      'merge_requests.title',
      'merge_requests.state',
    ])
    .where('merge_requests.root_namespace_id', '=', rootId)
    .where(iidsIn('merge_requests.project_id', 'merge_requests.iid', wanted))
    .execute();
}

/**
 * The epics with these iids in these groups of one root namespace that the reader may see, or every
 * one of them when no visibility is given (whether they exist at all).
 */
export function findEpicsByIids(
  db: Executor,
  rootId: number,
  wanted: readonly IidsIn[],
  visible: EpicVisibility | null,
): Promise<ReferencedEpic[]> {
  if (wanted.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('epics')
    .select(['epics.id', 'epics.group_id', 'epics.iid', 'epics.title', 'epics.state'])
    .where('epics.root_namespace_id', '=', rootId)
    .where(iidsIn('epics.group_id', 'epics.iid', wanted));
  if (visible) query = query.where(epicVisibleTo('epics', visible));
  return query.execute();
}

/** Whose labels and milestones a text sees: its project's (if any) and its group's and ancestors'. */
export interface OwnedBy {
  readonly groupIds: readonly number[];
  readonly projectId: number | null;
}

function ownedBy(eb: ExpressionBuilder<Database, 'labels' | 'milestones'>, owners: OwnedBy) {
  const owned = [eb('group_id', 'in', [...owners.groupIds])];
  if (owners.projectId !== null) owned.push(eb('project_id', '=', owners.projectId));
  return eb.or(owned);
}

/** The labels of these owners with one of these titles or ids. */
export function findLabelsOwnedBy(
  db: Executor,
  owners: OwnedBy,
  wanted: { readonly titles: readonly string[]; readonly ids: readonly number[] },
): Promise<LabelRow[]> {
  if (wanted.titles.length + wanted.ids.length === 0 || owners.groupIds.length === 0) {
    return Promise.resolve([]);
  }
  return db
    .selectFrom('labels')
    .selectAll()
    .where((eb) => ownedBy(eb as ExpressionBuilder<Database, 'labels' | 'milestones'>, owners))
    .where((eb) => {
      const named = [];
      if (wanted.titles.length) named.push(eb('title', 'in', [...wanted.titles]));
      if (wanted.ids.length) named.push(eb('id', 'in', [...wanted.ids]));
      return eb.or(named);
    })
    .execute();
}

/** The milestones of these owners with one of these titles or iids. */
export function findMilestonesOwnedBy(
  db: Executor,
  owners: OwnedBy,
  wanted: { readonly titles: readonly string[]; readonly iids: readonly number[] },
): Promise<MilestoneRow[]> {
  if (wanted.titles.length + wanted.iids.length === 0 || owners.groupIds.length === 0) {
    return Promise.resolve([]);
  }
  return db
    .selectFrom('milestones')
    .selectAll()
    .where((eb) => ownedBy(eb as ExpressionBuilder<Database, 'labels' | 'milestones'>, owners))
    .where((eb) => {
      const named = [];
      if (wanted.titles.length) named.push(eb('title', 'in', [...wanted.titles]));
      if (wanted.iids.length) named.push(eb('iid', 'in', [...wanted.iids]));
      return eb.or(named);
    })
    .execute();
}

/**
 * The groups and the projects at these full paths (case-insensitively), whichever root namespace
 * holds them, with the groups the projects are in; the caller checks what the reader may see.
 */
export async function findPlacesByFullPaths(
  db: Executor,
  groupPaths: readonly string[],
  projectPaths: readonly string[],
): Promise<{ groups: NamespaceRow[]; projects: ProjectRow[] }> {
  const lower = (paths: readonly string[]) => [...new Set(paths.map((path) => path.toLowerCase()))];
  const projects =
    projectPaths.length === 0
      ? []
      : await db
          .selectFrom('projects')
          .selectAll()
          .where(sql`lower(projects.full_path)`, 'in', lower(projectPaths))
          .execute();
  const projectGroupIds = [...new Set(projects.map((project) => project.namespace_id))];
  if (groupPaths.length === 0 && projectGroupIds.length === 0) return { groups: [], projects };
  const groups = await db
    .selectFrom('namespaces')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(groupPaths.length === 0 ? [] : [eb(sql`lower(namespaces.full_path)`, 'in', lower(groupPaths))]),
        ...(projectGroupIds.length === 0 ? [] : [eb('namespaces.id', 'in', projectGroupIds)]),
      ]),
    )
    .execute();
  return { groups, projects };
}

/** The groups at these full paths (case-insensitively) that the viewer may see. */
export function findVisibleGroupsByFullPaths(
  db: Executor,
  fullPaths: readonly string[],
  viewer: Viewer,
): Promise<NamespaceRow[]> {
  if (fullPaths.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('namespaces')
    .selectAll()
    .where(
      sql`lower(namespaces.full_path)`,
      'in',
      fullPaths.map((path) => path.toLowerCase()),
    )
    .where((eb) => namespaceVisibleTo(eb, viewer))
    .execute();
}
