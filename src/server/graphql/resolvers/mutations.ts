import { GraphQLError } from 'graphql';
import { parseGlobalId } from '../../../core/domain/gid.ts';
import { withEpicFeatureFlags } from '../../services/epicFeatureFlags.ts';
import type { EpicChanges } from '../../services/epics/epicChanges.ts';
import { createEpic, deleteEpic, updateEpic } from '../../services/epics/epicCommands.ts';
import { findReadableEpic } from '../../services/epics/epicQueries.ts';
import { findReadableGroupAtPath } from '../../services/groupService.ts';
import type { CreateEpicInput, MutationResolvers, UpdateEpicInput } from '../generated/resolvers.ts';
import { parseIid } from './argumentValues.ts';
import { payloadErrors, requireWriteAccess } from './mutationSupport.ts';

export function labelIds(ids: readonly string[] | null | undefined): number[] | undefined {
  return ids?.map((id) => {
    if (/^\d+$/.test(id)) return Number(id);
    const parsed = parseGlobalId(id, ['Label']);
    if (!parsed.ok) throw new GraphQLError(parsed.error);
    return parsed.value.id;
  });
}

function changesOf(input: CreateEpicInput | UpdateEpicInput): EpicChanges {
  const parentId =
    'parentId' in input && input.parentId != null
      ? (() => {
          const parsed = parseGlobalId(input.parentId, ['Epic']);
          if (!parsed.ok) throw new GraphQLError(parsed.error);
          return parsed.value.id;
        })()
      : undefined;
  return {
    title: input.title ?? undefined,
    description: input.description ?? undefined,
    confidential: input.confidential ?? undefined,
    color: input.color ?? undefined,
    startDateFixed: input.startDateFixed,
    dueDateFixed: input.dueDateFixed,
    startDateIsFixed: input.startDateIsFixed ?? undefined,
    dueDateIsFixed: input.dueDateIsFixed ?? undefined,
    addLabelIds: labelIds(input.addLabelIds),
    removeLabelIds: 'removeLabelIds' in input ? labelIds(input.removeLabelIds) : undefined,
    addLabels: input.addLabels ?? undefined,
    stateEvent:
      'stateEvent' in input && input.stateEvent
        ? input.stateEvent === 'CLOSE'
          ? 'close'
          : 'reopen'
        : undefined,
    parentId,
    lockVersion: 'lockVersion' in input ? (input.lockVersion ?? undefined) : undefined,
  };
}

export const Mutation: MutationResolvers = {
  createEpic: async (_parent, { input: requested }, context) => {
    requireWriteAccess(context);
    const input = withEpicFeatureFlags(requested, context.config.featureFlags);
    return payloadErrors(async () => {
      const group = await findReadableGroupAtPath(context.db, context.access, input.groupPath);
      const epic = await createEpic(context.db, context.access, group, changesOf(input));
      return { clientMutationId: input.clientMutationId ?? null, epic, errors: [] };
    });
  },
  updateEpic: async (_parent, { input: requested }, context) => {
    requireWriteAccess(context);
    // A colour the flag does not allow is dropped before GitLab checks that something is left.
    const input = withEpicFeatureFlags(requested, context.config.featureFlags);
    // The lock version says which copy was edited; alone it changes nothing.
    const { iid, groupPath, clientMutationId, lockVersion: _lockVersion, ...attributes } = input;
    if (Object.values(attributes).every((value) => value === undefined)) {
      throw new GraphQLError('The list of epic attributes is empty');
    }
    return payloadErrors(async () => {
      const { group, epic } = await findReadableEpic(context.db, context.access, {
        groupPath,
        iid: parseIid(iid) ?? Number.NaN,
      });
      const updated = await updateEpic(context.db, context.access, group, epic, changesOf(input));
      return { clientMutationId: clientMutationId ?? null, epic: updated, errors: [] };
    });
  },
  destroyEpic: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const { group, epic } = await findReadableEpic(context.db, context.access, {
        groupPath: input.groupPath,
        iid: parseIid(input.iid) ?? Number.NaN,
      });
      await deleteEpic(context.db, context.access, group, epic);
      return { clientMutationId: input.clientMutationId ?? null, errors: [] };
    });
  },
};
