/**
 * The child-items tree card's add dropdown and its three forms (spec). Mount `AddItemDropdown`
 * in the card's header and `TreeFormPanel` under it; keep the open `TreeForm` (null when none) in
 * the card: `formForAction(action)` turns the dropdown's choice into it.
 */
export { AddExistingForm, type AddExistingFormProps } from './AddExistingForm.tsx';
export { AddItemDropdown, type AddItemDropdownProps } from './AddItemDropdown.tsx';
export { type AddItemAction, addItemSections, formForAction, type TreeForm } from './addItemMenu.ts';
export { CreateEpicForm, type CreateEpicFormProps } from './CreateEpicForm.tsx';
export { CreateIssueForm, type CreateIssueFormProps } from './CreateIssueForm.tsx';
export { TreeFormPanel, type TreeFormPanelProps } from './TreeFormPanel.tsx';
export type { TreeFormEndpoints, TreeFormParent } from './treeFormTypes.ts';
