/**
 * GitLab's related-items form and the epic page's Linked items card. The add form and its error
 * texts are shared with the child-items tree (its add-existing form and its remove action).
 */
export { AddIssuableForm, type AddIssuableFormProps } from './AddIssuableForm.tsx';
export { DevelopmentCard } from './DevelopmentCard.tsx';
export { LinkedItemsCard, type LinkedItemsCardProps } from './LinkedItemsCard.tsx';
export type { AutocompleteSources } from './referenceInput.ts';
export { addItemErrorText, type RelatedIssuableType, removeItemErrorText } from './relatedItemsTexts.ts';
