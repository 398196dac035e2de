/**
 * The labels block (spec, "Labels"), for an epic or an issue: each label links to the page's list
 * (the group's epics, the project's issues) filtered by it; with the update permission the labels
 * can be edited and removed one by one. A save shows the new labels at once and goes back to the
 * saved ones when the server refuses.
 */
import { useState } from 'react';
import {
  firstErrorMessage,
  type LabelView,
  type QueryState,
  type SidebarWriteResult,
} from '../../data/index.ts';
import { Button, Icon, LabelChip } from '../../ui/index.ts';
import { BlockAlert, BlockFetchError, CollapsedItem, SIDEBAR_TEXT, SidebarBlock } from './index.ts';
import { LabelsPicker } from './LabelsPicker.tsx';
import { hasLabelChanges, labelChanges, labelFilterHref, sortByTitle } from './labelSelection.ts';
import { useOptimisticSave } from './useOptimisticSave.ts';

const NO_LABELS: readonly LabelView[] = [];

/** An issuable's labels as the block reads them, and the save of labels added and removed (by id). */
export type LabelsState = QueryState<readonly LabelView[] | null> & {
  save(change: {
    readonly add: readonly string[];
    readonly remove: readonly string[];
  }): Promise<SidebarWriteResult>;
};

export function LabelsBlock({
  labels,
  labelsGroupPath,
  canUpdate,
  listPath,
  filterTitle,
  collapsed,
  onExpand,
}: {
  labels: LabelsState;
  /** The group whose labels (and its ancestors') the picker offers. */
  labelsGroupPath: string;
  canUpdate: boolean;
  /** The list a label links to, filtered by it. */
  listPath: string;
  /** The label link's title ('Epics with the label …'). */
  filterTitle: (title: string) => string;
  collapsed: boolean;
  onExpand?: ((block: string) => void) | undefined;
}) {
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
        onClick={() => onExpand?.('labels')}
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
          fullPath={labelsGroupPath}
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
                href={labelFilterHref(listPath, label.title)}
                title={filterTitle(label.title)}
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
