import { describe, expect, it } from 'vitest';
import { TREE_META_MIN_CARD_WIDTH, TREE_META_WIDTH, treeRowColumns } from './treeColumns.ts';
import { TREE_INDENT } from './treeConstants.ts';

describe('treeRowColumns', () => {
  it('indents each level by one TREE_INDENT and keeps the right-hand columns fixed', () => {
    const top = treeRowColumns(1000, 1);
    const third = treeRowColumns(1000, 3);
    expect(third.chevronX - top.chevronX).toBe(2 * TREE_INDENT);
    expect(third.textX - top.textX).toBe(2 * TREE_INDENT);
    expect(third.metaX).toBe(top.metaX);
    expect(third.actionX).toBe(top.actionX);
    expect(top.textWidth - third.textWidth).toBe(2 * TREE_INDENT);
  });

  it('orders chevron, icon, text, metadata and action from left to right without overlap', () => {
    const c = treeRowColumns(1000, 1);
    expect(c.chevronX).toBeLessThan(c.iconX);
    expect(c.iconX).toBeLessThan(c.textX);
    expect(c.textX + c.textWidth).toBeLessThanOrEqual(c.metaX);
    expect(c.metaX + c.metaWidth).toBeLessThanOrEqual(c.actionX);
    expect(c.metaWidth).toBe(TREE_META_WIDTH);
  });

  it('drops the metadata column on narrow cards and never gives text a negative width', () => {
    expect(treeRowColumns(TREE_META_MIN_CARD_WIDTH - 1, 1).metaWidth).toBe(0);
    expect(treeRowColumns(TREE_META_MIN_CARD_WIDTH, 1).metaWidth).toBe(TREE_META_WIDTH);
    const deep = treeRowColumns(200, 7);
    expect(deep.textWidth).toBe(0);
    expect(deep.actionX).toBeGreaterThanOrEqual(deep.textX);
  });
});
