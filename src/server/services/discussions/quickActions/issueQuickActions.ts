import { nounFor } from '../../../../core/domain/plural.ts';
import {
  milestoneReference,
  milestoneTitleOf,
  toSentence,
  usernamesOf,
  weightOf,
} from '../../../../core/domain/quickActions.ts';
import { listMilestones } from '../../../db/repositories/milestoneRepository.ts';
import { findUsersByUsernames } from '../../../db/repositories/userRepository.ts';
import type { MilestoneRow, UserRow } from '../../../db/schema.ts';
import { reactAction } from './awardActions.ts';
import type { IssueActionContext, IssueActionState, IssueExplainContext } from './issueActionContext.ts';
import { ISSUE_ACTION_KIND, saveIssue } from './issueActionKind.ts';
import { issueEpicActions } from './issueEpicActions.ts';
import { issueStatusPageActions } from './issueStatusPageActions.ts';
import { issueZoomActions } from './issueZoomActions.ts';
import { itemFieldActions } from './itemFieldActions.ts';
import { itemFollowActions } from './itemFollowActions.ts';
import { itemLinkActions } from './itemLinkActions.ts';
import { fixedAction, type QuickActionDefinition } from './quickActionTypes.ts';

/**
 * The issue's quick actions (GitLab's IssuableActions, IssueActions, IssueAndMergeRequestActions
 * and their EE parts): those it shares with epics, and its own below, each changing the issue
 * through updateIssue, as the sidebar does: the same permission checks, validation and side effects.
 */

type IssueAction = QuickActionDefinition<IssueActionContext, IssueExplainContext, IssueActionState>;

/** GitLab's set_issue_metadata: labels, milestone, assignees, dates, weight, lock, confidentiality. */
const { canSetMetadata, persisted } = ISSUE_ACTION_KIND;

/** Active users named by `@name` or `me`, in the order named. */
async function usersOf(context: IssueExplainContext, params: string): Promise<UserRow[]> {
  const names = usernamesOf(params, context.user.username).slice(0, 100);
  const found = await findUsersByUsernames(context.db, names);
  const byName = new Map(found.map((user) => [user.username.toLowerCase(), user]));
  return names.flatMap((name) => {
    const user = byName.get(name.toLowerCase());
    return user && user.state === 'active' ? [user] : [];
  });
}

const references = (users: readonly UserRow[]) => toSentence(users.map((user) => `@${user.username}`));

const assign: IssueAction = {
  names: ['assign'],
  available: canSetMetadata,
  explain: async (context, params) => {
    const users = await usersOf(context, params);
    return users.length ? `Assigns ${references(users)}.` : null;
  },
  execute: async (context, params, outcome) => {
    const users = await usersOf(context, params);
    if (users.length === 0) {
      outcome.errorMessages.push('Failed to assign a user because no user was found.');
      return;
    }
    const ids = [...new Set([...context.assignees.map((user) => user.id), ...users.map((user) => user.id)])];
    await saveIssue(context, { assigneeIds: ids });
    outcome.commandsChanges.assignee_ids = ids;
    outcome.messages.push(`Assigned ${references(users)}.`);
  },
};

async function assigneesForRemoval(context: IssueExplainContext, params: string): Promise<UserRow[]> {
  if (params === '') return [...context.assignees];
  const named = new Set((await usersOf(context, params)).map((user) => user.id));
  return context.assignees.filter((user) => named.has(user.id));
}

const removedAssignees = (users: readonly UserRow[]) =>
  `${nounFor(users.length, 'assignee')} ${references(users)}`;

const unassign: IssueAction = {
  names: ['unassign'],
  available: (context) => persisted(context) && context.assignees.length > 0 && canSetMetadata(context),
  explain: async (context, params) => {
    const users = await assigneesForRemoval(context, params);
    return users.length ? `Removes ${removedAssignees(users)}.` : null;
  },
  execute: async (context, params, outcome) => {
    const users = await assigneesForRemoval(context, params);
    if (users.length === 0) return;
    const removed = new Set(users.map((user) => user.id));
    const ids = context.assignees.map((user) => user.id).filter((id) => !removed.has(id));
    await saveIssue(context, { assigneeIds: ids });
    outcome.commandsChanges.assignee_ids = ids;
    outcome.messages.push(`Removed ${removedAssignees(users)}.`);
  },
};

/** A milestone of the project or a group above it with the title named (`%v1`, `%"v 1"`, `v1`). */
async function milestoneOf(context: IssueExplainContext, params: string): Promise<MilestoneRow | null> {
  const title = milestoneTitleOf(params);
  if (title === '') return null;
  const { project, namespace } = context.scope;
  const found = await listMilestones(
    context.db,
    { groupIds: namespace.traversal_ids, projectIds: [project.id], title },
    { offset: 0, limit: 1 },
  );
  return found.rows[0] ?? null;
}

const milestone: IssueAction = {
  names: ['milestone'],
  available: (context) => canSetMetadata(context) && context.anyActiveMilestone,
  explain: async (context, params) => {
    const found = await milestoneOf(context, params);
    return found ? `Sets the milestone to ${milestoneReference(found.title)}.` : null;
  },
  execute: async (context, params, outcome) => {
    const found = await milestoneOf(context, params);
    if (!found) return;
    await saveIssue(context, { milestoneId: found.id });
    outcome.commandsChanges.milestone_id = found.id;
    outcome.messages.push(`Set the milestone to ${milestoneReference(found.title)}.`);
  },
};

const removeMilestone: IssueAction = {
  names: ['remove_milestone'],
  available: (context) => persisted(context) && context.milestone !== null && canSetMetadata(context),
  explain: async (context) => `Removes ${milestoneReference(context.milestone?.title ?? '')} milestone.`,
  execute: async (context, _params, outcome) => {
    await saveIssue(context, { milestoneId: null });
    outcome.commandsChanges.milestone_id = null;
    outcome.messages.push(`Removed ${milestoneReference(context.milestone?.title ?? '')} milestone.`);
  },
};

const removeDueDate = fixedAction<IssueActionContext, IssueExplainContext, IssueActionState>(
  ['remove_due_date'],
  { explanation: 'Removes the due date.', message: 'Removed the due date.' },
  (context) => persisted(context) && context.hasDueDate && canSetMetadata(context),
  async (context, outcome) => {
    await saveIssue(context, { dueDate: null });
    outcome.commandsChanges.due_date = null;
  },
);

const weight: IssueAction = {
  names: ['weight'],
  available: canSetMetadata,
  explain: async (_context, params) => {
    const value = weightOf(params);
    return value === null ? null : `Sets weight to ${value}.`;
  },
  execute: async (context, params, outcome) => {
    const value = weightOf(params);
    if (value === null) return;
    await saveIssue(context, { weight: value });
    outcome.commandsChanges.weight = value;
    outcome.messages.push(`Set weight to ${value}.`);
  },
};

const clearWeight = fixedAction<IssueActionContext, IssueExplainContext, IssueActionState>(
  ['clear_weight'],
  { explanation: 'Clears weight.', message: 'Cleared weight.' },
  (context) => persisted(context) && context.hasWeight && canSetMetadata(context),
  async (context, outcome) => {
    await saveIssue(context, { weight: null });
    outcome.commandsChanges.weight = null;
  },
);

const lock = fixedAction<IssueActionContext, IssueExplainContext, IssueActionState>(
  ['lock'],
  { explanation: 'Locks the discussion.', message: 'Locked the discussion.' },
  (context) => persisted(context) && !context.discussionLocked && canSetMetadata(context),
  async (context, outcome) => {
    await saveIssue(context, { discussionLocked: true });
    outcome.commandsChanges.discussion_locked = true;
  },
);

const unlock = fixedAction<IssueActionContext, IssueExplainContext, IssueActionState>(
  ['unlock'],
  { explanation: 'Unlocks the discussion.', message: 'Unlocked the discussion.' },
  (context) => persisted(context) && context.discussionLocked && canSetMetadata(context),
  async (context, outcome) => {
    await saveIssue(context, { discussionLocked: false });
    outcome.commandsChanges.discussion_locked = false;
  },
);

/** Every quick action an issue knows, in GitLab's order of definition. */
export const ISSUE_QUICK_ACTIONS: readonly IssueAction[] = [
  ...itemFieldActions(ISSUE_ACTION_KIND),
  removeDueDate,
  assign,
  unassign,
  milestone,
  removeMilestone,
  lock,
  unlock,
  weight,
  clearWeight,
  ...issueEpicActions,
  ...issueZoomActions,
  ...issueStatusPageActions,
  ...itemFollowActions(ISSUE_ACTION_KIND),
  ...itemLinkActions(ISSUE_ACTION_KIND),
  reactAction(persisted, (context) => ({ type: 'Issue', located: context.located })),
];
