import { useEffect } from 'react';
import { useCopyToClipboard } from '../../components/sidebar/index.ts';
import type { WorkItemView } from '../../data/index.ts';
import { usePushToast } from '../../state/index.ts';
import { MenuButton, type MenuItem } from '../../ui/index.ts';
import { WORK_ITEM_TEXT, workItemTypeTexts } from './workItemTexts.ts';

/**
 * The actions menu: confidentiality (update permission), copy reference, delete (delete
 * permission). Shows nothing when no action is allowed.
 */
export function WorkItemActions({
  item,
  onToggleConfidential,
  onDelete,
}: {
  item: WorkItemView;
  onToggleConfidential: () => void;
  onDelete: () => void;
}) {
  const clipboard = useCopyToClipboard();
  const pushToast = usePushToast();
  useEffect(() => {
    if (clipboard.state === 'copied') pushToast(WORK_ITEM_TEXT.referenceCopied);
    else if (clipboard.state === 'failed') pushToast(WORK_ITEM_TEXT.copyFailed, 'danger');
  }, [clipboard.state, pushToast]);
  const actions: MenuItem[] = [];
  if (item.permissions.updateWorkItem) {
    actions.push({
      key: 'confidentiality',
      label: item.confidential ? WORK_ITEM_TEXT.turnOffConfidentiality : WORK_ITEM_TEXT.turnOnConfidentiality,
      testId: 'work-item-confidentiality-action',
      onSelect: onToggleConfidential,
    });
  }
  actions.push({
    key: 'copy-reference',
    label: WORK_ITEM_TEXT.copyReference,
    testId: 'work-item-copy-reference',
    onSelect: () => clipboard.copy(item.reference),
  });
  if (item.permissions.deleteWorkItem) {
    actions.push({
      key: 'delete',
      label: workItemTypeTexts(item.type.name).delete,
      testId: 'work-item-delete-action',
      onSelect: onDelete,
    });
  }
  return (
    <MenuButton
      label={WORK_ITEM_TEXT.moreActions}
      icon="ellipsisV"
      items={actions}
      testId="work-item-actions"
    />
  );
}
