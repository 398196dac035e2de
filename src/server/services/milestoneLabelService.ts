import type { DateRange } from '../../core/time/calendarDate.ts';
import type { Executor } from '../db/executor.ts';
import { listLabels } from '../db/repositories/labelRepository.ts';
import { listMilestones } from '../db/repositories/milestoneRepository.ts';
import { findNamespacesByIds, findSelfAndDescendants } from '../db/repositories/namespaceRepository.ts';
import { findProjectsByIds, listProjects } from '../db/repositories/projectRepository.ts';
import type { MilestoneRow, NamespaceRow, ProjectRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';

export interface HierarchyOptions {
  readonly includeAncestors: boolean;
  readonly includeDescendants: boolean;
}

/** Readable groups of the hierarchy around `group`: itself, and its ancestors and/or descendants. */
async function readableHierarchy(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  options: HierarchyOptions,
): Promise<NamespaceRow[]> {
  const candidates = new Map<number, NamespaceRow>([[group.id, group]]);
  if (options.includeAncestors)
    for (const row of await findNamespacesByIds(db, group.traversal_ids)) candidates.set(row.id, row);
  if (options.includeDescendants)
    for (const row of await findSelfAndDescendants(db, group)) candidates.set(row.id, row);
  const readable: NamespaceRow[] = [];
  for (const candidate of candidates.values()) {
    if (await access.canInNamespace('read_group', candidate)) readable.push(candidate);
  }
  return readable;
}

export async function listGroupMilestones(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  params: HierarchyOptions & {
    state?: 'active' | 'closed' | undefined;
    title?: string | undefined;
    search?: string | undefined;
    iids?: readonly number[] | undefined;
    ids?: readonly number[] | undefined;
    timeframe?: DateRange | undefined;
    containingDate?: string | undefined;
    titleTerms?: readonly string[] | undefined;
    updatedAfter?: Date | undefined;
    updatedBefore?: Date | undefined;
    dueFromStartUntil?: DateRange | undefined;
    sort?: { column: 'due_date' | 'created_at' | 'updated_at'; direction: 'asc' | 'desc' } | undefined;
  },
  page: { offset: number; limit: number },
) {
  const groups = await readableHierarchy(db, access, group, params);
  // Descendant projects' milestones come along when descendants are asked for (GitLab's rule).
  const projectIds = params.includeDescendants
    ? (
        await listProjects(
          db,
          { viewer: access.viewer, namespaceId: group.id, includeSubgroups: true },
          { offset: 0, limit: 10_000 },
        )
      ).rows.map((project) => project.id)
    : [];
  const result = await listMilestones(
    db,
    {
      groupIds: groups.map((row) => row.id),
      projectIds,
      state: params.state,
      title: params.title,
      search: params.search,
      iids: params.iids,
      ids: params.ids,
      timeframe: params.timeframe,
      containingDate: params.containingDate,
      titleTerms: params.titleTerms,
      updatedAfter: params.updatedAfter,
      updatedBefore: params.updatedBefore,
      dueFromStartUntil: params.dueFromStartUntil,
      sort: params.sort,
    },
    page,
  );
  return withOwnerPaths(db, groups, result);
}

/** Each listed milestone's owner's full path (its group's or its project's), for its JSON. */
async function withOwnerPaths<T extends { rows: readonly MilestoneRow[] }>(
  db: Executor,
  groups: readonly NamespaceRow[],
  result: T,
): Promise<T & { ownerPaths: Map<number, string> }> {
  const groupPaths = new Map(groups.map((row) => [row.id, row.full_path]));
  const projects = await findProjectsByIds(db, [
    ...new Set(result.rows.flatMap((row) => (row.project_id ? [row.project_id] : []))),
  ]);
  const projectPaths = new Map(projects.map((project) => [project.id, project.full_path]));
  const ownerPaths = new Map<number, string>();
  for (const milestone of result.rows) {
    const path = milestone.group_id
      ? groupPaths.get(milestone.group_id)
      : projectPaths.get(milestone.project_id ?? -1);
    if (path) ownerPaths.set(milestone.id, path);
  }
  return { ...result, ownerPaths };
}

/**
 * The milestones an issue of the project may take (GitLab's project `milestones.json`): the
 * project's own and those of the groups above it that the actor may read.
 */
export async function listProjectMilestones(
  db: Executor,
  access: AccessContext,
  { project, namespace }: { project: ProjectRow; namespace: NamespaceRow },
  params: { state?: 'active' | 'closed' | undefined; search?: string | undefined },
  page: { offset: number; limit: number },
) {
  const groups = await readableHierarchy(db, access, namespace, {
    includeAncestors: true,
    includeDescendants: false,
  });
  const result = await listMilestones(
    db,
    {
      groupIds: groups.map((row) => row.id),
      projectIds: [project.id],
      state: params.state,
      search: params.search,
    },
    page,
  );
  return withOwnerPaths(db, groups, result);
}

export async function listGroupLabels(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  params: HierarchyOptions & { search?: string | undefined; onlyGroupLabels: boolean },
  page: { offset: number; limit: number },
) {
  const groups = await readableHierarchy(db, access, group, params);
  return listLabels(db, { groupIds: groups.map((row) => row.id), search: params.search }, page);
}
