import { ACCESS_LEVEL_NAMES, isAccessLevel } from '../../core/domain/accessLevel.ts';
import type { UserMembershipsView, UserMembershipView } from '../../core/domain/userMemberships.ts';
import type { Executor } from '../db/executor.ts';
import { findMembershipsOfUser } from '../db/repositories/memberRepository.ts';
import { findNamespacesByIds } from '../db/repositories/namespaceRepository.ts';
import { findProjectsByIds } from '../db/repositories/projectRepository.ts';
import type { UserRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import { withNamespaces } from './issueService.ts';
import { listReadableProjects } from './projectService.ts';

const roleName = (level: number): string => (isAccessLevel(level) ? ACCESS_LEVEL_NAMES[level] : 'Guest');

/** Projects listed per group the user belongs to: the profile shows a bounded list. */
const PROJECTS_PER_GROUP = { offset: 0, limit: 100 };

const byFullPath = (a: UserMembershipView, b: UserMembershipView) => a.fullPath.localeCompare(b.fullPath);

/**
 * The groups and projects a user holds a membership in that the actor may read (GitLab's profile
 * Groups and Projects tabs): a private one the actor cannot see is left out, never named.
 */
export async function userMembershipsVisibleTo(
  db: Executor,
  access: AccessContext,
  user: UserRow,
): Promise<UserMembershipsView> {
  const memberships = await findMembershipsOfUser(db, user.id);
  const levelOf = (type: 'Namespace' | 'Project', id: number) =>
    memberships.find((row) => row.source_type === type && row.source_id === id)?.access_level ?? 0;
  const idsOf = (type: 'Namespace' | 'Project') =>
    memberships.filter((row) => row.source_type === type).map((row) => row.source_id);
  const groups: UserMembershipView[] = [];
  for (const group of await findNamespacesByIds(db, idsOf('Namespace'))) {
    if (!(await access.canInNamespace('read_group', group))) continue;
    const role = roleName(levelOf('Namespace', group.id));
    groups.push({ id: group.id, name: group.full_name, fullPath: group.full_path, role });
  }
  // A group's members are members of its projects too (GitLab's inherited membership).
  const inherited = [];
  for (const groupId of idsOf('Namespace')) {
    const filter = { namespaceId: groupId, includeSubgroups: true };
    inherited.push(...(await listReadableProjects(db, access, filter, PROJECTS_PER_GROUP)).rows);
  }
  const direct = await findProjectsByIds(db, idsOf('Project'));
  const unique = new Map([...inherited, ...direct].map((project) => [project.id, project]));
  const projects: UserMembershipView[] = [];
  for (const { project, namespace } of await withNamespaces(db, [...unique.values()])) {
    if (!(await access.canInProject('read_project', project, namespace))) continue;
    const level = Math.max(
      levelOf('Project', project.id),
      ...namespace.traversal_ids.map((id) => levelOf('Namespace', id)),
    );
    projects.push({
      id: project.id,
      name: `${namespace.full_name} / ${project.name}`,
      fullPath: project.full_path,
      role: roleName(level),
    });
  }
  return { groups: groups.sort(byFullPath), projects: projects.sort(byFullPath) };
}
