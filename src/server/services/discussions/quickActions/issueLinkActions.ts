import { splitQuickActionParams, toSentence } from '../../../../core/domain/quickActions.ts';
import { issuableReference } from '../../../../core/domain/references.ts';
import { findEpicIssueByIssueId } from '../../../db/repositories/epicLinkRepository.ts';
import { setIssueEpic } from '../../issues/issueEpic.ts';
import { resolveEpicReferences, resolveIssueReferences } from '../../links/referenceResolver.ts';
import {
  addRelatedIssues,
  type LinkType,
  listRelatedIssues,
  removeRelatedIssue,
} from '../../links/relatedLinkService.ts';
import { setIssueSubscription } from '../../subscriptionService.ts';
import { addIssueTodo, markAllOwnTodosDone } from '../../todoService.ts';
import type { IssueActionContext, IssueActionState, IssueExplainContext } from './issueActionContext.ts';
import { fixedAction, type QuickActionDefinition } from './quickActionTypes.ts';

/**
 * The issue's quick actions that act beside the issue rather than on its fields: its epic, the
 * actor's to-do and subscription, and its linked items. Each goes through the service the sidebar
 * and the cards use (setIssueEpic, todoService, subscriptionService, relatedLinkService).
 */

type IssueAction = QuickActionDefinition<IssueActionContext, IssueExplainContext, IssueActionState>;

const persisted = (context: IssueActionState) => !context.creating;

const EPIC_NOT_FOUND = "This epic does not exist or you don't have sufficient permission.";

async function epicOf(context: IssueExplainContext, params: string) {
  const [reference] = splitQuickActionParams(params);
  if (reference === undefined) return null;
  const [found] = await resolveEpicReferences(context.db, context.access, context.scope.namespace, [
    reference,
  ]);
  return found ?? null;
}

const epic: IssueAction = {
  names: ['epic', 'set_parent'],
  available: (context) => context.rights.canAdmin,
  explain: async () => 'Adds an issue to an epic.',
  execute: async (context, params, outcome) => {
    const found = await epicOf(context, params);
    if (!found) {
      outcome.errorMessages.push(EPIC_NOT_FOUND);
      return;
    }
    const { issue } = context.located;
    const link = await findEpicIssueByIssueId(context.db, issue.id);
    if (link?.epic_id === found.epic.id) {
      outcome.errorMessages.push(`Issue #${issue.iid} has already been added to epic &${found.epic.iid}.`);
      return;
    }
    await setIssueEpic(context.db, context.access, context.located, found.epic.id);
    outcome.commandsChanges.epic = found.epic.id;
    outcome.messages.push('Added an issue to an epic.');
  },
};

const removeEpic = fixedAction<IssueActionContext, IssueExplainContext, IssueActionState>(
  ['remove_epic'],
  { explanation: 'Removes an issue from an epic.', message: 'Removed an issue from an epic.' },
  (context) => persisted(context) && context.rights.canAdmin,
  async (context, outcome) => {
    await setIssueEpic(context.db, context.access, context.located, null);
    outcome.commandsChanges.epic = null;
  },
);

const todo = fixedAction<IssueActionContext, IssueExplainContext, IssueActionState>(
  ['todo'],
  { explanation: 'Adds a to-do item.', message: 'Added a to-do item.' },
  (context) => persisted(context) && !context.pendingTodo,
  async (context, outcome) => {
    await addIssueTodo(context.db, context.access, context.located, context.access.now());
    outcome.commandsChanges.todo_event = 'add';
  },
);

const done = fixedAction<IssueActionContext, IssueExplainContext, IssueActionState>(
  ['done'],
  { explanation: 'Marks to-do item as done.', message: 'Marked to-do item as done.' },
  (context) => persisted(context) && context.pendingTodo,
  async (context, outcome) => {
    const target = { type: 'Issue' as const, id: context.located.issue.id };
    await markAllOwnTodosDone(context.db, context.access, context.access.now(), target);
    outcome.commandsChanges.todo_event = 'done';
  },
);

const subscribe = fixedAction<IssueActionContext, IssueExplainContext, IssueActionState>(
  ['subscribe'],
  { explanation: 'Subscribes to notifications.', message: 'Subscribed to notifications.' },
  (context) => persisted(context) && !context.subscribed,
  async (context, outcome) => {
    await setIssueSubscription(context.db, context.access, context.located.issue, true);
    outcome.commandsChanges.subscription_event = 'subscribe';
  },
);

const unsubscribe = fixedAction<IssueActionContext, IssueExplainContext, IssueActionState>(
  ['unsubscribe'],
  { explanation: 'Unsubscribes from notifications.', message: 'Unsubscribed from notifications.' },
  (context) => persisted(context) && context.subscribed,
  async (context, outcome) => {
    await setIssueSubscription(context.db, context.access, context.located.issue, false);
    outcome.commandsChanges.subscription_event = 'unsubscribe';
  },
);

/** `/relate`, `/blocks` and `/blocked_by`: GitLab names the targets as they were typed. */
function linkAction(
  name: string,
  linkType: LinkType,
  explanation: (targets: string) => string,
  message: (targets: string) => string,
): IssueAction {
  return {
    names: [name],
    available: (context) => persisted(context) && context.canAdminLink,
    explain: async (_context, params) => (params === '' ? null : explanation(toSentence(params.split(' ')))),
    execute: async (context, params, outcome) => {
      const targets = params.split(' ').filter((reference) => reference !== '');
      if (targets.length === 0) return;
      await addRelatedIssues(context.db, context.access, context.located, targets, linkType);
      outcome.messages.push(message(toSentence(targets)));
    },
  };
}

const relate = linkAction(
  'relate',
  'relates_to',
  (targets) => `Added ${targets} as a linked item related to this issue.`,
  (targets) => `Added ${targets} as a linked item related to this issue.`,
);
const blocks = linkAction(
  'blocks',
  'blocks',
  (targets) => `Set this issue as blocking ${targets}.`,
  (targets) => `Added ${targets} as a linked item blocked by this issue.`,
);
const blockedBy = linkAction(
  'blocked_by',
  'is_blocked_by',
  (targets) => `Set this issue as blocked by ${targets}.`,
  (targets) => `Added ${targets} as a linked item blocking this issue.`,
);

async function linkedIssueOf(context: IssueExplainContext, params: string) {
  const { db, access, located } = context;
  const [reference] = splitQuickActionParams(params);
  if (reference === undefined || located === null) return null;
  const [other] = await resolveIssueReferences(
    db,
    access,
    { namespace: located.namespace, project: located },
    [reference],
  );
  if (!other) return null;
  const links = await listRelatedIssues(db, access, located);
  const link = links.find((view) => view.issue.id === other.issue.id);
  if (!link) return null;
  const sameProject = other.project.id === located.project.id;
  return {
    linkId: link.linkId,
    reference: issuableReference('issue', other.issue.iid, other.project.full_path, !sameProject),
  };
}

const unlink: IssueAction = {
  names: ['unlink'],
  available: (context) => persisted(context) && context.canAdminLink,
  explain: async (context, params) => {
    const linked = await linkedIssueOf(context, params);
    return linked ? `Removes linked item ${linked.reference}.` : null;
  },
  execute: async (context, params, outcome) => {
    const linked = await linkedIssueOf(context, params);
    if (!linked) {
      outcome.errorMessages.push('No linked issue matches the provided parameter.');
      return;
    }
    await removeRelatedIssue(context.db, context.access, context.located, linked.linkId);
    outcome.messages.push(`Removed linked item ${linked.reference}.`);
  },
};

export const issueLinkActions: readonly IssueAction[] = [
  epic,
  removeEpic,
  todo,
  done,
  subscribe,
  unsubscribe,
  relate,
  blocks,
  blockedBy,
  unlink,
];
