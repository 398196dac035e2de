import { findReadableEpic } from '../../services/epics/epicQueries.ts';
import { epicParticipants } from '../../services/participantService.ts';
import { setEpicSubscription } from '../../services/subscriptionService.ts';
import { listConnection } from '../connection.ts';
import type { EpicResolvers, MutationResolvers } from '../generated/resolvers.ts';
import { parseIid } from './argumentValues.ts';
import { payloadErrors, requireWriteAccess } from './mutationSupport.ts';

/** The epic fields only the epic page's sidebar reads. */
export const epicSidebarFields: Pick<EpicResolvers, 'participants' | 'currentUserTodos'> = {
  participants: async (epic, _args, context) => {
    const group = await context.loaders.namespace.load(epic.group_id);
    if (!group) throw new Error(`Epic ${epic.id} has no group`);
    return listConnection(await epicParticipants(context.db, context.access, group, epic));
  },
  currentUserTodos: async (epic, { state }, { loaders }) => {
    const todos = await loaders.epicTodos.load(epic.id);
    return listConnection(state ? todos.filter((todo) => todo.state === state) : todos);
  },
};

export const epicSidebarMutations: Pick<MutationResolvers, 'epicSetSubscription'> = {
  epicSetSubscription: async (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const { epic } = await findReadableEpic(context.db, context.access, {
        groupPath: input.groupPath,
        iid: parseIid(input.iid) ?? Number.NaN,
      });
      await setEpicSubscription(context.db, context.access, epic, input.subscribedState);
      return { clientMutationId: input.clientMutationId ?? null, epic, errors: [] };
    });
  },
};
