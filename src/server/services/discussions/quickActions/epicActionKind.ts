import type { EpicChanges } from '../../epics/epicChanges.ts';
import { updateEpic } from '../../epics/epicCommands.ts';
import { addRelatedEpics, listRelatedEpics, removeRelatedEpic } from '../../links/relatedLinkService.ts';
import { setEpicSubscription } from '../../subscriptionService.ts';
import { addEpicTodo, markAllOwnTodosDone } from '../../todoService.ts';
import { type EpicActionContext, epicReferenceFrom, ownEpic, referencedEpic } from './epicActionContext.ts';
import type { ItemActionKind, LinkedItem } from './itemActionKind.ts';

/** Saves through updateEpic, as the sidebar does; later commands see the saved epic. */
async function saveEpic(context: EpicActionContext, changes: EpicChanges): Promise<void> {
  context.epic = await updateEpic(context.db, context.access, context.group, context.epic, changes);
}

async function linkedEpicOf(context: EpicActionContext, params: string): Promise<LinkedItem | null> {
  const other = await referencedEpic(context, params);
  if (!other) return null;
  const links = await listRelatedEpics(context.db, context.access, ownEpic(context));
  const link = links.find((view) => view.epic.id === other.epic.id);
  return link ? { linkId: link.linkId, reference: epicReferenceFrom(context, other) } : null;
}

/**
 * An epic for the commands it shares with issues, changed through updateEpic and the to-do,
 * subscription and related-items services as its sidebar does. GitLab's set_epic_metadata and
 * update_epic are one right here, the epic sidebar's update_epic; links need admin_epic_relation.
 */
export const EPIC_ACTION_KIND: ItemActionKind<EpicActionContext, EpicActionContext, EpicActionContext> = {
  noun: 'epic',
  persisted: () => true,
  canUpdate: (context) => context.canUpdate,
  canSetMetadata: (context) => context.canUpdate,
  canAdminLinks: (context) => context.canAdminRelation,
  isOpen: (context) => context.epic.state === 'opened',
  isConfidential: (context) => context.epic.confidential,
  labelGroup: (context) => context.group,
  save: saveEpic,
  replaceLabels: (context, labels) => saveEpic(context, { labels: labels.map((label) => label.title) }),
  /** The new epic look's `/due`: a fixed due date, as the epic sidebar's date picker sets it. */
  setDueDate: (context, date) => saveEpic(context, { dueDateFixed: date, dueDateIsFixed: true }),
  addTodo: async (context) => {
    await addEpicTodo(context.db, context.access, context.group, context.epic, context.access.now());
  },
  markTodosDone: async (context) => {
    const target = { type: 'Epic' as const, id: context.epic.id };
    await markAllOwnTodosDone(context.db, context.access, context.access.now(), target);
  },
  setSubscription: (context, subscribed) =>
    setEpicSubscription(context.db, context.access, context.epic, subscribed),
  addLinks: async (context, references, linkType) => {
    await addRelatedEpics(context.db, context.access, ownEpic(context), references, linkType);
  },
  linkedItem: linkedEpicOf,
  removeLink: (context, linkId) => removeRelatedEpic(context.db, context.access, ownEpic(context), linkId),
};
