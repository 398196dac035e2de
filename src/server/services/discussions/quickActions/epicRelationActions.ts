import { canAdminEpic } from '../../access.ts';
import { type EpicInGroup, findReadableEpic } from '../../epics/epicQueries.ts';
import { addChildEpicById, removeChildEpic } from '../../links/epicLinkService.ts';
import { type EpicActionContext, epicReferenceFrom, ownEpic, referencedEpic } from './epicActionContext.ts';
import { NO_PERMISSION, type QuickActionDefinition } from './quickActionTypes.ts';

/**
 * An epic's quick actions about its parent and children (GitLab's EE EpicActions), through the epic
 * tree's service (epicLinkService), so that the tree's rules hold (depth, cycles, confidentiality,
 * admin of both epics). Its linked epics are the commands it shares with issues (itemLinkActions).
 */

type EpicAction = QuickActionDefinition<EpicActionContext, EpicActionContext, EpicActionContext>;

const canAdminRelation = (context: EpicActionContext) => context.canAdminRelation;

const related = (a: EpicInGroup['epic'], b: EpicInGroup['epic']) =>
  a.parent_id === b.id || b.parent_id === a.id;

/** GitLab's validate_update: the reason the other epic cannot become parent or child, or null. */
async function updateProblem(
  context: EpicActionContext,
  other: EpicInGroup | null,
  relation: 'Parent' | 'Child',
): Promise<string | null> {
  if (!other) return `${relation} epic does not exist.`;
  if (related(context.epic, other.epic)) return 'Given epic is already related to this epic.';
  if (!(await canAdminEpic(context.access, other.group, other.epic))) return NO_PERMISSION;
  return null;
}

const parentEpic: EpicAction = {
  names: ['parent_epic', 'set_parent_epic'],
  available: canAdminRelation,
  explain: async (context, params) => {
    const parent = await referencedEpic(context, params);
    return parent ? `Sets ${epicReferenceFrom(context, parent)} as parent epic.` : null;
  },
  execute: async (context, params, outcome) => {
    const parent = await referencedEpic(context, params);
    const problem = await updateProblem(context, parent, 'Parent');
    if (problem || !parent) {
      outcome.errorMessages.push(problem ?? NO_PERMISSION);
      return;
    }
    context.epic = await addChildEpicById(context.db, context.access, parent, context.epic.id);
    outcome.commandsChanges.quick_action_assign_to_parent_epic = parent.epic.id;
    outcome.messages.push(`Set ${epicReferenceFrom(context, parent)} as the parent epic.`);
  },
};

async function currentParent(context: EpicActionContext): Promise<EpicInGroup | null> {
  const parentId = context.epic.parent_id;
  if (parentId === null) return null;
  return findReadableEpic(context.db, context.access, { id: parentId }, { missing: 'null' });
}

const removeParentEpic: EpicAction = {
  names: ['remove_parent_epic'],
  available: canAdminRelation,
  explain: async (context) => {
    const parent = await currentParent(context);
    return parent ? `Removes parent epic ${epicReferenceFrom(context, parent)}.` : null;
  },
  execute: async (context, _params, outcome) => {
    const parent = await currentParent(context);
    if (!parent) {
      outcome.errorMessages.push('Parent epic is not present.');
      return;
    }
    if (!(await canAdminEpic(context.access, parent.group, parent.epic))) {
      outcome.errorMessages.push(NO_PERMISSION);
      return;
    }
    context.epic = await removeChildEpic(context.db, context.access, parent, context.epic.id);
    outcome.messages.push(`Removed parent epic ${epicReferenceFrom(context, parent)}.`);
  },
};

const childEpic: EpicAction = {
  names: ['child_epic', 'add_child_epic'],
  available: canAdminRelation,
  explain: async (context, params) => {
    const child = await referencedEpic(context, params);
    return child ? `Adds ${epicReferenceFrom(context, child)} as child epic.` : null;
  },
  execute: async (context, params, outcome) => {
    const child = await referencedEpic(context, params);
    const problem = await updateProblem(context, child, 'Child');
    if (problem || !child) {
      outcome.errorMessages.push(problem ?? NO_PERMISSION);
      return;
    }
    await addChildEpicById(context.db, context.access, ownEpic(context), child.epic.id);
    outcome.commandsChanges.quick_action_assign_child_epic = child.epic.id;
    outcome.messages.push(`Added ${epicReferenceFrom(context, child)} as a child epic.`);
  },
};

const removeChildEpicAction: EpicAction = {
  names: ['remove_child_epic'],
  available: canAdminRelation,
  explain: async (context, params) => {
    const child = await referencedEpic(context, params);
    return child ? `Removes ${epicReferenceFrom(context, child)} from child epics.` : null;
  },
  execute: async (context, params, outcome) => {
    const child = await referencedEpic(context, params);
    let problem: string | null = null;
    if (!child) problem = 'Child epic is not present.';
    else if (child.epic.parent_id !== context.epic.id) problem = 'Child epic does not exist.';
    else if (!(await canAdminEpic(context.access, child.group, child.epic))) problem = NO_PERMISSION;
    if (problem || !child) {
      outcome.errorMessages.push(problem ?? NO_PERMISSION);
      return;
    }
    await removeChildEpic(context.db, context.access, ownEpic(context), child.epic.id);
    outcome.messages.push(`Removed ${epicReferenceFrom(context, child)} from child epics.`);
  },
};

export const epicRelationActions: readonly EpicAction[] = [
  parentEpic,
  removeParentEpic,
  childEpic,
  removeChildEpicAction,
];
