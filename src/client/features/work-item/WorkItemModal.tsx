import { useId } from 'react';
import { useWorkItemView } from '../../data/index.ts';
import { usePushToast } from '../../state/index.ts';
import { Alert, Button, Dialog, Loading } from '../../ui/index.ts';
import type { WorkItemFlags } from './WorkItemAttributes.tsx';
import { WorkItemDetail } from './WorkItemDetail.tsx';
import { WORK_ITEM_TEXT, workItemTypeTexts } from './workItemTexts.ts';

export interface WorkItemModalProps {
  /** The work item's global id, `gid://gitlab/WorkItem/N`. */
  readonly workItemId: string;
  readonly onClose: () => void;
  /** After the item was deleted from the modal ('Task deleted' has been shown, the modal closes). */
  readonly onDeleted?: (() => void) | undefined;
  readonly flags: WorkItemFlags;
}

/**
 * The work item detail view in a modal dialog: focus stays inside, Escape and the close button
 * close it, and it is labelled by the work item's title.
 */
export function WorkItemModal({ workItemId, onClose, onDeleted, flags }: WorkItemModalProps) {
  const titleId = useId();
  const view = useWorkItemView({ id: workItemId });
  const pushToast = usePushToast();
  const item = view.data;
  return (
    <Dialog
      open
      title={item?.title ?? WORK_ITEM_TEXT.loading}
      labelledBy={titleId}
      onClose={onClose}
      className="work-item-modal"
      testId="work-item-modal"
    >
      {item ? (
        <WorkItemDetail
          item={item}
          refetch={view.refetch}
          flags={flags}
          modal={{ onClose, titleId }}
          onDeleted={() => {
            pushToast(workItemTypeTexts(item.type.name).deleted, 'success');
            onDeleted?.();
            onClose();
          }}
        />
      ) : (
        <div className="work-item-modal-status">
          <h2 id={titleId} className="dialog-title">
            {view.loading ? WORK_ITEM_TEXT.loading : WORK_ITEM_TEXT.notFound}
          </h2>
          {view.loading ? <Loading label={WORK_ITEM_TEXT.loading} /> : null}
          {view.error ? <Alert variant="danger">{WORK_ITEM_TEXT.fetchFailed}</Alert> : null}
          <Button onClick={onClose} data-testid="work-item-close">
            {WORK_ITEM_TEXT.close}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
