import { GraphQLError } from 'graphql';
import { parseGlobalId } from '../../../core/domain/gid.ts';
import { mayWrite } from '../../services/actor.ts';
import {
  createEpic,
  deleteEpic,
  type EpicChanges,
  findReadableEpic,
  updateEpic,
} from '../../services/epicService.ts';
import { duplicateKeyError, ServiceError } from '../../services/errors.ts';
import { findReadableGroup } from '../../services/groupService.ts';
import type { GraphQLContext } from '../context.ts';
import type { CreateEpicInput, MutationResolvers, UpdateEpicInput } from '../generated/resolvers.ts';
import { parseIid, resourceNotAvailable } from './common.ts';

/**
 * Mutations need a signed-in user whose credentials allow writes (a `read_api` token does not).
 * GitLab refuses both with its "resource not available" error.
 */
function requireWriteAccess(context: GraphQLContext): void {
  if (!context.actor.user || !mayWrite(context.actor)) throw resourceNotAvailable();
}

/** Expected failures go into the payload's `errors`; missing or forbidden things are top-level errors. */
async function payloadErrors<T extends object>(run: () => Promise<T>): Promise<T | { errors: string[] }> {
  try {
    return await run();
  } catch (thrown) {
    const error = duplicateKeyError(thrown) ?? thrown;
    if (error instanceof ServiceError) {
      if (error.kind === 'not_found' || error.kind === 'forbidden' || error.kind === 'unauthorized') {
        throw resourceNotAvailable();
      }
      return { errors: [error.message] };
    }
    throw error;
  }
}

function labelIds(ids: readonly string[] | null | undefined): number[] | undefined {
  return ids?.map((id) => {
    const parsed = /^\d+$/.test(id) ? { ok: true as const, id: Number(id) } : parseGlobalId(id, ['Label']);
    if (!parsed.ok) throw new GraphQLError(parsed.message);
    return parsed.id;
  });
}

function changesOf(input: CreateEpicInput | UpdateEpicInput): EpicChanges {
  const parentId =
    'parentId' in input && input.parentId != null
      ? (() => {
          const parsed = parseGlobalId(input.parentId, ['Epic']);
          if (!parsed.ok) throw new GraphQLError(parsed.message);
          return parsed.id;
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
  };
}

export const Mutation: MutationResolvers = {
  createEpic: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const group = await findReadableGroup(context.db, context.access, input.groupPath);
      const epic = await createEpic(context.db, context.access, group, changesOf(input));
      return { clientMutationId: input.clientMutationId, epic, errors: [] };
    });
  },
  updateEpic: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    const { iid, groupPath, clientMutationId, ...attributes } = input;
    if (Object.values(attributes).every((value) => value === undefined)) {
      throw new GraphQLError('The list of epic attributes is empty');
    }
    return payloadErrors(async () => {
      const group = await findReadableGroup(context.db, context.access, groupPath);
      const epic = await findReadableEpic(context.db, context.access, group, parseIid(iid) ?? Number.NaN);
      const updated = await updateEpic(context.db, context.access, group, epic, changesOf(input));
      return { clientMutationId, epic: updated, errors: [] };
    });
  },
  destroyEpic: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const group = await findReadableGroup(context.db, context.access, input.groupPath);
      const epic = await findReadableEpic(
        context.db,
        context.access,
        group,
        parseIid(input.iid) ?? Number.NaN,
      );
      await deleteEpic(context.db, context.access, group, epic);
      return { clientMutationId: input.clientMutationId, errors: [] };
    });
  },
};
