import type { Executor } from '../../db/executor.ts';
import {
  deleteGroupLink,
  findGroupLink,
  type GroupLinkRow,
  listGroupLinks,
  type ShareSource,
  upsertGroupLink,
} from '../../db/repositories/groupLinkRepository.ts';
import { findNamespacesByIds } from '../../db/repositories/namespaceRepository.ts';
import type { NamespaceRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { recordSeatsUsed } from '../billing/gitlabSubscriptionService.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { findReadableGroup } from '../groupService.ts';
import type { MembersOf } from '../memberService.ts';
import type { ReadableProject } from '../projectService.ts';
import { checkGrant, type MemberGrant } from './memberManagement.ts';
import { requireMemberManager, sourceKeyOf } from './memberSources.ts';

function shareSourceOf(of: MembersOf): ShareSource {
  return of.kind === 'group'
    ? { kind: 'group', id: of.group.id }
    : { kind: 'project', id: of.project.project.id };
}

/** The groups a source may not be shared with: itself, and the groups it sits in or that sit in it. */
function isOwnHierarchy(of: MembersOf, group: NamespaceRow): boolean {
  if (of.kind === 'project') return of.project.namespace.traversal_ids.includes(group.id);
  return group.traversal_ids.includes(of.group.id) || of.group.traversal_ids.includes(group.id);
}

/**
 * Shares the group or project with another group (POST /groups/:id/share, /projects/:id/share):
 * the invited group's members get the lesser of their own level and `groupAccess` on it, at once.
 * The invited group must be one the actor may see.
 */
export async function shareWithGroup(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
  groupId: number,
  grant: MemberGrant,
): Promise<NamespaceRow> {
  await checkGrant(access, of, grant);
  const group = await findReadableGroup(db, access, String(groupId));
  if (isOwnHierarchy(of, group)) {
    throw new ValidationError({ group_id: ['cannot be shared with its own group or subgroups'] });
  }
  const source = shareSourceOf(of);
  if (await findGroupLink(db, source, group.id)) {
    throw new ConflictError(`Shared group The group has already been shared with this ${of.kind}`);
  }
  await upsertGroupLink(db, source, {
    groupId: group.id,
    groupAccess: grant.accessLevel,
    expiresAt: grant.expiresAt,
  });
  await recordSeatsUsed(db, sourceKeyOf(of), access.now());
  return group;
}

/** Changes a share's level or expiry. */
export async function updateShare(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
  groupId: number,
  grant: MemberGrant,
): Promise<void> {
  await checkGrant(access, of, grant);
  const source = shareSourceOf(of);
  if (!(await findGroupLink(db, source, groupId))) throw new NotFoundError('Group Link');
  await upsertGroupLink(db, source, { groupId, groupAccess: grant.accessLevel, expiresAt: grant.expiresAt });
}

/** Ends a share (DELETE …/share/:group_id): the invited group's members lose what it gave them. */
export async function unshareWithGroup(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
  groupId: number,
): Promise<void> {
  await requireMemberManager(access, of);
  if (!(await deleteGroupLink(db, shareSourceOf(of), groupId))) throw new NotFoundError('Group Link');
}

/** The groups the source is shared with that the actor may see (a private one stays unnamed). */
export async function listSharesOf(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
): Promise<GroupLinkRow[]> {
  const links = await listGroupLinks(db, shareSourceOf(of));
  const visible: GroupLinkRow[] = [];
  for (const link of links) {
    const group = { traversal_ids: [link.group_id], visibility_level: link.group_visibility_level };
    if (link.group_visibility_level >= 20 || (await access.canInNamespace('read_group', group)))
      visible.push(link);
  }
  return visible;
}

/**
 * GitLab's "list a project's groups" (`GET /projects/:id/groups`): the groups the project sits in,
 * and with `withShared` those it is shared with, each only if the actor may see it; `search` keeps
 * those whose name or path contains it; `skipGroups` leaves some out. Nearest group first.
 */
export async function listProjectGroups(
  db: Executor,
  access: AccessContext,
  project: ReadableProject,
  options: { search?: string | undefined; withShared: boolean; skipGroups: readonly number[] },
): Promise<NamespaceRow[]> {
  const ancestorIds = [...project.namespace.traversal_ids].reverse();
  const sharedIds = options.withShared
    ? (await listGroupLinks(db, { kind: 'project', id: project.project.id })).map((link) => link.group_id)
    : [];
  const ids = [...new Set([...ancestorIds, ...sharedIds])].filter((id) => !options.skipGroups.includes(id));
  const byId = new Map((await findNamespacesByIds(db, ids)).map((group) => [group.id, group]));
  const term = options.search?.toLowerCase();
  const groups: NamespaceRow[] = [];
  for (const id of ids) {
    const group = byId.get(id);
    if (!group || !(await access.canInNamespace('read_group', group))) continue;
    if (term && !group.name.toLowerCase().includes(term) && !group.full_path.toLowerCase().includes(term))
      continue;
    groups.push(group);
  }
  return groups;
}
