import type { MemberRelation } from '../../services/memberService.ts';
import { listMembersOf } from '../../services/memberService.ts';
import { offsetConnection, PAGE_LIMITS } from '../connection.ts';
import type {
  AccessLevelEnum,
  AccessLevelResolvers,
  GroupMemberResolvers,
  GroupResolvers,
  MemberInterfaceResolvers,
  ProjectMemberResolvers,
  ProjectResolvers,
  Resolvers,
} from '../generated/resolvers.ts';
import type { MemberModel } from '../models.ts';

const LEVEL_NAMES: Readonly<Record<number, AccessLevelEnum>> = {
  0: 'NO_ACCESS',
  10: 'GUEST',
  20: 'REPORTER',
  30: 'DEVELOPER',
  40: 'MAINTAINER',
  50: 'OWNER',
};

/** GitLab's `relations`: with INHERITED the groups above count too; DIRECT alone lists only the source's own. */
function relationOf(relations: readonly string[] | null | undefined): MemberRelation {
  return (relations ?? ['DIRECT', 'INHERITED']).includes('INHERITED') ? 'all' : 'direct';
}

const memberFields = {
  id: (member: MemberModel) =>
    `gid://gitlab/${member.source.kind === 'group' ? 'GroupMember' : 'ProjectMember'}/${member.row.member_id}`,
  accessLevel: (member: MemberModel) => member.row.access_level,
  createdAt: (member: MemberModel) => member.row.created_at.toISOString(),
  expiresAt: (member: MemberModel) => (member.row.expires_at ? `${member.row.expires_at}T00:00:00Z` : null),
};

const GroupMember: GroupMemberResolvers = {
  ...memberFields,
  user: (member, _args, { loaders }) => loaders.user.load(member.row.user_id),
  group: (member, _args, { loaders }) => loaders.namespace.load(member.source.id),
};

const ProjectMember: ProjectMemberResolvers = {
  ...memberFields,
  user: (member, _args, { loaders }) => loaders.user.load(member.row.user_id),
  project: (member, _args, { loaders }) => loaders.project.load(member.source.id),
};

const MemberInterface: MemberInterfaceResolvers = {
  __resolveType: (member) => (member.source.kind === 'project' ? 'ProjectMember' : 'GroupMember'),
};

const AccessLevel: AccessLevelResolvers = {
  integerValue: (level) => level,
  stringValue: (level) => LEVEL_NAMES[level] ?? null,
};

/**
 * `Group.groupMembers` and `Project.projectMembers`: the members lists of the REST API and the
 * members page, as GitLab's GraphQL pages them. The group or project was found readable already.
 */
export const memberResolvers: Pick<
  Resolvers,
  'GroupMember' | 'ProjectMember' | 'MemberInterface' | 'AccessLevel'
> = {
  GroupMember,
  ProjectMember,
  MemberInterface,
  AccessLevel,
};

/** `Group.groupMembers`. */
export const groupMemberFields: Pick<GroupResolvers, 'groupMembers'> = {
  groupMembers: (group, args, { db }) =>
    offsetConnection(args, PAGE_LIMITS.maxPageSize, (page) =>
      listMembersOf(db, { kind: 'group', group }, relationOf(args.relations), searchOf(args.search), page),
    ),
};

/** `Project.projectMembers`. */
export const projectMemberFields: Pick<ProjectResolvers, 'projectMembers'> = {
  projectMembers: async (project, args, { db, loaders }) => {
    const namespace = await loaders.namespace.load(project.namespace_id);
    if (!namespace) throw new Error(`Project ${project.id} has no namespace`);
    return offsetConnection(args, PAGE_LIMITS.maxPageSize, (page) =>
      listMembersOf(
        db,
        { kind: 'project', project: { project, namespace } },
        relationOf(args.relations),
        searchOf(args.search),
        page,
      ),
    );
  },
};

function searchOf(search: string | null | undefined) {
  return { search: search?.slice(0, 255) || undefined, order: 'name' as const };
}
