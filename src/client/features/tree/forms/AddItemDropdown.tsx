/**
 * AddItemDropdown — the tree card's Add menu button (spec: "Add dropdown, shown with adminEpic"): an
 * Issue section ('Add a new issue', 'Add an existing issue') and, with sub-epics, an Epic section
 * ('Add a new epic', 'Add an existing epic'). It calls no endpoint: `onChoose` opens a form. Like
 * every popover of the page, it closes when another opens.
 */
import { usePopover } from '../../../state/index.ts';
import { MenuButton } from '../../../ui/index.ts';
import { TREE_TEXT } from '../treeTexts.ts';
import { type AddItemAction, addItemSections } from './addItemMenu.ts';

export interface AddItemDropdownProps {
  /** The parent epic's adminEpic permission; without it nothing renders. */
  readonly adminEpic: boolean;
  readonly allowSubEpics: boolean;
  readonly onChoose: (action: AddItemAction) => void;
}

export function AddItemDropdown({ adminEpic, allowSubEpics, onChoose }: AddItemDropdownProps) {
  const openState = usePopover('tree-add-item');
  if (!adminEpic) return null;
  const sections = addItemSections(allowSubEpics).map((section) => ({
    key: section.key,
    label: section.label,
    items: section.items.map((item) => ({
      key: item.action,
      label: item.label,
      testId: `tree-add-${item.action}`,
      onSelect: () => onChoose(item.action),
    })),
  }));
  return (
    <MenuButton
      label={TREE_TEXT.addMenu}
      text={TREE_TEXT.add}
      sections={sections}
      openState={openState}
      testId="tree-add-dropdown"
    />
  );
}
