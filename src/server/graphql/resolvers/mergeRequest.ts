import { toGlobalId } from '../../../core/domain/gid.ts';
import { issuableReference } from '../../../core/domain/references.ts';
import { mergeRequestWebPath } from '../../../core/domain/webPaths.ts';
import type { MergeRequestResolvers } from '../generated/resolvers.ts';

export const MergeRequest: MergeRequestResolvers = {
  id: (mergeRequest) => toGlobalId('MergeRequest', mergeRequest.id),
  iid: (mergeRequest) => String(mergeRequest.iid),
  sourceBranch: (mergeRequest) => mergeRequest.source_branch,
  targetBranch: (mergeRequest) => mergeRequest.target_branch,
  mergeable: (mergeRequest) => mergeRequest.state === 'opened' && mergeRequest.can_merge,
  author: (mergeRequest, _args, { loaders }) => loaders.user.load(mergeRequest.author_id),
  createdAt: (mergeRequest) => mergeRequest.created_at.toISOString(),
  updatedAt: (mergeRequest) => mergeRequest.updated_at.toISOString(),
  reference: async (mergeRequest, { full }, { loaders }) =>
    issuableReference(
      'merge_request',
      mergeRequest.iid,
      (await loaders.project.load(mergeRequest.project_id))?.full_path ?? '',
      full ?? false,
    ),
  webPath: async (mergeRequest, _args, { loaders }) =>
    mergeRequestWebPath(
      (await loaders.project.load(mergeRequest.project_id))?.full_path ?? '',
      mergeRequest.iid,
    ),
  webUrl: async (mergeRequest, _args, { loaders, config }) =>
    `${config.externalUrl}${mergeRequestWebPath((await loaders.project.load(mergeRequest.project_id))?.full_path ?? '', mergeRequest.iid)}`,
};
