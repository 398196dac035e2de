import { parseGlobalId } from '../../../core/domain/gid.ts';
import { findReadableGroupOrNull, listReadableGroups } from '../../services/groupService.ts';
import { findReadableIssueByIdOrNull } from '../../services/issueService.ts';
import { findReadableProjectOrNull, listReadableProjects } from '../../services/projectService.ts';
import { offsetConnection, PAGE_LIMITS } from '../connection.ts';
import type { QueryResolvers } from '../generated/resolvers.ts';

export const Query: QueryResolvers = {
  currentUser: (_parent, _args, { actor }) => actor.user,
  group: (_parent, { fullPath }, { db, access }) => findReadableGroupOrNull(db, access, fullPath),
  project: async (_parent, { fullPath }, { db, access }) =>
    (await findReadableProjectOrNull(db, access, fullPath))?.project ?? null,
  groups: (_parent, args, { db, access }) =>
    offsetConnection(args, PAGE_LIMITS.maxPageSize, (page) =>
      listReadableGroups(
        db,
        access,
        { search: args.search ?? undefined, topLevelOnly: args.topLevelOnly ?? undefined },
        page,
      ),
    ),
  projects: (_parent, args, { db, access }) =>
    offsetConnection(args, PAGE_LIMITS.maxPageSize, (page) =>
      listReadableProjects(
        db,
        access,
        {
          search: args.search ?? undefined,
          membershipOnly: args.membership ?? undefined,
          orderBy: 'name',
          sort: 'asc',
        },
        page,
      ),
    ),
  queryComplexity: (_parent, _args, context) => context.complexity ?? null,
  workItem: async (_parent, { id }, { db, access }) => {
    const parsed = parseGlobalId(id, ['WorkItem']);
    if (!parsed.ok) return null;
    return (await findReadableIssueByIdOrNull(db, access, parsed.value.id))?.issue ?? null;
  },
};
