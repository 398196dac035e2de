import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTreeInvariants, describeRows, makeEpicItem, makeIssueItem } from './treeFixtures.ts';
import { NO_MORE_PAGES, type TreeItemInput, type TreeItemKey, type TreePageInfo } from './treeItem.ts';
import { TreeModel } from './treeModel.ts';

const more = (patch: Partial<TreePageInfo>): TreePageInfo => ({ ...NO_MORE_PAGES, ...patch });

function treeWith(children: readonly TreeItemInput[], pageInfo = NO_MORE_PAGES): TreeModel {
  const model = new TreeModel();
  model.setRoot(makeEpicItem(1, { title: 'Root' }));
  model.receivePage('epic:1', { items: children, pageInfo, append: false });
  return model;
}

describe('the first page of a tree', () => {
  it('merges epics and issues by relative position, then opened before closed', () => {
    const model = treeWith([
      makeIssueItem(10, { relativePosition: 5 }),
      makeEpicItem(2, { relativePosition: 30, state: 'closed' }),
      makeEpicItem(3, { relativePosition: 20 }),
      makeIssueItem(11, { relativePosition: 1, state: 'closed' }),
      makeIssueItem(12, { relativePosition: null }),
    ]);
    expect(describeRows(model)).toEqual(['issue:12', 'issue:10', 'epic:3', 'issue:11', 'epic:2']);
    checkTreeInvariants(model);
  });

  it("adds a 'Show more' row after the children while either list has another page", () => {
    const model = treeWith([makeEpicItem(2)], more({ hasMoreIssues: true, issueEndCursor: 'abc' }));
    expect(describeRows(model)).toEqual(['epic:2', '[more epic:1]']);
    expect(model.pageInfoOf('epic:1')).toEqual(more({ hasMoreIssues: true, issueEndCursor: 'abc' }));
  });

  it('shows a chevron on epics the server says have children, before they are loaded', () => {
    const model = treeWith([makeEpicItem(2, { hasIssues: true }), makeEpicItem(3)]);
    expect(describeRows(model)).toEqual(['+ epic:2', 'epic:3']);
  });

  it('rejects an issue as a parent and an unknown parent', () => {
    const model = treeWith([makeIssueItem(10)]);
    const page = { items: [makeIssueItem(11)], pageInfo: NO_MORE_PAGES, append: false };
    expect(() => model.receivePage('issue:10', page)).toThrow('cannot have children');
    expect(() => model.receivePage('epic:99', page)).toThrow('unknown tree item');
  });
});

describe('expanding and collapsing', () => {
  it('shows a loading row while the first page of an expanded epic is fetched, then its children', () => {
    const model = treeWith([makeEpicItem(2, { hasChildren: true }), makeIssueItem(10)]);
    model.setExpanded('epic:2', true);
    model.setFetching('epic:2', true);
    expect(describeRows(model)).toEqual(['- epic:2', '  [loading epic:2]', 'issue:10']);
    model.receivePage('epic:2', {
      items: [makeEpicItem(3, { hasChildren: true }), makeIssueItem(11)],
      pageInfo: more({ hasMoreEpics: true }),
      append: false,
    });
    expect(describeRows(model)).toEqual([
      '- epic:2',
      '  + epic:3',
      '  issue:11',
      '  [more epic:2]',
      'issue:10',
    ]);
    checkTreeInvariants(model);
  });

  it('hides a subtree on collapse and shows it again, still loaded, on expand', () => {
    const model = treeWith([makeEpicItem(2), makeIssueItem(10)]);
    model.setExpanded('epic:2', true);
    model.receivePage('epic:2', { items: [makeEpicItem(3)], pageInfo: NO_MORE_PAGES, append: false });
    model.setExpanded('epic:3', true);
    model.receivePage('epic:3', { items: [makeIssueItem(12)], pageInfo: NO_MORE_PAGES, append: false });
    expect(describeRows(model)).toEqual(['- epic:2', '  - epic:3', '    issue:12', 'issue:10']);
    model.setExpanded('epic:2', false);
    expect(describeRows(model)).toEqual(['+ epic:2', 'issue:10']);
    expect(model.rowOfKey('issue:12')).toBe(-1);
    model.setExpanded('epic:2', true);
    expect(describeRows(model)).toEqual(['- epic:2', '  - epic:3', '    issue:12', 'issue:10']);
    expect(model.rowOfKey('issue:12')).toBe(2);
    checkTreeInvariants(model);
  });

  it('loads children under a collapsed epic without showing them', () => {
    const model = treeWith([makeEpicItem(2), makeIssueItem(10)]);
    model.receivePage('epic:2', { items: [makeIssueItem(11)], pageInfo: NO_MORE_PAGES, append: false });
    expect(describeRows(model)).toEqual(['+ epic:2', 'issue:10']);
    checkTreeInvariants(model);
  });

  it('never expands an issue or the root', () => {
    const model = treeWith([makeIssueItem(10)]);
    model.setExpanded('issue:10', true);
    model.setExpanded('epic:1', false);
    expect(describeRows(model)).toEqual(['issue:10']);
  });
});

describe('paging', () => {
  it("appends a next page after the loaded children and keeps 'Show more' marked busy while fetching", () => {
    const model = treeWith([makeIssueItem(10), makeIssueItem(11)], more({ hasMoreIssues: true }));
    model.setFetching('epic:1', true);
    expect(describeRows(model)).toEqual(['issue:10', 'issue:11', '[more epic:1]']);
    model.receivePage('epic:1', {
      items: [makeIssueItem(13, { relativePosition: 9 }), makeIssueItem(12, { relativePosition: 1 })],
      pageInfo: NO_MORE_PAGES,
      append: true,
    });
    expect(describeRows(model)).toEqual(['issue:10', 'issue:11', 'issue:12', 'issue:13']);
    checkTreeInvariants(model);
  });

  it('updates an item already listed in place instead of listing it twice', () => {
    const model = treeWith([makeIssueItem(10), makeIssueItem(11)], more({ hasMoreIssues: true }));
    model.receivePage('epic:1', {
      items: [makeIssueItem(10, { title: 'Renamed' }), makeIssueItem(12)],
      pageInfo: NO_MORE_PAGES,
      append: true,
    });
    expect(describeRows(model)).toEqual(['issue:10', 'issue:11', 'issue:12']);
    expect(model.store.titles[model.slotOf('issue:10')]).toBe('Renamed');
  });

  it('moves an item a page lists under another parent to that parent', () => {
    const model = treeWith([makeEpicItem(2), makeEpicItem(3)]);
    model.setExpanded('epic:2', true);
    model.receivePage('epic:2', { items: [makeIssueItem(10)], pageInfo: NO_MORE_PAGES, append: false });
    model.setExpanded('epic:3', true);
    model.receivePage('epic:3', { items: [makeIssueItem(10)], pageInfo: NO_MORE_PAGES, append: false });
    expect(describeRows(model)).toEqual(['epic:2', '- epic:3', '  issue:10']);
    checkTreeInvariants(model);
  });

  it('replaces the children on a first page, keeping items this client placed after them', () => {
    const model = treeWith([makeIssueItem(10), makeIssueItem(11)]);
    model.addItems('epic:1', [makeIssueItem(20)]);
    model.receivePage('epic:1', {
      items: [makeIssueItem(11), makeIssueItem(12)],
      pageInfo: NO_MORE_PAGES,
      append: false,
    });
    expect(describeRows(model)).toEqual(['issue:11', 'issue:12', 'issue:20']);
    expect(model.has('issue:10')).toBe(false);
    model.receivePage('epic:1', { items: [makeIssueItem(20)], pageInfo: NO_MORE_PAGES, append: false });
    model.receivePage('epic:1', { items: [makeIssueItem(12)], pageInfo: NO_MORE_PAGES, append: false });
    expect(describeRows(model)).toEqual(['issue:12']);
    checkTreeInvariants(model);
  });
});

describe('adding, removing and updating items', () => {
  it('puts added items at the top of their parent, in the given order', () => {
    const model = treeWith([makeIssueItem(10)]);
    model.addItems('epic:1', [makeEpicItem(5), makeIssueItem(11)]);
    expect(describeRows(model)).toEqual(['epic:5', 'issue:11', 'issue:10']);
    checkTreeInvariants(model);
  });

  it('shows a chevron on a collapsed epic that gets its first child', () => {
    const model = treeWith([makeEpicItem(2)]);
    model.addItems('epic:2', [makeIssueItem(11)]);
    expect(describeRows(model)).toEqual(['+ epic:2']);
  });

  it('removes an item with its whole subtree, and the chevron with the last child', () => {
    const model = treeWith([makeEpicItem(2), makeIssueItem(10)]);
    model.setExpanded('epic:2', true);
    model.receivePage('epic:2', { items: [makeEpicItem(3)], pageInfo: NO_MORE_PAGES, append: false });
    model.setExpanded('epic:3', true);
    model.receivePage('epic:3', { items: [makeIssueItem(12)], pageInfo: NO_MORE_PAGES, append: false });
    model.removeItem('epic:3');
    expect(describeRows(model)).toEqual(['epic:2', 'issue:10']);
    expect(model.has('issue:12')).toBe(false);
    model.removeItem('issue:10');
    model.removeItem('epic:2');
    expect(describeRows(model)).toEqual([]);
    expect(() => model.removeItem('epic:1')).toThrow('root');
    checkTreeInvariants(model);
  });

  it('ignores a page or an addition that would put an epic under itself', () => {
    const model = treeWith([makeEpicItem(2)]);
    model.setExpanded('epic:2', true);
    model.receivePage('epic:2', { items: [makeEpicItem(3)], pageInfo: NO_MORE_PAGES, append: false });
    model.receivePage('epic:3', {
      items: [makeEpicItem(2), makeIssueItem(30)],
      pageInfo: NO_MORE_PAGES,
      append: true,
    });
    model.addItems('epic:3', [makeEpicItem(3)]);
    expect(describeRows(model)).toEqual(['- epic:2', '  + epic:3']);
    checkTreeInvariants(model);
  });

  it('updates fields of an item by key and ignores unknown keys', () => {
    const model = treeWith([makeIssueItem(10)]);
    model.updateItems([
      { key: 'issue:10', state: 'closed', title: 'Done' },
      { key: 'issue:99', title: 'x' },
    ]);
    const read = model.store.read(model.slotOf('issue:10'));
    expect(read).toMatchObject({ state: 'closed', title: 'Done', type: 'issue', epicIssueId: 10 });
  });

  it('flags an item while its removal is in progress', () => {
    const model = treeWith([makeIssueItem(10)]);
    model.setRemoving('issue:10', true);
    expect(model.bits[model.slotOf('issue:10')]).not.toBe(0);
    model.setRemoving('issue:10', false);
    expect(model.bits[model.slotOf('issue:10')]).toBe(0);
  });
});

describe('the incremental rows', () => {
  const keys: TreeItemKey[] = ['epic:2', 'epic:3', 'epic:4', 'epic:5', 'issue:10', 'issue:11', 'issue:12'];
  const item = (key: TreeItemKey) => {
    const [type, id] = key.split(':') as ['epic' | 'issue', string];
    return type === 'epic' ? makeEpicItem(Number(id)) : makeIssueItem(Number(id));
  };
  const operation = fc.oneof(
    fc.record({ op: fc.constant('expand'), key: fc.constantFrom(...keys), on: fc.boolean() }),
    fc.record({ op: fc.constant('fetching'), key: fc.constantFrom(...keys), on: fc.boolean() }),
    fc.record({
      op: fc.constant('page'),
      key: fc.constantFrom('epic:1', ...keys),
      items: fc.subarray(keys),
      append: fc.boolean(),
      more: fc.boolean(),
    }),
    fc.record({ op: fc.constant('add'), key: fc.constantFrom('epic:1', ...keys), items: fc.subarray(keys) }),
    fc.record({ op: fc.constant('remove'), key: fc.constantFrom(...keys) }),
  );

  it('always equal a flatten from scratch, whatever the sequence of changes', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
        const model = treeWith([]);
        for (const step of operations) {
          const parentOk = step.key === 'epic:1' || (model.has(step.key) && step.key.startsWith('epic'));
          if (step.op === 'expand') model.setExpanded(step.key, step.on);
          if (step.op === 'fetching') model.setFetching(step.key, step.on);
          if (step.op === 'remove' && model.has(step.key)) model.removeItem(step.key);
          // An item cannot be placed under itself or its own subtree.
          const items =
            'items' in step ? step.items.filter((key) => !isAncestorOrSelf(model, key, step.key)) : [];
          if (step.op === 'page' && parentOk) {
            model.receivePage(step.key, {
              items: items.map(item),
              pageInfo: more({ hasMoreEpics: step.more }),
              append: step.append,
            });
          }
          if (step.op === 'add' && parentOk) model.addItems(step.key, items.map(item));
          checkTreeInvariants(model);
        }
      }),
      { numRuns: 300 },
    );
  });
});

function isAncestorOrSelf(model: TreeModel, key: TreeItemKey, of: TreeItemKey): boolean {
  for (let current: TreeItemKey | null = of; current; current = model.parentKeyOf(current)) {
    if (current === key) return true;
  }
  return false;
}
