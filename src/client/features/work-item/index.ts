/**
 * The work item detail view (spec 2.4): its own page (`/-/work_items/:iid`), the modal a page opens
 * for a work item, and the `work_item_id` URL parameter that names the modal's item.
 */

export { useWorkItemModalParam, type WorkItemModalParam } from './useWorkItemModalParam.ts';
export type { WorkItemFlags } from './WorkItemAttributes.tsx';
export { WorkItemModal, type WorkItemModalProps } from './WorkItemModal.tsx';
export { WorkItemPage, type WorkItemPageProps } from './WorkItemPage.tsx';
