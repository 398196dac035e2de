import type { ItemActionKind, ItemActionState, ItemExplainContext } from './itemActionKind.ts';
import { fixedAction, type QuickActionDefinition } from './quickActionTypes.ts';

/**
 * The commands about the actor's own following of an item, shared by issues and epics: a to-do
 * for it and the subscription to its notifications, through the kind's to-do and subscription
 * services.
 */
export function itemFollowActions<
  Context extends Explain,
  Explain extends State & ItemExplainContext,
  State extends ItemActionState,
>(kind: ItemActionKind<Context, Explain, State>): QuickActionDefinition<Context, Explain, State>[] {
  const todo = fixedAction<Context, Explain, State>(
    ['todo'],
    { explanation: 'Adds a to-do item.', message: 'Added a to-do item.' },
    (state) => kind.persisted(state) && !state.pendingTodo,
    async (context, outcome) => {
      await kind.addTodo(context);
      outcome.commandsChanges.todo_event = 'add';
    },
  );

  const done = fixedAction<Context, Explain, State>(
    ['done'],
    { explanation: 'Marks to-do item as done.', message: 'Marked to-do item as done.' },
    (state) => kind.persisted(state) && state.pendingTodo,
    async (context, outcome) => {
      await kind.markTodosDone(context);
      outcome.commandsChanges.todo_event = 'done';
    },
  );

  const subscribe = fixedAction<Context, Explain, State>(
    ['subscribe'],
    { explanation: 'Subscribes to notifications.', message: 'Subscribed to notifications.' },
    (state) => kind.persisted(state) && !state.subscribed,
    async (context, outcome) => {
      await kind.setSubscription(context, true);
      outcome.commandsChanges.subscription_event = 'subscribe';
    },
  );

  const unsubscribe = fixedAction<Context, Explain, State>(
    ['unsubscribe'],
    { explanation: 'Unsubscribes from notifications.', message: 'Unsubscribed from notifications.' },
    (state) => kind.persisted(state) && state.subscribed,
    async (context, outcome) => {
      await kind.setSubscription(context, false);
      outcome.commandsChanges.subscription_event = 'unsubscribe';
    },
  );

  return [todo, done, subscribe, unsubscribe];
}
