import { GraphQLError } from 'graphql';
import { parseGlobalId } from '../../../core/domain/gid.ts';
import { findReadableIssue, type IssueInProject } from '../../services/issueService.ts';
import {
  assigneeIdsFor,
  type IssueChanges,
  type ListOperation,
  updateIssue,
} from '../../services/issues/issueCommands.ts';
import { setIssueEpic } from '../../services/issues/issueEpic.ts';
import { findReadableProject } from '../../services/projectService.ts';
import { setIssueSubscription } from '../../services/subscriptionService.ts';
import type { GraphQLContext } from '../context.ts';
import type { IssueType, MutationOperationMode, MutationResolvers } from '../generated/resolvers.ts';
import { parseIid } from './argumentValues.ts';
import { payloadErrors, requireWriteAccess } from './mutationSupport.ts';
import { labelIds } from './mutations.ts';

/**
 * GitLab's issue mutations: thin adapters that find the issue the caller may read (anything else is
 * GitLab's "resource not available") and hand one IssueChanges to issueCommands.updateIssue, which
 * checks update_issue or admin_issue, validates and saves in one transaction.
 */

interface IssueAddress {
  readonly projectPath: string;
  readonly iid: string;
  readonly clientMutationId?: string | null | undefined;
}

const OPERATIONS: Record<MutationOperationMode, ListOperation> = {
  REPLACE: 'replace',
  APPEND: 'append',
  REMOVE: 'remove',
};

const ISSUE_TYPES: Partial<Record<IssueType, 'issue' | 'incident'>> = {
  ISSUE: 'issue',
  INCIDENT: 'incident',
};

async function locate(context: GraphQLContext, address: IssueAddress): Promise<IssueInProject> {
  const located = await findReadableProject(context.db, context.access, address.projectPath);
  const issue = await findReadableIssue(
    context.db,
    context.access,
    located,
    parseIid(address.iid) ?? Number.NaN,
  );
  return { ...located, issue };
}

/** Finds the issue, applies the changes `changesOf` makes for it, and answers GitLab's payload. */
function mutateIssue(
  context: GraphQLContext,
  address: IssueAddress,
  changesOf: (located: IssueInProject) => IssueChanges | Promise<IssueChanges>,
) {
  requireWriteAccess(context);
  return payloadErrors(async () => {
    const located = await locate(context, address);
    const issue = await updateIssue(context.db, context.access, located, await changesOf(located));
    return { clientMutationId: address.clientMutationId ?? null, issue, errors: [] };
  });
}

function milestoneId(id: string | null | undefined): number | null | undefined {
  if (id === undefined) return undefined;
  if (id === null) return null;
  const parsed = parseGlobalId(id, ['Milestone']);
  if (!parsed.ok) throw new GraphQLError(parsed.error);
  return parsed.value.id;
}

export const issueMutations: Pick<
  MutationResolvers,
  | 'updateIssue'
  | 'issueSetAssignees'
  | 'issueSetLabels'
  | 'issueSetMilestone'
  | 'issueSetDueDate'
  | 'issueSetWeight'
  | 'issueSetConfidential'
  | 'issueSetLocked'
  | 'issueSetEpic'
  | 'issueSetSubscription'
> = {
  updateIssue: (_parent, { input }, context) => {
    const { projectPath, iid, clientMutationId, ...attributes } = input;
    if (Object.values(attributes).every((value) => value === undefined)) {
      throw new GraphQLError('The list of issue attributes is empty');
    }
    const type = input.type ?? undefined;
    if (type !== undefined && ISSUE_TYPES[type] === undefined) {
      throw new GraphQLError(`Issue type ${type} cannot be set here`);
    }
    return mutateIssue(context, input, () => ({
      title: input.title ?? undefined,
      description: input.description ?? undefined,
      confidential: input.confidential ?? undefined,
      dueDate: input.dueDate,
      discussionLocked: input.locked ?? undefined,
      stateEvent: input.stateEvent ? (input.stateEvent === 'CLOSE' ? 'close' : 'reopen') : undefined,
      labelIds: labelIds(input.labelIds),
      addLabelIds: labelIds(input.addLabelIds),
      removeLabelIds: labelIds(input.removeLabelIds),
      milestoneId: milestoneId(input.milestoneId),
      weight: input.weight,
      healthStatus: input.healthStatus,
      issueType: type === undefined ? undefined : ISSUE_TYPES[type],
    }));
  },
  issueSetAssignees: (_parent, { input }, context) =>
    mutateIssue(context, input, async ({ issue }) => ({
      assigneeIds: await assigneeIdsFor(
        context.db,
        issue,
        input.assigneeUsernames,
        OPERATIONS[input.operationMode ?? 'REPLACE'],
      ),
    })),
  issueSetLabels: (_parent, { input }, context) => {
    const ids = labelIds(input.labelIds) ?? [];
    const operation = OPERATIONS[input.operationMode ?? 'REPLACE'];
    return mutateIssue(context, input, () =>
      operation === 'replace'
        ? { labelIds: ids }
        : operation === 'append'
          ? { addLabelIds: ids }
          : { removeLabelIds: ids },
    );
  },
  issueSetMilestone: (_parent, { input }, context) =>
    mutateIssue(context, input, () => ({ milestoneId: milestoneId(input.milestoneId ?? null) })),
  issueSetDueDate: (_parent, { input }, context) =>
    mutateIssue(context, input, () => ({ dueDate: input.dueDate ?? null })),
  issueSetWeight: (_parent, { input }, context) =>
    mutateIssue(context, input, () => ({ weight: input.weight ?? null })),
  issueSetConfidential: (_parent, { input }, context) =>
    mutateIssue(context, input, () => ({ confidential: input.confidential })),
  issueSetLocked: (_parent, { input }, context) =>
    mutateIssue(context, input, () => ({ discussionLocked: input.locked })),
  issueSetEpic: (_parent, { input }, context) => {
    requireWriteAccess(context);
    const epicId = input.epicId == null ? null : epicIdOf(String(input.epicId));
    return payloadErrors(async () => {
      const located = await locate(context, input);
      const issue = await setIssueEpic(context.db, context.access, located, epicId);
      return { clientMutationId: input.clientMutationId ?? null, issue, errors: [] };
    });
  },
  issueSetSubscription: (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const located = await locate(context, input);
      await setIssueSubscription(context.db, context.access, located.issue, input.subscribedState);
      return { clientMutationId: input.clientMutationId ?? null, issue: located.issue, errors: [] };
    });
  },
};

function epicIdOf(id: string): number {
  const parsed = parseGlobalId(id, ['Epic']);
  if (!parsed.ok) throw new GraphQLError(parsed.error);
  return parsed.value.id;
}
