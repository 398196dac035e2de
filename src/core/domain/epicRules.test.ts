import { describe, expect, it } from 'vitest';
import { contrastTextColor } from './colors.ts';
import {
  confidentialParentError,
  EPIC_HIERARCHY_MESSAGES,
  type FieldErrors,
  type ParentAssignment,
  parentAssignmentError,
  validateDescription,
  validateTitle,
} from './epicRules.ts';
import { parseGlobalId, toGlobalId } from './gid.ts';
import { keepOneLabelPerScope, labelScope } from './labels.ts';
import { issuableReference } from './references.ts';

const link = (overrides: Partial<ParentAssignment>): ParentAssignment => ({
  childId: 10,
  childGroupTraversalIds: [1, 2],
  childConfidential: false,
  childSubtreeHeight: 1,
  parentId: 20,
  parentGroupId: 1,
  parentConfidential: false,
  parentAncestorIds: [],
  parentChildCount: 0,
  ...overrides,
});

describe('epic hierarchy rules', () => {
  it('allows a child in the parent group or a subgroup of it', () => {
    expect(parentAssignmentError(link({}))).toBeNull();
    expect(parentAssignmentError(link({ parentGroupId: 2 }))).toBeNull();
  });

  it.each([
    ['itself', { parentId: 10 }, EPIC_HIERARCHY_MESSAGES.itself],
    ['an ancestor of the parent', { parentAncestorIds: [30, 10] }, EPIC_HIERARCHY_MESSAGES.alreadyAncestor],
    ['a parent in another hierarchy', { parentGroupId: 99 }, EPIC_HIERARCHY_MESSAGES.otherHierarchy],
    [
      'a parent at depth 6 with a two-level subtree',
      { parentAncestorIds: [1, 2, 3, 4, 5], childSubtreeHeight: 2 },
      EPIC_HIERARCHY_MESSAGES.tooDeep,
    ],
    [
      'a leaf under a parent at depth 7',
      { parentAncestorIds: [1, 2, 3, 4, 5, 6] },
      EPIC_HIERARCHY_MESSAGES.tooDeep,
    ],
    ['a 101st child', { parentChildCount: 100 }, EPIC_HIERARCHY_MESSAGES.tooManyChildren],
    [
      'a public child under a confidential parent',
      { parentConfidential: true },
      EPIC_HIERARCHY_MESSAGES.confidentialParent,
    ],
  ])('refuses %s', (_name, overrides, message) => {
    expect(parentAssignmentError(link(overrides))).toBe(message);
  });

  it('allows the seventh level exactly', () => {
    expect(parentAssignmentError(link({ parentAncestorIds: [1, 2, 3, 4, 5] }))).toBeNull();
  });

  it('keeps only confidential children under a confidential parent, whichever side changes', () => {
    expect(confidentialParentError(false, true)).toBe(EPIC_HIERARCHY_MESSAGES.confidentialParent);
    expect(confidentialParentError(true, true)).toBeNull();
    expect(confidentialParentError(true, false)).toBeNull();
    expect(confidentialParentError(false, false)).toBeNull();
  });
});

describe('labels, colours, ids and references', () => {
  it('keeps one label per scope, the last applied', () => {
    const labels = [{ title: 'priority::high' }, { title: 'frontend' }, { title: 'priority::low' }];
    expect(keepOneLabelPerScope(labels).map((label) => label.title)).toEqual(['frontend', 'priority::low']);
    expect(labelScope('workflow::in dev')).toBe('workflow');
    expect(labelScope('a::b::c')).toBe('a::b');
    expect(labelScope('plain')).toBeNull();
  });

  it('picks readable text on a label colour', () => {
    expect(contrastTextColor('#1068bf')).toBe('#FFFFFF');
    expect(contrastTextColor('#ffff00')).toBe('#1F1E24');
    expect(contrastTextColor('#fff')).toBe('#1F1E24');
  });

  it('round-trips global ids and rejects malformed ones with GitLab messages', () => {
    expect(toGlobalId('Epic', 41)).toBe('gid://gitlab/Epic/41');
    expect(parseGlobalId('gid://gitlab/Epic/41', ['Epic'])).toEqual({
      ok: true,
      value: { type: 'Epic', id: 41 },
    });
    expect(parseGlobalId('41')).toEqual({ ok: false, error: '41 is not a valid GitLab ID.' });
    expect(parseGlobalId('gid://gitlab/Issue/3', ['Epic'])).toEqual({
      ok: false,
      error: 'gid://gitlab/Issue/3 is not a valid ID for Epic.',
    });
  });

  it('writes short and full references', () => {
    expect(issuableReference('epic', 5, 'acme/platform', false)).toBe('&5');
    expect(issuableReference('epic', 5, 'acme/platform', true)).toBe('acme/platform&5');
    expect(issuableReference('issue', 7, 'acme/api', true)).toBe('acme/api#7');
    expect(issuableReference('merge_request', 2, 'acme/api', false)).toBe('!2');
  });
});

describe('epic text rules', () => {
  it('trims titles and refuses blank, overlong and NUL-bearing ones', () => {
    const errors: FieldErrors = {};
    expect(validateTitle('  Ship it  ', errors, true)).toBe('Ship it');
    expect(errors).toEqual({});
    const blank: FieldErrors = {};
    validateTitle('   ', blank, true);
    expect(blank).toEqual({ title: ["can't be blank"] });
    const long: FieldErrors = {};
    validateTitle('x'.repeat(256), long, true);
    expect(long).toEqual({ title: ['is too long (maximum is 255 characters)'] });
    const nul: FieldErrors = {};
    validateTitle('a\u0000b', nul, true);
    expect(nul).toEqual({ title: ['must not contain null characters'] });
  });

  it('refuses a description with a NUL character', () => {
    const errors: FieldErrors = {};
    validateDescription('x\u0000', errors);
    expect(errors).toEqual({ description: ['must not contain null characters'] });
  });
});
