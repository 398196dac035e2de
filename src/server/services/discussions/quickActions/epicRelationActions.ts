import { canAdminEpic } from '../../access.ts';
import { type EpicInGroup, findReadableEpic } from '../../epics/epicQueries.ts';
import { addChildEpicById, removeChildEpic } from '../../links/epicLinkService.ts';
import { resolveEpicReferences } from '../../links/referenceResolver.ts';
import {
  addRelatedEpics,
  type LinkType,
  listRelatedEpics,
  removeRelatedEpic,
} from '../../links/relatedLinkService.ts';
import {
  type EpicActionContext,
  epicReferenceFrom,
  firstReference,
  sentenceOf,
} from './epicActionContext.ts';
import { NO_PERMISSION, type QuickActionDefinition } from './quickActionTypes.ts';

/**
 * An epic's quick actions about other epics (GitLab's EE EpicActions and RelateActions): its parent
 * and children through the epic tree's service (epicLinkService), its linked epics through the
 * related-items card's (relatedLinkService), so that the tree's rules hold (depth, cycles,
 * confidentiality, admin of both epics).
 */

type EpicAction = QuickActionDefinition<EpicActionContext, EpicActionContext, EpicActionContext>;

const canAdminRelation = (context: EpicActionContext) => context.canAdminRelation;

async function epicOf(context: EpicActionContext, params: string): Promise<EpicInGroup | null> {
  const reference = firstReference(params);
  if (reference === undefined) return null;
  const [found] = await resolveEpicReferences(context.db, context.access, context.group, [reference]);
  return found ?? null;
}

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
    const parent = await epicOf(context, params);
    return parent ? `Sets ${epicReferenceFrom(context, parent)} as parent epic.` : null;
  },
  execute: async (context, params, outcome) => {
    const parent = await epicOf(context, params);
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

const self = (context: EpicActionContext): EpicInGroup => ({ group: context.group, epic: context.epic });

const childEpic: EpicAction = {
  names: ['child_epic', 'add_child_epic'],
  available: canAdminRelation,
  explain: async (context, params) => {
    const child = await epicOf(context, params);
    return child ? `Adds ${epicReferenceFrom(context, child)} as child epic.` : null;
  },
  execute: async (context, params, outcome) => {
    const child = await epicOf(context, params);
    const problem = await updateProblem(context, child, 'Child');
    if (problem || !child) {
      outcome.errorMessages.push(problem ?? NO_PERMISSION);
      return;
    }
    await addChildEpicById(context.db, context.access, self(context), child.epic.id);
    outcome.commandsChanges.quick_action_assign_child_epic = child.epic.id;
    outcome.messages.push(`Added ${epicReferenceFrom(context, child)} as a child epic.`);
  },
};

const removeChildEpicAction: EpicAction = {
  names: ['remove_child_epic'],
  available: canAdminRelation,
  explain: async (context, params) => {
    const child = await epicOf(context, params);
    return child ? `Removes ${epicReferenceFrom(context, child)} from child epics.` : null;
  },
  execute: async (context, params, outcome) => {
    const child = await epicOf(context, params);
    let problem: string | null = null;
    if (!child) problem = 'Child epic is not present.';
    else if (child.epic.parent_id !== context.epic.id) problem = 'Child epic does not exist.';
    else if (!(await canAdminEpic(context.access, child.group, child.epic))) problem = NO_PERMISSION;
    if (problem || !child) {
      outcome.errorMessages.push(problem ?? NO_PERMISSION);
      return;
    }
    await removeChildEpic(context.db, context.access, self(context), child.epic.id);
    outcome.messages.push(`Removed ${epicReferenceFrom(context, child)} from child epics.`);
  },
};

function linkAction(
  name: string,
  linkType: LinkType,
  explanation: (targets: string) => string,
  message: (targets: string) => string,
): EpicAction {
  return {
    names: [name],
    available: canAdminRelation,
    explain: async (_context, params) => (params === '' ? null : explanation(sentenceOf(params))),
    execute: async (context, params, outcome) => {
      const targets = params.split(' ').filter((reference) => reference !== '');
      if (targets.length === 0) return;
      await addRelatedEpics(context.db, context.access, self(context), targets, linkType);
      outcome.messages.push(message(sentenceOf(params)));
    },
  };
}

const relate = linkAction(
  'relate',
  'relates_to',
  (targets) => `Added ${targets} as a linked item related to this epic.`,
  (targets) => `Added ${targets} as a linked item related to this epic.`,
);
const blocks = linkAction(
  'blocks',
  'blocks',
  (targets) => `Set this epic as blocking ${targets}.`,
  (targets) => `Added ${targets} as a linked item blocked by this epic.`,
);
const blockedBy = linkAction(
  'blocked_by',
  'is_blocked_by',
  (targets) => `Set this epic as blocked by ${targets}.`,
  (targets) => `Added ${targets} as a linked item blocking this epic.`,
);

async function linkedEpicOf(context: EpicActionContext, params: string) {
  const other = await epicOf(context, params);
  if (!other) return null;
  const links = await listRelatedEpics(context.db, context.access, self(context));
  const link = links.find((view) => view.epic.id === other.epic.id);
  return link ? { linkId: link.linkId, reference: epicReferenceFrom(context, other) } : null;
}

const unlink: EpicAction = {
  names: ['unlink'],
  available: canAdminRelation,
  explain: async (context, params) => {
    const linked = await linkedEpicOf(context, params);
    return linked ? `Removes linked item ${linked.reference}.` : null;
  },
  execute: async (context, params, outcome) => {
    const linked = await linkedEpicOf(context, params);
    if (!linked) {
      outcome.errorMessages.push('No linked issue matches the provided parameter.');
      return;
    }
    await removeRelatedEpic(context.db, context.access, self(context), linked.linkId);
    outcome.messages.push(`Removed linked item ${linked.reference}.`);
  },
};

export const epicRelationActions: readonly EpicAction[] = [
  parentEpic,
  removeParentEpic,
  childEpic,
  removeChildEpicAction,
  relate,
  blocks,
  blockedBy,
  unlink,
];
