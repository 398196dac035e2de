/**
 * The issuable sidebar kit the epic and issue pages share: a block's frame, collapsed icon and
 * alerts (SidebarParts), its error texts, copy-to-clipboard, the sidebar's texts and the blocks
 * that work the same for any issuable, fed by the page's data hooks (confidentiality, reference).
 */

export { type AssigneeItem, AssigneesBlock, type AssigneesBlockProps } from './AssigneesBlock.tsx';
export { type BlockError, blockErrorText, firstErrorOr, writeError } from './blockError.ts';
export { ConfidentialityBlock, type ConfidentialityState } from './ConfidentialityBlock.tsx';
export { ConfirmToggleBlock, type ConfirmToggleTexts } from './ConfirmToggleBlock.tsx';
export { LabelCheckboxOption } from './LabelCheckboxOption.tsx';
export { LabelsBlock, type LabelsState } from './LabelsBlock.tsx';
export { LabelsPicker } from './LabelsPicker.tsx';
export { ParticipantsBlock } from './ParticipantsBlock.tsx';
export { PickerBlock, type PickerBlockProps, type PickerItem } from './PickerBlock.tsx';
export { ReferenceBlock } from './ReferenceBlock.tsx';
export { BlockAlert, BlockFetchError, blockHeadingId, CollapsedItem, SidebarBlock } from './SidebarParts.tsx';
export { SubscriptionBlock, type SubscriptionState } from './SubscriptionBlock.tsx';
export { CONFIDENTIALITY_TEXT, SIDEBAR_TEXT, type SidebarIssuable } from './sidebarTexts.ts';
export { TodoBlock } from './TodoBlock.tsx';
export { TODO_TOGGLE_EVENT, todoToggleEvent } from './todoEvent.ts';
export { type CopyState, useCopyToClipboard } from './useCopyToClipboard.ts';
export { type LabelSearch, useLabelSearch } from './useLabelSearch.ts';
export { type OptimisticSave, useOptimisticSave } from './useOptimisticSave.ts';
export { ValueBlock, type ValueBlockProps } from './ValueBlock.tsx';
export { WeightBlock, type WeightTexts } from './WeightBlock.tsx';
