import type { StoredWorkItemType } from './workItemTypes.ts';

/**
 * GitLab's work item hierarchy rules (WorkItems::ParentLink, Issue#parent_link_confidentiality) for
 * the types stored here: a Task hangs under an Issue or an Incident of the same project, has one
 * parent, and a confidential parent takes confidential children only. The texts are GitLab's.
 */

/** GitLab's cap on a parent's children (WorkItems::ParentLink::MAX_CHILDREN). */
export const MAX_WORK_ITEM_CHILDREN = 5000;

export const HIERARCHY_MESSAGES = {
  typeNotAllowed: 'is not allowed to add this type of parent',
  otherProject: 'parent must be in the same project as child.',
  tooManyChildren: 'parent already has maximum number of children.',
  confidentialParent:
    'cannot assign a non-confidential work item to a confidential parent. Make the work item confidential and try again.',
  ownParent: 'is already present in ancestors',
  alreadyHasParent: 'already assigned to a parent',
  notFound: 'No matching work item found. Make sure that you are adding a valid work item ID.',
  parentAndChildren: 'A Work Item can be a parent or a child, but not both.',
  nonConfidentialChild: 'A non-confidential issue cannot have a confidential parent.',
  confidentialWithPublicChildren:
    'A confidential issue must have only confidential children. Make any child items confidential and try again.',
} as const;

/** Parent types each child type accepts (GitLab's hierarchy restrictions). */
const ALLOWED_PARENT_TYPES: Readonly<Record<StoredWorkItemType, readonly StoredWorkItemType[]>> = {
  task: ['issue', 'incident'],
  issue: [],
  incident: [],
};

export interface HierarchyItem {
  readonly id: number;
  readonly projectId: number;
  readonly type: StoredWorkItemType;
  readonly confidential: boolean;
}

export const allowedParentTypes = (child: StoredWorkItemType): readonly StoredWorkItemType[] =>
  ALLOWED_PARENT_TYPES[child];

export const allowedChildTypes = (parent: StoredWorkItemType): StoredWorkItemType[] =>
  (Object.keys(ALLOWED_PARENT_TYPES) as StoredWorkItemType[]).filter((child) =>
    ALLOWED_PARENT_TYPES[child].includes(parent),
  );

/**
 * Why `child` may not hang under `parent` (GitLab's link error, without the child's reference), or
 * null when it may. `childCount` is the parent's children before this one.
 */
export function parentLinkError(
  parent: HierarchyItem,
  child: HierarchyItem,
  childCount: number,
): string | null {
  if (parent.id === child.id) return HIERARCHY_MESSAGES.ownParent;
  if (!ALLOWED_PARENT_TYPES[child.type].includes(parent.type)) return HIERARCHY_MESSAGES.typeNotAllowed;
  if (parent.projectId !== child.projectId) return HIERARCHY_MESSAGES.otherProject;
  if (parent.confidential && !child.confidential) return HIERARCHY_MESSAGES.confidentialParent;
  if (childCount >= MAX_WORK_ITEM_CHILDREN) return HIERARCHY_MESSAGES.tooManyChildren;
  return null;
}

/** GitLab's "#{reference} cannot be added: #{reason}" for a refused link. */
export const cannotBeAdded = (reference: string, reason: string): string =>
  `${reference} cannot be added: ${reason}`;

/** A new child's confidentiality: a confidential parent makes it confidential unless it asked otherwise. */
export const newChildConfidential = (requested: boolean | undefined, parent: HierarchyItem | null): boolean =>
  requested ?? parent?.confidential ?? false;

/**
 * Why a change of confidentiality is refused, or null: a child may not turn public under a
 * confidential parent, and a parent may not turn confidential over public children.
 */
export function confidentialityChangeError(
  confidential: boolean,
  parent: Pick<HierarchyItem, 'confidential'> | null,
  hasPublicChildren: boolean,
): string | null {
  if (!confidential && parent?.confidential) return HIERARCHY_MESSAGES.nonConfidentialChild;
  if (confidential && hasPublicChildren) return HIERARCHY_MESSAGES.confidentialWithPublicChildren;
  return null;
}
