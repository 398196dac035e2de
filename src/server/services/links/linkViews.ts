import type { Kysely } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import {
  findEpicIdsWithChildren,
  findEpicIdsWithIssues,
  lockEpicHierarchy,
  type StatsVisibility,
} from '../../db/repositories/epicRepository.ts';
import { findBlockedIssueIds } from '../../db/repositories/epicTreeRepository.ts';
import { findAssigneeIdsOfIssues } from '../../db/repositories/issueRepository.ts';
import { findGroupsAndProjectsOfRoot } from '../../db/repositories/namespaceRepository.ts';
import type { Database, EpicRow, IssueRow, NamespaceRow, ProjectRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
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

/** The epics the viewer may read, in the order given, with their flags. */
export async function describeEpics(
  db: Executor,
  access: AccessContext,
  view: RootView,
  epics: readonly EpicRow[],
): Promise<EpicView[]> {
  const readable = epics.filter(
    (epic) =>
      view.scope.groupIds.includes(epic.group_id) &&
      (!epic.confidential || view.scope.confidentialGroupIds.includes(epic.group_id)),
  );
  const ids = readable.map((epic) => epic.id);
  const [withChildren, withIssues] = [
    await findEpicIdsWithChildren(db, ids, view.scope),
    await findEpicIdsWithIssues(db, ids, view.scope),
  ];
  const views: EpicView[] = [];
  for (const epic of readable) {
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

/** The issues the viewer may read (GitLab's rule: confidential ones for Reporters, authors, assignees). */
export async function describeIssues(
  db: Executor,
  view: RootView,
  issues: readonly IssueRow[],
): Promise<IssueView[]> {
  const assignees = await findAssigneeIdsOfIssues(
    db,
    issues.map((issue) => issue.id),
  );
  const { scope, viewerId } = view;
  const readable = issues.filter((issue) => {
    if (!scope.projectIds.includes(issue.project_id)) return false;
    if (!issue.confidential || scope.confidentialProjectIds.includes(issue.project_id)) return true;
    return (
      viewerId !== null &&
      (issue.author_id === viewerId || (assignees.get(issue.id) ?? []).includes(viewerId))
    );
  });
  const blocked = await findBlockedIssueIds(
    db,
    readable.map((issue) => issue.id),
    { projectIds: scope.projectIds, confidentialProjectIds: scope.confidentialProjectIds, viewerId },
  );
  return readable.flatMap((issue) => {
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

/** GitLab's admin_epic_relation on an epic (Reporter and up; confidential epics alike). */
export function canAdminEpic(
  access: AccessContext,
  group: NamespaceRow,
  epic: Pick<EpicRow, 'confidential'>,
): Promise<boolean> {
  return access.canInNamespace('admin_epic_relation', group, { confidential: epic.confidential });
}

/** Changing links needs a signed-in user: anonymous visitors get GitLab's 401. */
export function requireSignedIn(access: AccessContext): void {
  if (!access.actor.user) throw new UnauthorizedError();
}

/** An epic and its group, both readable by the actor. */
export interface EpicInGroup {
  readonly epic: EpicRow;
  readonly group: NamespaceRow;
}

/** Changing an epic's links: a signed-in user (401) with admin_epic_relation on it (403). */
export async function requireEpicAdmin(access: AccessContext, target: EpicInGroup): Promise<void> {
  requireSignedIn(access);
  if (!(await canAdminEpic(access, target.group, target.epic))) throw new ForbiddenError();
}

/**
 * A change of the epic's links: after requireEpicAdmin, one transaction holding the hierarchy lock
 * of the epic's root namespace, so that the rules read inside stay true until it writes.
 */
export async function writeAsEpicAdmin<T>(
  db: Kysely<Database>,
  access: AccessContext,
  target: EpicInGroup,
  write: (trx: Executor) => Promise<T>,
): Promise<T> {
  await requireEpicAdmin(access, target);
  return db.transaction().execute(async (trx) => {
    await lockEpicHierarchy(trx, target.epic.root_namespace_id);
    return write(trx);
  });
}
