import { GraphQLError } from 'graphql';
import { parseGlobalId } from '../../../core/domain/gid.ts';
import type { ListOperation } from '../../services/issues/issueCommands.ts';
import {
  createMergeRequest,
  type MergeRequestChanges,
  peopleIdsFor,
  updateMergeRequest,
} from '../../services/mergeRequests/mergeRequestCommands.ts';
import { mergeMergeRequest } from '../../services/mergeRequests/mergeRequestMerge.ts';
import {
  findReadableMergeRequest,
  type MergeRequestInProject,
} from '../../services/mergeRequests/mergeRequestQueries.ts';
import { requestReReview } from '../../services/mergeRequests/mergeRequestReviews.ts';
import { findReadableProject } from '../../services/projectService.ts';
import { setMergeRequestSubscription } from '../../services/subscriptionService.ts';
import type { GraphQLContext } from '../context.ts';
import type { MutationOperationMode, MutationResolvers } from '../generated/resolvers.ts';
import { parseIid } from './argumentValues.ts';
import { payloadErrors, requireWriteAccess } from './mutationSupport.ts';
import { labelIds } from './mutations.ts';

/**
 * GitLab's merge request mutations: thin adapters that find the merge request the caller may read
 * (anything else is GitLab's "resource not available") and hand the change to the merge request
 * services, which check mergeRequestRights, validate and save in one transaction.
 */

interface MergeRequestAddress {
  readonly projectPath: string;
  readonly iid: string;
  readonly clientMutationId?: string | null | undefined;
}

const OPERATIONS: Record<MutationOperationMode, ListOperation> = {
  REPLACE: 'replace',
  APPEND: 'append',
  REMOVE: 'remove',
};

async function locate(context: GraphQLContext, address: MergeRequestAddress): Promise<MergeRequestInProject> {
  const place = await findReadableProject(context.db, context.access, address.projectPath);
  return findReadableMergeRequest(context.db, context.access, place, parseIid(address.iid) ?? Number.NaN);
}

/** Finds the merge request, applies the changes `changesOf` makes for it, and answers GitLab's payload. */
function mutateMergeRequest(
  context: GraphQLContext,
  address: MergeRequestAddress,
  changesOf: (located: MergeRequestInProject) => MergeRequestChanges | Promise<MergeRequestChanges>,
) {
  requireWriteAccess(context);
  return payloadErrors(async () => {
    const located = await locate(context, address);
    const mergeRequest = await updateMergeRequest(
      context.db,
      context.access,
      located,
      await changesOf(located),
    );
    return { clientMutationId: address.clientMutationId ?? null, mergeRequest, errors: [] };
  });
}

function globalIdNumber(id: string, type: 'Milestone' | 'User'): number {
  const parsed = parseGlobalId(id, [type]);
  if (!parsed.ok) throw new GraphQLError(parsed.error);
  return parsed.value.id;
}

export const mergeRequestMutations: Pick<
  MutationResolvers,
  | 'mergeRequestCreate'
  | 'mergeRequestUpdate'
  | 'mergeRequestSetAssignees'
  | 'mergeRequestSetReviewers'
  | 'mergeRequestSetLabels'
  | 'mergeRequestSetMilestone'
  | 'mergeRequestSetDraft'
  | 'mergeRequestSetLocked'
  | 'mergeRequestSetSubscription'
  | 'mergeRequestAccept'
  | 'mergeRequestReviewerRereview'
> = {
  mergeRequestCreate: (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const place = await findReadableProject(context.db, context.access, input.projectPath);
      const mergeRequest = await createMergeRequest(context.db, context.access, place, {
        title: input.title,
        description: input.description ?? undefined,
        sourceBranch: input.sourceBranch,
        targetBranch: input.targetBranch,
        labels: input.labels ?? undefined,
      });
      return { clientMutationId: input.clientMutationId ?? null, mergeRequest, errors: [] };
    });
  },
  mergeRequestUpdate: (_parent, { input }, context) =>
    mutateMergeRequest(context, input, () => ({
      title: input.title ?? undefined,
      description: input.description ?? undefined,
      targetBranch: input.targetBranch ?? undefined,
      stateEvent: input.state ? (input.state === 'CLOSED' ? 'close' : 'reopen') : undefined,
    })),
  mergeRequestSetAssignees: (_parent, { input }, context) =>
    mutateMergeRequest(context, input, async ({ mergeRequest }) => ({
      assigneeIds: await peopleIdsFor(
        context.db,
        mergeRequest,
        'merge_request_assignees',
        input.assigneeUsernames,
        OPERATIONS[input.operationMode ?? 'REPLACE'],
      ),
    })),
  mergeRequestSetReviewers: (_parent, { input }, context) =>
    mutateMergeRequest(context, input, async ({ mergeRequest }) => ({
      reviewerIds: await peopleIdsFor(
        context.db,
        mergeRequest,
        'merge_request_reviewers',
        input.reviewerUsernames,
        OPERATIONS[input.operationMode ?? 'REPLACE'],
      ),
    })),
  mergeRequestSetLabels: (_parent, { input }, context) => {
    const ids = labelIds(input.labelIds) ?? [];
    const operation = OPERATIONS[input.operationMode ?? 'REPLACE'];
    return mutateMergeRequest(context, input, () =>
      operation === 'replace'
        ? { labelIds: ids }
        : operation === 'append'
          ? { addLabelIds: ids }
          : { removeLabelIds: ids },
    );
  },
  mergeRequestSetMilestone: (_parent, { input }, context) => {
    const milestoneId = input.milestoneId == null ? null : globalIdNumber(input.milestoneId, 'Milestone');
    return mutateMergeRequest(context, input, () => ({ milestoneId }));
  },
  mergeRequestSetDraft: (_parent, { input }, context) =>
    mutateMergeRequest(context, input, () => ({ draft: input.draft })),
  mergeRequestSetLocked: (_parent, { input }, context) =>
    mutateMergeRequest(context, input, () => ({ discussionLocked: input.locked })),
  mergeRequestSetSubscription: (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const { mergeRequest } = await locate(context, input);
      await setMergeRequestSubscription(context.db, context.access, mergeRequest, input.subscribedState);
      return { clientMutationId: input.clientMutationId ?? null, mergeRequest, errors: [] };
    });
  },
  // A merge the merge request's state refuses answers the merge request as it is, with why in
  // `errors` (GitLab's accept); a caller who may not merge gets "resource not available".
  mergeRequestAccept: (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const located = await locate(context, input);
      const outcome = await payloadErrors(() =>
        mergeMergeRequest(context.db, context.access, located, {
          sha: input.sha,
          squash: input.squash ?? false,
        }),
      );
      const merged = 'errors' in outcome ? null : outcome;
      return {
        clientMutationId: input.clientMutationId ?? null,
        mergeRequest: merged ?? located.mergeRequest,
        errors: 'errors' in outcome ? outcome.errors : [],
      };
    });
  },
  mergeRequestReviewerRereview: (_parent, { input }, context) => {
    requireWriteAccess(context);
    const reviewerId = globalIdNumber(input.userId, 'User');
    return payloadErrors(async () => {
      const located = await locate(context, input);
      await requestReReview(context.db, context.access, located, reviewerId);
      return {
        clientMutationId: input.clientMutationId ?? null,
        mergeRequest: located.mergeRequest,
        errors: [],
      };
    });
  },
};
