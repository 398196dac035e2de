import { splitQuickActionParams } from '../../../../core/domain/quickActions.ts';
import { issuableReference } from '../../../../core/domain/references.ts';
import { type IssueChanges, updateIssue } from '../../issues/issueCommands.ts';
import { resolveIssueReferences } from '../../links/referenceResolver.ts';
import { addRelatedIssues, listRelatedIssues, removeRelatedIssue } from '../../links/relatedLinkService.ts';
import { setIssueSubscription } from '../../subscriptionService.ts';
import { addIssueTodo, markAllOwnTodosDone } from '../../todoService.ts';
import type { IssueActionContext, IssueActionState, IssueExplainContext } from './issueActionContext.ts';
import type { ItemActionKind, LinkedItem } from './itemActionKind.ts';

/** Saves through updateIssue, as the sidebar does; later commands see the saved issue. */
export async function saveIssue(context: IssueActionContext, changes: IssueChanges): Promise<void> {
  const issue = await updateIssue(context.db, context.access, context.located, changes);
  context.located = { ...context.located, issue };
}

async function linkedIssueOf(context: IssueExplainContext, params: string): Promise<LinkedItem | null> {
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

/**
 * An issue for the commands it shares with epics: metadata is GitLab's set_issue_metadata
 * (admin_issue), the title and state update_issue, links admin_issue_link; commands that need a
 * saved issue stay text in a new issue's description.
 */
export const ISSUE_ACTION_KIND: ItemActionKind<IssueActionContext, IssueExplainContext, IssueActionState> = {
  noun: 'issue',
  persisted: (state) => !state.creating,
  canUpdate: (state) => state.rights.canUpdate,
  canSetMetadata: (state) => state.rights.canAdmin,
  canAdminLinks: (state) => state.canAdminLink,
  isOpen: (state) => state.open,
  isConfidential: (state) => state.confidential,
  labelGroup: (context) => context.scope.namespace,
  save: saveIssue,
  replaceLabels: (context, labels) => saveIssue(context, { labelIds: labels.map((label) => label.id) }),
  setDueDate: (context, date) => saveIssue(context, { dueDate: date }),
  addTodo: async (context) => {
    await addIssueTodo(context.db, context.access, context.located, context.access.now());
  },
  markTodosDone: async (context) => {
    const target = { type: 'Issue' as const, id: context.located.issue.id };
    await markAllOwnTodosDone(context.db, context.access, context.access.now(), target);
  },
  setSubscription: (context, subscribed) =>
    setIssueSubscription(context.db, context.access, context.located.issue, subscribed),
  addLinks: async (context, references, linkType) => {
    await addRelatedIssues(context.db, context.access, context.located, references, linkType);
  },
  linkedItem: linkedIssueOf,
  removeLink: (context, linkId) => removeRelatedIssue(context.db, context.access, context.located, linkId),
};
