/**
 * The tree card's add dropdown and its forms as data (spec, "Forms"): which entries the menu
 * offers and which form each opens (one form at a time).
 */
import { TREE_TEXT } from '../treeTexts.ts';

export type AddItemAction = 'new-issue' | 'existing-issue' | 'new-epic' | 'existing-epic';

export interface AddItemSection {
  readonly key: 'issue' | 'epic';
  readonly label: string;
  readonly items: readonly { readonly action: AddItemAction; readonly label: string }[];
}

/** The Issue section, and the Epic section only when sub-epics are allowed. */
export function addItemSections(allowSubEpics: boolean): AddItemSection[] {
  const sections: AddItemSection[] = [
    {
      key: 'issue',
      label: TREE_TEXT.issueSection,
      items: [
        { action: 'new-issue', label: TREE_TEXT.addNewIssue },
        { action: 'existing-issue', label: TREE_TEXT.addExistingIssue },
      ],
    },
  ];
  if (allowSubEpics) {
    sections.push({
      key: 'epic',
      label: TREE_TEXT.epicSection,
      items: [
        { action: 'new-epic', label: TREE_TEXT.addNewEpic },
        { action: 'existing-epic', label: TREE_TEXT.addExistingEpic },
      ],
    });
  }
  return sections;
}

/** The one form open under the tree's header (add-existing, create-epic and create-issue exclude each other). */
export type TreeForm =
  | { readonly kind: 'add-existing'; readonly itemType: 'epic' | 'issue' }
  | { readonly kind: 'create-epic' }
  | { readonly kind: 'create-issue' };

export function formForAction(action: AddItemAction): TreeForm {
  switch (action) {
    case 'new-issue':
      return { kind: 'create-issue' };
    case 'existing-issue':
      return { kind: 'add-existing', itemType: 'issue' };
    case 'new-epic':
      return { kind: 'create-epic' };
    case 'existing-epic':
      return { kind: 'add-existing', itemType: 'epic' };
  }
}
