import { describe, expect, it } from 'vitest';
import { rollupTierOfLevel, rollupTierOfScope } from './epicRollupRepository.ts';

const PUBLIC = 20;
const INTERNAL = 10;
const PRIVATE = 0;

/** A root namespace: a public root, an internal and a private subgroup, a project in each. */
const groups = [
  { id: 1, visibility_level: PUBLIC },
  { id: 2, visibility_level: INTERNAL },
  { id: 3, visibility_level: PRIVATE },
];
const projects = [
  { id: 11, visibility_level: PUBLIC },
  { id: 12, visibility_level: INTERNAL },
  { id: 13, visibility_level: PRIVATE },
];

const scope = (
  groupIds: number[],
  projectIds: number[],
  confidentialGroupIds: number[] = [],
  confidentialProjectIds: number[] = [],
) => ({ groupIds, projectIds, confidentialGroupIds, confidentialProjectIds });

describe('rollupTierOfLevel', () => {
  it('ranks public, internal and private as tiers 0, 1 and 2', () => {
    expect([PUBLIC, INTERNAL, PRIVATE].map(rollupTierOfLevel)).toEqual([0, 1, 2]);
  });
});

describe('rollupTierOfScope', () => {
  it.each([
    ['an anonymous visitor', scope([1], [11]), 0],
    ['a signed-in non-member', scope([1, 2], [11, 12]), 1],
    ['a guest of the root', scope([1, 2, 3], [11, 12, 13]), 2],
    ['a reporter of the root', scope([1, 2, 3], [11, 12, 13], [1, 2, 3], [11, 12, 13]), 3],
    ['the same reporter, ids in another order', scope([3, 1, 2], [13, 12, 11], [2, 3, 1], [12, 11, 13]), 3],
  ])('answers %s from tier %i', (_who, visible, tier) => {
    expect(rollupTierOfScope(visible, groups, projects)).toBe(tier);
  });

  it.each([
    ['a member of the private subgroup only', scope([1, 2, 3], [11, 12])],
    ['someone who sees one private project but not its group', scope([1, 2], [11, 12, 13])],
    ['a reporter of one subgroup', scope([1, 2, 3], [11, 12, 13], [2], [12])],
    [
      'someone who sees confidential epics but not confidential issues',
      scope([1, 2, 3], [11, 12, 13], [1, 2, 3]),
    ],
    [
      'someone who sees confidential items without the private ones',
      scope([1, 2], [11, 12], [1, 2], [11, 12]),
    ],
    ['a scope with a group of another root namespace', scope([1, 99], [11])],
  ])('leaves %s to the subtree walk', (_who, visible) => {
    expect(rollupTierOfScope(visible, groups, projects)).toBeNull();
  });
});
