import { describe, expect, it } from 'vitest';
import { addItemSections, formForAction, menuIndexAfterKey } from './addItemMenu.ts';

describe('addItemSections', () => {
  it('offers the Issue and Epic sections when sub-epics are allowed', () => {
    expect(
      addItemSections(true).map((section) => [section.label, section.items.map((item) => item.label)]),
    ).toEqual([
      ['Issue', ['Add a new issue', 'Add an existing issue']],
      ['Epic', ['Add a new epic', 'Add an existing epic']],
    ]);
  });

  it('offers only the Issue section without sub-epics', () => {
    expect(addItemSections(false).map((section) => section.key)).toEqual(['issue']);
  });
});

describe('formForAction', () => {
  it('opens the form each entry names', () => {
    expect(formForAction('new-issue')).toEqual({ kind: 'create-issue' });
    expect(formForAction('existing-issue')).toEqual({ kind: 'add-existing', itemType: 'issue' });
    expect(formForAction('new-epic')).toEqual({ kind: 'create-epic' });
    expect(formForAction('existing-epic')).toEqual({ kind: 'add-existing', itemType: 'epic' });
  });
});

describe('menuIndexAfterKey', () => {
  it('moves with the arrows and wraps at both ends', () => {
    expect(menuIndexAfterKey(0, 'ArrowDown', 4)).toBe(1);
    expect(menuIndexAfterKey(3, 'ArrowDown', 4)).toBe(0);
    expect(menuIndexAfterKey(0, 'ArrowUp', 4)).toBe(3);
  });

  it('enters the menu at the first or last item', () => {
    expect(menuIndexAfterKey(-1, 'ArrowDown', 4)).toBe(0);
    expect(menuIndexAfterKey(-1, 'ArrowUp', 4)).toBe(3);
  });

  it('jumps with Home and End and ignores other keys', () => {
    expect(menuIndexAfterKey(2, 'Home', 4)).toBe(0);
    expect(menuIndexAfterKey(0, 'End', 4)).toBe(3);
    expect(menuIndexAfterKey(1, 'a', 4)).toBeNull();
    expect(menuIndexAfterKey(0, 'ArrowDown', 0)).toBeNull();
  });
});
