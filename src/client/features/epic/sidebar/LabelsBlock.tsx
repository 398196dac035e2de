/**
 * Block 4: the epic's labels (spec, "Labels"). Each label links to the group's epics
 * filtered by it; with the update permission the labels can be edited and removed one by one. A
 * save shows the new labels at once and goes back to the saved ones when the server refuses.
 */
import { useState } from 'react';
import {
  BlockAlert,
  BlockFetchError,
  CollapsedItem,
  SIDEBAR_TEXT,
  SidebarBlock,
} from '../../../components/sidebar/index.ts';
import {
  type EpicSidebarScope,
  firstErrorMessage,
  type LabelView,
  useEpicLabels,
} from '../../../data/index.ts';
import { Button, Icon, LabelChip } from '../../../ui/index.ts';
import { LabelsPicker } from './LabelsPicker.tsx';
import { hasLabelChanges, labelChanges, labelFilterHref, sortByTitle } from './labelSelection.ts';
import { useOptimisticSave } from './useOptimisticSave.ts';

const NO_LABELS: readonly LabelView[] = [];

export function LabelsBlock({
  scope,
  canUpdate,
  listEpicsPath,
  collapsed,
  onExpand,
}: {
  scope: EpicSidebarScope;
  canUpdate: boolean;
  listEpicsPath: string;
  collapsed: boolean;
  onExpand: (block: string) => void;
}) {
  const labels = useEpicLabels(scope);
  const saved = labels.data ?? NO_LABELS;
  const { shown, save: saveShown, error, dismissError } = useOptimisticSave(saved, SIDEBAR_TEXT.labelsError);
  const [editing, setEditing] = useState(false);

  const save = (next: readonly LabelView[]) => {
    setEditing(false);
    const changes = labelChanges(saved, next);
    if (!hasLabelChanges(changes)) return;
    saveShown(sortByTitle(next), () => labels.save(changes));
  };

  if (collapsed) {
    const names = shown.map((label) => label.title).join(', ');
    return (
      <CollapsedItem
        block="labels"
        label={`${SIDEBAR_TEXT.labels}: ${names || SIDEBAR_TEXT.none}`}
        icon={<Icon name="label" />}
        onClick={() => onExpand('labels')}
      />
    );
  }
  return (
    <SidebarBlock
      block="labels"
      title={SIDEBAR_TEXT.labels}
      busy={labels.loading}
      editing={editing}
      onEdit={canUpdate && labels.data ? () => setEditing(!editing) : undefined}
    >
      {labels.error ? (
        <BlockFetchError text={SIDEBAR_TEXT.labelsLoadError} detail={firstErrorMessage(labels.error)} />
      ) : null}
      {editing ? (
        <LabelsPicker
          fullPath={scope.fullPath}
          initial={shown}
          onApply={save}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      {labels.data && shown.length === 0 ? <p className="muted">{SIDEBAR_TEXT.none}</p> : null}
      {shown.length > 0 ? (
        <ul className="sidebar-labels" aria-label={SIDEBAR_TEXT.labels}>
          {shown.map((label) => (
            <li key={label.id} className="sidebar-label">
              <a
                className="label-link"
                href={labelFilterHref(listEpicsPath, label.title)}
                title={SIDEBAR_TEXT.filterByLabel(label.title)}
              >
                <LabelChip {...label} />
              </a>
              {canUpdate ? (
                <Button
                  variant="tertiary"
                  iconOnly
                  icon="close"
                  className="sidebar-label-remove"
                  aria-label={SIDEBAR_TEXT.removeLabel(label.title)}
                  onClick={() => save(shown.filter((item) => item.id !== label.id))}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <BlockAlert error={error} onDismiss={dismissError} /> : null}
    </SidebarBlock>
  );
}
