import { describe, expect, it } from 'vitest';
import {
  allowedChildTypes,
  allowedParentTypes,
  confidentialityChangeError,
  HIERARCHY_MESSAGES,
  type HierarchyItem,
  MAX_WORK_ITEM_CHILDREN,
  newChildConfidential,
  parentLinkError,
} from './workItemHierarchy.ts';
import { WORK_ITEM_TYPES, workItemTypeById, workItemTypeGlobalId, workItemTypeOf } from './workItemTypes.ts';

const issue: HierarchyItem = { id: 1, projectId: 10, type: 'issue', confidential: false };
const task: HierarchyItem = { id: 2, projectId: 10, type: 'task', confidential: false };

describe('work item hierarchy', () => {
  it('lets a task hang under an issue or an incident of its project', () => {
    expect(parentLinkError(issue, task, 0)).toBeNull();
    expect(parentLinkError({ ...issue, type: 'incident' }, task, 0)).toBeNull();
    expect(allowedParentTypes('task')).toEqual(['issue', 'incident']);
    expect(allowedChildTypes('issue')).toEqual(['task']);
    expect(allowedChildTypes('task')).toEqual([]);
  });

  it('refuses other parent types, other projects and the item itself', () => {
    expect(parentLinkError({ ...task, id: 3 }, task, 0)).toBe(HIERARCHY_MESSAGES.typeNotAllowed);
    expect(parentLinkError(issue, { ...issue, id: 4 }, 0)).toBe(HIERARCHY_MESSAGES.typeNotAllowed);
    expect(parentLinkError({ ...issue, projectId: 11 }, task, 0)).toBe(HIERARCHY_MESSAGES.otherProject);
    expect(parentLinkError(task, task, 0)).toBe(HIERARCHY_MESSAGES.ownParent);
  });

  it('keeps public children out of a confidential parent', () => {
    const secret = { ...issue, confidential: true };
    expect(parentLinkError(secret, task, 0)).toBe(HIERARCHY_MESSAGES.confidentialParent);
    expect(parentLinkError(secret, { ...task, confidential: true }, 0)).toBeNull();
  });

  it('stops at the maximum number of children', () => {
    expect(parentLinkError(issue, task, MAX_WORK_ITEM_CHILDREN - 1)).toBeNull();
    expect(parentLinkError(issue, task, MAX_WORK_ITEM_CHILDREN)).toBe(HIERARCHY_MESSAGES.tooManyChildren);
  });

  it('makes a new child of a confidential parent confidential unless it says otherwise', () => {
    expect(newChildConfidential(undefined, { ...issue, confidential: true })).toBe(true);
    expect(newChildConfidential(undefined, issue)).toBe(false);
    expect(newChildConfidential(undefined, null)).toBe(false);
    expect(newChildConfidential(false, { ...issue, confidential: true })).toBe(false);
  });

  it('refuses turning a child public under a confidential parent, or a parent secret over public children', () => {
    expect(confidentialityChangeError(false, { confidential: true }, false)).toBe(
      HIERARCHY_MESSAGES.nonConfidentialChild,
    );
    expect(confidentialityChangeError(true, null, true)).toBe(
      HIERARCHY_MESSAGES.confidentialWithPublicChildren,
    );
    expect(confidentialityChangeError(true, null, false)).toBeNull();
    expect(confidentialityChangeError(false, { confidential: false }, true)).toBeNull();
  });
});

describe('work item types', () => {
  it("carries GitLab's ids, names and icons", () => {
    expect(WORK_ITEM_TYPES.map((type) => `${type.id} ${type.name} ${type.iconName}`)).toEqual([
      '1 Issue issue-type-issue',
      '2 Incident issue-type-incident',
      '3 Test Case issue-type-test-case',
      '4 Requirement issue-type-requirements',
      '5 Task issue-type-task',
      '6 Objective issue-type-objective',
      '7 Key Result issue-type-keyresult',
      '8 Epic issue-type-epic',
    ]);
    expect(workItemTypeGlobalId(workItemTypeOf('task'))).toBe('gid://gitlab/WorkItems::Type/5');
    expect(workItemTypeById(9)).toBeUndefined();
  });
});
