import { describe, expect, it } from 'vitest';
import type { LinkedIssuable, LinkType } from '../../data/index.ts';
import { groupByLinkType, mergeLinkedItems } from './linkedItems.ts';

const item = (id: number, linkType: LinkType | null, title = `Epic ${id}`): LinkedIssuable => ({
  id,
  iid: id,
  epicIssueId: null,
  title,
  state: 'opened',
  reference: `&${id}`,
  path: `/groups/acme/-/epics/${id}`,
  relationPath: `/groups/acme/-/epics/1/related_epic_links/${id}`,
  confidential: false,
  linkType,
  canAdmin: true,
  json: {},
});

describe('groupByLinkType', () => {
  it('orders the groups Blocks, Is blocked by, Relates to and leaves out the empty ones', () => {
    const groups = groupByLinkType([item(1, 'relates_to'), item(2, 'is_blocked_by'), item(3, 'relates_to')]);
    expect(groups.map((group) => [group.linkType, group.items.map((entry) => entry.id)])).toEqual([
      ['is_blocked_by', [2]],
      ['relates_to', [1, 3]],
    ]);
  });

  it('puts an item without a link type under Relates to', () => {
    expect(groupByLinkType([item(4, null)])[0]?.linkType).toBe('relates_to');
  });
});

describe('mergeLinkedItems', () => {
  it('appends new items and replaces known ones in place', () => {
    const merged = mergeLinkedItems(
      [item(1, 'relates_to'), item(2, 'blocks')],
      [item(2, 'relates_to'), item(3, 'blocks')],
    );
    expect(merged.map((entry) => [entry.id, entry.linkType])).toEqual([
      [1, 'relates_to'],
      [2, 'relates_to'],
      [3, 'blocks'],
    ]);
  });

  it('accepts an answer that is the whole list', () => {
    const current = [item(1, 'relates_to')];
    expect(
      mergeLinkedItems(current, [item(1, 'relates_to'), item(5, 'blocks')]).map((entry) => entry.id),
    ).toEqual([1, 5]);
  });
});
