/** Tree items for tests and benchmarks: every field defaulted. */

import { epicWebPath, issueWebPath } from '../../domain/webPaths.ts';
import type { CalendarDate } from '../../time/calendarDate.ts';
import type { TreeItemInput } from './treeItem.ts';
import type { TreeModel } from './treeModel.ts';
import { ROW_KIND } from './treeRows.ts';

export type TreeItemFixture = Partial<Omit<TreeItemInput, 'dueDate'>> & { readonly dueDate?: string | null };

export function makeEpicItem(id: number, fixture: TreeItemFixture = {}): TreeItemInput {
  return makeItem({ type: 'epic', id, ...fixture });
}

/** An issue keyed by its epic-issue link: `issue:<epicIssueId>`; the issue id defaults to 1000 + it. */
export function makeIssueItem(epicIssueId: number, fixture: TreeItemFixture = {}): TreeItemInput {
  return makeItem({ type: 'issue', id: 1000 + epicIssueId, epicIssueId, ...fixture });
}

function makeItem(fixture: TreeItemFixture & Pick<TreeItemInput, 'type' | 'id'>): TreeItemInput {
  const { dueDate = null, ...rest } = fixture;
  const epic = fixture.type === 'epic';
  return {
    iid: fixture.id,
    epicIssueId: null,
    relativePosition: null,
    state: 'opened',
    confidential: false,
    blocked: false,
    title: `${epic ? 'Epic' : 'Issue'} ${fixture.id}`,
    reference: epic ? `acme&${fixture.id}` : `acme/app#${fixture.id}`,
    webPath: epic ? epicWebPath('acme', fixture.id) : issueWebPath('acme/app', fixture.id),
    relationPath: null,
    createdAt: '2020-01-01T00:00:00Z',
    closedAt: null,
    weight: null,
    milestoneTitle: null,
    assigneeCount: 0,
    assigneeNames: [],
    healthStatus: null,
    labels: [],
    descendantCounts: epic ? { openedEpics: 0, closedEpics: 0, openedIssues: 0, closedIssues: 0 } : null,
    descendantWeightSum: epic ? { openedIssues: 0, closedIssues: 0 } : null,
    hasChildren: false,
    hasIssues: false,
    epicHealthStatus: null,
    adminEpic: epic,
    ...rest,
    dueDate: dueDate as CalendarDate | null,
  };
}

/**
 * The visible rows as text, one per row: the key indented by level, `+`/`-` before a collapsed or
 * expanded epic with children, and `[more <parent>]` / `[loading <parent>]` for extra rows.
 */
export function describeRows(model: TreeModel): string[] {
  const lines: string[] = [];
  for (let row = 0; row < model.rowCount; row += 1) {
    const slot = model.rows.slots[row]!;
    const kind = model.rows.kinds[row]!;
    if (kind !== ROW_KIND.ITEM) {
      const indent = '  '.repeat(model.depth[slot]!);
      lines.push(`${indent}[${kind === ROW_KIND.SHOW_MORE ? 'more' : 'loading'} ${model.keyOf(slot)}]`);
      continue;
    }
    const indent = '  '.repeat(model.depth[slot]! - 1);
    const marker = model.hasChildItems(slot) ? (model.isExpanded(slot) ? '- ' : '+ ') : '';
    lines.push(`${indent}${marker}${model.keyOf(slot)}`);
  }
  return lines;
}

/**
 * Checks what the incremental updates promise against a from-scratch computation: the rows equal a
 * depth-first flatten, `inner` of every node equals its block, depths and indexes are right, and
 * every visible item's row is found. Throws on the first difference.
 */
export function checkTreeInvariants(model: TreeModel): void {
  const slots: number[] = [];
  const kinds: number[] = [];
  const block = (parent: number): number => {
    let size = 0;
    for (const child of model.children[parent]!) {
      if (model.parent[child] !== parent) throw new Error(`parent of ${model.keyOf(child)} is wrong`);
      if (model.depth[child] !== model.depth[parent]! + 1) throw new Error(`depth of ${model.keyOf(child)}`);
      slots.push(child);
      kinds.push(ROW_KIND.ITEM);
      size += 1;
      const start = slots.length;
      const inner = block(child);
      if (model.inner[child] !== inner) {
        throw new Error(`inner of ${model.keyOf(child)} is ${model.inner[child]}, expected ${inner}`);
      }
      if (!model.isExpanded(child)) slots.length = kinds.length = start;
      else size += inner;
    }
    const extra = model.extraKind(parent);
    if (extra !== -1) {
      slots.push(parent);
      kinds.push(extra);
      size += 1;
    }
    return size;
  };
  const rootInner = block(model.rootSlot);
  if (model.inner[model.rootSlot] !== rootInner) throw new Error(`root inner ${model.inner[model.rootSlot]}`);
  if (model.rowCount !== slots.length)
    throw new Error(`rowCount ${model.rowCount}, expected ${slots.length}`);
  slots.forEach((slot, row) => {
    if (model.rows.slots[row] !== slot || model.rows.kinds[row] !== kinds[row]) {
      throw new Error(`row ${row} holds ${model.rows.slots[row]}/${model.rows.kinds[row]}, expected ${slot}`);
    }
    if (kinds[row] === ROW_KIND.ITEM) {
      if (model.rows.rowOf(slot) !== row) throw new Error(`rowOf(${model.keyOf(slot)}) is wrong`);
      const index = model.indexOf(slot);
      if (model.children[model.parent[slot]!]![index] !== slot) throw new Error('indexOf is wrong');
    }
  });
}

/** Everything a move or its undo may change, for before/after comparisons. */
export function treeState(model: TreeModel) {
  const keys = [...Array(model.store.length).keys()]
    .filter((slot) => model.store.flags[slot])
    .map((slot) => model.keyOf(slot));
  return {
    rows: describeRows(model),
    children: keys.map((key) => [key, model.childKeys(key)]),
    flags: keys.map((key) => [key, model.store.flags[model.slotOf(key)], model.bits[model.slotOf(key)]]),
  };
}
