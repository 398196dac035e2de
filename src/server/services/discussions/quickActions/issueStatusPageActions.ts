import { STATUS_PAGE_TEXTS } from '../../../../core/domain/statusPage.ts';
import { markIssueForPublication } from '../../statusPage/statusPageMarking.ts';
import type { IssueActionContext, IssueActionState, IssueExplainContext } from './issueActionContext.ts';
import { ISSUE_ACTION_KIND } from './issueActionKind.ts';
import type { QuickActionDefinition } from './quickActionTypes.ts';

/**
 * `/publish` (GitLab's EE IssueActions): publishes a saved, non-confidential issue on the project's
 * active status page, for those who may mark issues for publication. The files are written in the
 * background; `published_incident` in the changes tells the page to show the pinned link.
 */

type IssueAction = QuickActionDefinition<IssueActionContext, IssueExplainContext, IssueActionState>;

const publish: IssueAction = {
  names: ['publish'],
  available: (state) => ISSUE_ACTION_KIND.persisted(state) && state.canPublishToStatusPage,
  explain: async () => STATUS_PAGE_TEXTS.publishExplanation,
  execute: async (context, _params, outcome) => {
    try {
      await markIssueForPublication(context.db, context.access, context.located);
      outcome.commandsChanges.published_incident = true;
      outcome.messages.push(STATUS_PAGE_TEXTS.published);
    } catch {
      outcome.errorMessages.push(STATUS_PAGE_TEXTS.publishFailed);
    }
  },
};

export const issueStatusPageActions: readonly IssueAction[] = [publish];
