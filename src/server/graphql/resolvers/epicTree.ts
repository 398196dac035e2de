import { GraphQLError } from 'graphql';
import { parseGlobalId, toGlobalId } from '../../../core/domain/gid.ts';
import { epicWebPath } from '../../../core/domain/webPaths.ts';
import { seesHiddenIssues } from '../../services/access.ts';
import { reorderEpicTree } from '../../services/tree/epicTreeReorderService.ts';
import { listEpicIssues } from '../../services/tree/epicTreeService.ts';
import type { TreeNodeRef } from '../../services/tree/treePositions.ts';
import { keysetConnection } from '../connection.ts';
import type { GraphQLContext } from '../context.ts';
import type {
  EpicIssueConnectionResolvers,
  EpicIssueResolvers,
  EpicResolvers,
  IssueResolvers,
  MutationResolvers,
} from '../generated/resolvers.ts';
import { rootedKey } from '../loaders.ts';
import type { IssueModel } from '../models.ts';
import { idOf } from './argumentValues.ts';
import { Issue } from './issue.ts';
import { requireWriteAccess } from './mutationSupport.ts';

function treeNodeOf(value: string): TreeNodeRef {
  const parsed = parseGlobalId(value, ['Epic', 'EpicIssue']);
  if (!parsed.ok) throw new GraphQLError(parsed.error);
  return { kind: parsed.value.type === 'Epic' ? 'epic' : 'epic_issue', id: parsed.value.id };
}

const blocked = (issue: IssueModel, context: GraphQLContext) =>
  context.loaders.issueBlocked.load(rootedKey(issue.root_namespace_id, issue.id));

/** Fields the tree adds to `Epic`. */
export const epicTreeFields: Pick<EpicResolvers, 'issues'> = {
  issues: async (epic, args, context) => {
    const page = await listEpicIssues(
      context.db,
      epic,
      await context.viewerScope(epic.root_namespace_id),
      context.actor.user?.id ?? null,
      seesHiddenIssues(context.access),
      args,
    );
    // The cursors carry the link's position and id: the issues are in the order of their links.
    return keysetConnection(
      page,
      (node) => node.epic_issue_position,
      page.count,
      (node) => node.epic_issue_id,
    );
  },
};

/** Fields the tree adds to `Issue`. */
export const issueTreeFields: Pick<IssueResolvers, 'blocked'> = {
  blocked: (issue, _args, context) => blocked(issue, context),
};

/** An issue as an epic's child: the issue's fields, its link's id, path and position. */
export const EpicIssue: EpicIssueResolvers = {
  ...(Issue as EpicIssueResolvers),
  blocked: (issue, _args, context) => blocked(issue, context),
  epicIssueId: (issue) => toGlobalId('EpicIssue', issue.epic_issue_id),
  relativePosition: (issue) => issue.epic_issue_position,
  relationPath: async (issue, _args, { loaders }) => {
    const epic = await loaders.epic.load(issue.epic_issue_epic_id);
    const group = epic ? await loaders.namespace.load(epic.group_id) : null;
    return epic && group ? `${epicWebPath(group.full_path, epic.iid)}/issues/${issue.epic_issue_id}` : null;
  },
};

/** The lazy total, as on every other connection. */
export const EpicIssueConnection: EpicIssueConnectionResolvers = {
  count: (connection) => connection.count(),
};

export const epicTreeMutations: Pick<MutationResolvers, 'epicTreeReorder'> = {
  epicTreeReorder: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    const { moved } = input;
    const { errors } = await reorderEpicTree(context.db, context.access, {
      baseEpicId: idOf(input.baseEpicId),
      moved: treeNodeOf(moved.id),
      adjacent: moved.adjacentReferenceId ? treeNodeOf(moved.adjacentReferenceId) : null,
      relativePosition: moved.relativePosition ?? null,
      newParentId: moved.newParentId ? idOf(moved.newParentId) : null,
    });
    return { clientMutationId: input.clientMutationId ?? null, errors };
  },
};
