import { describe, expect, it } from 'vitest';
import { type EpicTreeNodeFieldsInput, treeReorderInput, treeSortingId } from './treeReorder.ts';

const E = (id: number) => `gid://gitlab/Epic/${id}`;
const I = (id: number) => `gid://gitlab/EpicIssue/${id}`;

describe('the id a tree item is moved by', () => {
  it('is the Epic gid for an epic and the EpicIssue gid for an issue', () => {
    expect(treeSortingId('epic', 7, null)).toBe(E(7));
    expect(treeSortingId('issue', 1234, 55)).toBe(I(55));
    expect(() => treeSortingId('issue', 1234, null)).toThrow('epicIssueId');
  });
});

describe("GitLab's reorder rule within one list", () => {
  // Children a..e; `siblings` is the list without the moved item, as the model knows it.
  const list = [E(1), E(2), I(3), I(4), I(5)];
  const without = (index: number) => list.filter((_, i) => i !== index);

  it.each<[string, number, number, EpicTreeNodeFieldsInput]>([
    [
      'to the top → after the old first',
      2,
      0,
      { id: I(3), adjacentReferenceId: E(1), relativePosition: 'after' },
    ],
    [
      'to the bottom → before the old last',
      1,
      4,
      { id: E(2), adjacentReferenceId: I(5), relativePosition: 'before' },
    ],
    [
      'down in the middle → before the item at newIndex',
      0,
      2,
      { id: E(1), adjacentReferenceId: I(3), relativePosition: 'before' },
    ],
    [
      'down by one → before the next',
      1,
      2,
      { id: E(2), adjacentReferenceId: I(3), relativePosition: 'before' },
    ],
    [
      'up in the middle → after the item at newIndex',
      4,
      1,
      { id: I(5), adjacentReferenceId: E(2), relativePosition: 'after' },
    ],
    [
      'up by one → after the previous',
      3,
      2,
      { id: I(4), adjacentReferenceId: I(3), relativePosition: 'after' },
    ],
    ['from the bottom to the top', 4, 0, { id: I(5), adjacentReferenceId: E(1), relativePosition: 'after' }],
    ['from the top to the bottom', 0, 4, { id: E(1), adjacentReferenceId: I(5), relativePosition: 'before' }],
  ])('moving %s', (_name, oldIndex, newIndex, expected) => {
    const movedId = list[oldIndex]!;
    expect(treeReorderInput({ movedId, siblings: without(oldIndex), oldIndex, newIndex })).toEqual(expected);
  });

  it('treats a swap of two as a move to the top or the bottom', () => {
    expect(treeReorderInput({ movedId: E(2), siblings: [E(1)], oldIndex: 1, newIndex: 0 })).toEqual({
      id: E(2),
      adjacentReferenceId: E(1),
      relativePosition: 'after',
    });
    expect(treeReorderInput({ movedId: E(1), siblings: [E(2)], oldIndex: 0, newIndex: 1 })).toEqual({
      id: E(1),
      adjacentReferenceId: E(2),
      relativePosition: 'before',
    });
  });
});

describe("GitLab's reorder rule into another parent", () => {
  it.each<[string, string[], number, EpicTreeNodeFieldsInput]>([
    [
      'at the top: after-relation to the first child',
      [I(3), I(4)],
      0,
      { id: E(9), adjacentReferenceId: I(3), relativePosition: 'after', newParentId: E(2) },
    ],
    [
      'in the middle: after-relation to the child now at newIndex',
      [I(3), I(4), I(5)],
      2,
      { id: E(9), adjacentReferenceId: I(5), relativePosition: 'after', newParentId: E(2) },
    ],
    [
      'past the end: before-relation to the last child',
      [I(3), I(4)],
      2,
      { id: E(9), adjacentReferenceId: I(4), relativePosition: 'before', newParentId: E(2) },
    ],
    [
      'into an empty parent: no adjacent item, before',
      [],
      0,
      { id: E(9), relativePosition: 'before', newParentId: E(2) },
    ],
  ])('%s', (_name, siblings, newIndex, expected) => {
    expect(
      treeReorderInput({ movedId: E(9), siblings, oldIndex: null, newIndex, newParentId: E(2) }),
    ).toEqual(expected);
  });
});
