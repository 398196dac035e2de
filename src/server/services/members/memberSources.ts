import type { MemberSourceKey } from '../../db/repositories/memberRepository.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { MembersOf } from '../memberService.ts';

/** The members table's key of a group or project. */
export function sourceKeyOf(of: MembersOf): MemberSourceKey {
  return of.kind === 'group'
    ? { sourceType: 'Namespace', sourceId: of.group.id }
    : { sourceType: 'Project', sourceId: of.project.project.id };
}

/** The top-level group of the source: the sharding key of what is written about it. */
export function rootNamespaceIdOf(of: MembersOf): number {
  const traversal = of.kind === 'group' ? of.group.traversal_ids : of.project.namespace.traversal_ids;
  return traversal[0] ?? (of.kind === 'group' ? of.group.id : of.project.namespace.id);
}

export function sourceNameOf(of: MembersOf): string {
  return of.kind === 'group' ? of.group.name : of.project.project.name;
}

export function sourceFullPathOf(of: MembersOf): string {
  return of.kind === 'group' ? of.group.full_path : of.project.project.full_path;
}

/** The actor's own highest level on the source, inherited levels included. */
export function actorLevelOn(access: AccessContext, of: MembersOf): Promise<number> {
  return of.kind === 'group'
    ? access.accessLevelInNamespace(of.group)
    : access.accessLevelInProject(of.project.project, of.project.namespace);
}

/**
 * Whether the actor manages the source's members: a group's owners, a project's maintainers and
 * owners (GitLab's admin_group_member and admin_project_member), and administrators.
 */
export function canManageMembers(access: AccessContext, of: MembersOf): Promise<boolean> {
  return of.kind === 'group'
    ? access.canInNamespace('admin_group', of.group)
    : access.canInProject('admin_project', of.project.project, of.project.namespace);
}

/** The actor who manages the source's members, with their level; 401 or 403 for anyone else. */
export async function requireMemberManager(
  access: AccessContext,
  of: MembersOf,
): Promise<{ userId: number; level: number; isAdmin: boolean }> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  if (!(await canManageMembers(access, of))) throw new ForbiddenError();
  return { userId: user.id, level: await actorLevelOn(access, of), isAdmin: user.is_admin };
}

export { accessLevelName } from '../../../core/domain/accessLevel.ts';
