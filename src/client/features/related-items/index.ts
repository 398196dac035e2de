/**
 * GitLab's related-items form and the epic page's Linked items card. The reference input and the
 * add form are shared with the child-items tree's add-existing form (features/tree/forms).
 */
export { AddIssuableForm, type AddIssuableFormProps } from './AddIssuableForm.tsx';
export { LinkedItemsCard, type LinkedItemsCardProps } from './LinkedItemsCard.tsx';
export { StateIcon } from './ReferenceChip.tsx';
export { RelatedIssuableInput, type RelatedIssuableInputProps } from './RelatedIssuableInput.tsx';
export type { AutocompleteSources } from './referenceInput.ts';
export {
  addItemErrorText,
  DEFAULT_LINK_TYPE,
  type RelatedIssuableType,
  referencePlaceholder,
  removeItemErrorText,
} from './relatedItemsTexts.ts';
