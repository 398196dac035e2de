import { useState } from 'react';
import type { SidebarWriteResult } from '../../data/index.ts';
import { Alert, Button, Dialog } from '../../ui/index.ts';
import { WORK_ITEM_TEXT, workItemTypeTexts } from './workItemTexts.ts';

/**
 * Asks before deleting (spec: 'Are you sure you want to delete the task? This action cannot be
 * reversed.'); a failure shows the server's first error, or the spec's generic one, in a danger alert.
 */
export function WorkItemDeleteDialog({
  typeName,
  open,
  deleting,
  onCancel,
  remove,
  onDeleted,
}: {
  /** The item's type ('Task'): the texts name it. */
  typeName: string;
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  remove: () => Promise<SidebarWriteResult>;
  onDeleted: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const texts = workItemTypeTexts(typeName);
  const cancel = () => {
    setError(null);
    onCancel();
  };
  return (
    <Dialog open={open} title={texts.delete} onClose={cancel} testId="work-item-delete-dialog">
      <p>{texts.deleteConfirm}</p>
      {error ? (
        <Alert variant="danger" testId="work-item-delete-error">
          {error}
        </Alert>
      ) : null}
      <div className="dialog-actions">
        <Button onClick={cancel} disabled={deleting}>
          {WORK_ITEM_TEXT.cancel}
        </Button>
        <Button
          variant="danger"
          disabled={deleting}
          aria-busy={deleting}
          onClick={async () => {
            setError(null);
            const result = await remove();
            if (result.ok) onDeleted();
            else setError(result.error ?? texts.deleteFailed);
          }}
          data-testid="work-item-delete-confirm"
        >
          {texts.delete}
        </Button>
      </div>
    </Dialog>
  );
}
