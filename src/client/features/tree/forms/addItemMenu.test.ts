import { describe, expect, it } from 'vitest';
import { addItemSections, formForAction } from './addItemMenu.ts';

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
