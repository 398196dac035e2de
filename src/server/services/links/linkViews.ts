import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { lockEpicHierarchy } from '../../db/repositories/epicHierarchyRepository.ts';
import {
  findEpicIdsWithChildren,
  findEpicIdsWithIssues,
} from '../../db/repositories/epicSummaryRepository.ts';
import { findBlockedIssueIds } from '../../db/repositories/epicTreeRepository.ts';
import { findAssigneeIdsOfIssues, type IssueReader } from '../../db/repositories/issueRepository.ts';
import { findGroupsAndProjectsOfRoot } from '../../db/repositories/namespaceRepository.ts';
import type { StatsVisibility } from '../../db/repositories/visibility.ts';
import type { Database, EpicRow, IssueRow, NamespaceRow, ProjectRow } from '../../db/schema.ts';
import { type AccessContext, canAdminEpic, seesHiddenIssues } from '../access.ts';
import type { EpicInGroup } from '../epics/epicQueries.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import { viewerScopeOfRoot } from '../viewerScope.ts';

/**
 * What the link endpoints show about epics and issues beyond their rows, computed for the viewer:
 * only what they may read is listed, and counts or flags never reveal hidden items.
 */

/** Everything of one root namespace the viewer may see, and its groups and projects by id. */
export interface RootView {
  readonly scope: StatsVisibility;
  readonly groups: ReadonlyMap<number, NamespaceRow>;
  readonly projects: ReadonlyMap<number, ProjectRow>;
  readonly viewerId: number | null;
  /** An administrator: issues of banned authors show. */
  readonly seesHidden: boolean;
}

export async function rootView(
  db: Executor,
  access: AccessContext,
  rootNamespaceId: number,
): Promise<RootView> {
  const { groups, projects } = await findGroupsAndProjectsOfRoot(db, rootNamespaceId);
  return {
    scope: await viewerScopeOfRoot(access, groups, projects),
    groups: new Map(groups.map((group) => [group.id, group])),
    projects: new Map(projects.map((project) => [project.id, project])),
    viewerId: access.actor.user?.id ?? null,
    seesHidden: seesHiddenIssues(access),
  };
}

export interface EpicView {
  readonly epic: EpicRow;
  readonly group: NamespaceRow;
  /** A child epic the viewer may see hangs below it. */
  readonly hasChildren: boolean;
  /** An issue the viewer may see is in it. */
  readonly hasIssues: boolean;
  /** The viewer may change its links (admin_epic_relation). */
  readonly canAdmin: boolean;
}

/**
 * The epics in the order given, with their flags. They are epics the viewer may read: rows queried
 * with epicVisibleTo(view.scope) (repositories/visibility.ts), or ones the actor has just been allowed to write.
 */
export async function describeEpics(
  db: Executor,
  access: AccessContext,
  view: RootView,
  epics: readonly EpicRow[],
): Promise<EpicView[]> {
  const ids = epics.map((epic) => epic.id);
  const [withChildren, withIssues] = [
    await findEpicIdsWithChildren(db, ids, view.scope),
    await findEpicIdsWithIssues(db, ids, view.scope),
  ];
  const views: EpicView[] = [];
  for (const epic of epics) {
    const group = view.groups.get(epic.group_id);
    if (!group) continue;
    views.push({
      epic,
      group,
      hasChildren: withChildren.has(epic.id),
      hasIssues: withIssues.has(epic.id),
      canAdmin: await canAdminEpic(access, group, epic),
    });
  }
  return views;
}

export interface IssueView {
  readonly issue: IssueRow;
  readonly project: ProjectRow;
  readonly namespace: NamespaceRow;
  readonly assigneeIds: readonly number[];
  /** An open issue the viewer may see blocks it. */
  readonly blocked: boolean;
}

/** Who reads issues in this root namespace: the viewer, with GitLab's rule over the scope's projects. */
export function issueReaderOf(view: Pick<RootView, 'scope' | 'viewerId' | 'seesHidden'>): IssueReader {
  const { scope, viewerId, seesHidden } = view;
  return {
    projectIds: scope.projectIds,
    confidentialProjectIds: scope.confidentialProjectIds,
    viewerId,
    seesHidden,
  };
}

/**
 * The issues in the order given, with their assignees and blocked flag. They are issues the viewer
 * may read: rows queried with issueReadableBy(issueReaderOf(view)) (issueRepository.ts).
 */
export async function describeIssues(
  db: Executor,
  view: RootView,
  issues: readonly IssueRow[],
): Promise<IssueView[]> {
  const ids = issues.map((issue) => issue.id);
  const assignees = await findAssigneeIdsOfIssues(db, ids);
  const blocked = await findBlockedIssueIds(db, ids, issueReaderOf(view));
  return issues.flatMap((issue) => {
    const project = view.projects.get(issue.project_id);
    const namespace = project ? view.groups.get(project.namespace_id) : undefined;
    if (!project || !namespace) return [];
    return [
      {
        issue,
        project,
        namespace,
        assigneeIds: assignees.get(issue.id) ?? [],
        blocked: blocked.has(issue.id),
      },
    ];
  });
}

/** Changing links needs a signed-in user: anonymous visitors get GitLab's 401. */
export function requireSignedIn(access: AccessContext): void {
  if (!access.actor.user) throw new UnauthorizedError();
}

/** Changing an epic's links: a signed-in user (401) with admin_epic_relation on it (403). */
export async function requireEpicAdmin(access: AccessContext, target: EpicInGroup): Promise<void> {
  requireSignedIn(access);
  if (!(await canAdminEpic(access, target.group, target.epic))) throw new ForbiddenError();
}

/**
 * A change of links in one root namespace: one transaction holding its hierarchy lock, so that the
 * rules read inside stay true until it writes.
 */
export function writeUnderHierarchyLock<T>(
  db: Kysely<Database>,
  rootNamespaceId: number,
  write: (trx: Executor) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockEpicHierarchy(trx, rootNamespaceId);
    return write(trx);
  });
}

/** A change of the epic's links: after requireEpicAdmin, under the hierarchy lock of its root namespace. */
export async function writeAsEpicAdmin<T>(
  db: Kysely<Database>,
  access: AccessContext,
  target: EpicInGroup,
  write: (trx: Executor) => Promise<T>,
): Promise<T> {
  await requireEpicAdmin(access, target);
  return writeUnderHierarchyLock(db, target.epic.root_namespace_id, write);
}
