import { splitQuickActionParams } from '../../../../core/domain/quickActions.ts';
import { findEpicIssueByIssueId } from '../../../db/repositories/epicLinkRepository.ts';
import { setIssueEpic } from '../../issues/issueEpic.ts';
import { resolveEpicReferences } from '../../links/referenceResolver.ts';
import type { IssueActionContext, IssueActionState, IssueExplainContext } from './issueActionContext.ts';
import { ISSUE_ACTION_KIND } from './issueActionKind.ts';
import { fixedAction, type QuickActionDefinition } from './quickActionTypes.ts';

/**
 * The issue's quick actions about its epic (GitLab's EE IssueActions), through setIssueEpic as the
 * sidebar's epic select uses it.
 */

type IssueAction = QuickActionDefinition<IssueActionContext, IssueExplainContext, IssueActionState>;

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
  (context) => ISSUE_ACTION_KIND.persisted(context) && context.rights.canAdmin,
  async (context, outcome) => {
    await setIssueEpic(context.db, context.access, context.located, null);
    outcome.commandsChanges.epic = null;
  },
);

export const issueEpicActions: readonly IssueAction[] = [epic, removeEpic];
