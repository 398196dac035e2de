import { type DragEvent, useId, useState } from 'react';
import type { ManagedLabel } from '../../data/index.ts';
import { LabelRow, type LabelRowDrag } from './LabelRow.tsx';
import { moveBy, placeAt } from './priorityOrder.ts';

/** A project's priorities as the lists change them (Reporters and up). */
export interface PriorityControls {
  /** The prioritized labels' ids, in order. */
  readonly order: readonly number[];
  /** A new order to save; `moved` is the label the user moved or added. */
  readonly onReorder: (order: readonly number[], moved: ManagedLabel) => void;
  readonly onUnprioritize: (label: ManagedLabel) => void;
  /** Any label of the page by id: a drag may bring one from the other list. */
  readonly labelOf: (id: number) => ManagedLabel | undefined;
}

export interface LabelListProps {
  readonly title: string;
  readonly help?: string | undefined;
  readonly labels: readonly ManagedLabel[];
  readonly testId: string;
  /** Shown when the list is empty; nothing when undefined. */
  readonly empty?: string | undefined;
  /** The list of prioritized labels: reordered by drag and by its move buttons. */
  readonly prioritizedList?: boolean | undefined;
  readonly busy: boolean;
  readonly issuesHref: (label: ManagedLabel) => string;
  readonly groupLabelHref: (label: ManagedLabel) => string | undefined;
  readonly canManage: (label: ManagedLabel) => boolean;
  readonly onEdit: (label: ManagedLabel) => void;
  readonly onDelete: (label: ManagedLabel) => void;
  readonly onToggleSubscription?: ((label: ManagedLabel) => void) | undefined;
  readonly priorities?: PriorityControls | undefined;
}

/** The label being dragged, shared by the lists of one page through the drag's data. */
const DRAG_TYPE = 'application/x-plantrack-label';

/**
 * One section of a labels page. With priorities, every row drags: dropped on a prioritized row it
 * takes that place, dropped on the prioritized list's end it goes last, dropped on the other list
 * it loses its priority. The star and the move buttons do the same from the keyboard.
 */
export function LabelList(props: LabelListProps) {
  const { title, help, labels, testId, empty, prioritizedList = false, priorities } = props;
  const headingId = useId();
  const [dropIndex, setDropIndex] = useState<number | null>(null);

  const draggedId = (event: DragEvent) => {
    const id = Number(event.dataTransfer.getData(DRAG_TYPE));
    return Number.isInteger(id) && id > 0 ? id : null;
  };
  const dropAt = (event: DragEvent, index: number) => {
    event.preventDefault();
    event.stopPropagation();
    setDropIndex(null);
    const id = draggedId(event);
    if (!priorities || id === null) return;
    const moved = priorities.labelOf(id);
    const order = placeAt(priorities.order, id, index);
    if (moved && order.join() !== priorities.order.join()) priorities.onReorder(order, moved);
  };
  const dropOnList = (event: DragEvent) => {
    if (!priorities) return;
    if (prioritizedList) return dropAt(event, priorities.order.length);
    event.preventDefault();
    const id = draggedId(event);
    const label = id === null ? undefined : priorities.labelOf(id);
    if (label && priorities.order.includes(label.id)) priorities.onUnprioritize(label);
  };
  const dragOf = (label: ManagedLabel, index: number): LabelRowDrag | undefined =>
    priorities && !props.busy
      ? {
          onDragStart: (event) => {
            event.dataTransfer.setData(DRAG_TYPE, String(label.id));
            event.dataTransfer.setData('text/plain', label.title);
            event.dataTransfer.effectAllowed = 'move';
          },
          onDragOver: (event) => {
            event.preventDefault();
            if (prioritizedList) setDropIndex(index);
          },
          // Dropped on a row of the other list, the drop reaches the list itself.
          onDrop: prioritizedList ? (event) => dropAt(event, index) : undefined,
          onDragEnd: () => setDropIndex(null),
          dropTarget: dropIndex === index,
        }
      : undefined;

  return (
    <section aria-labelledby={headingId} className="labels-section">
      <h2 id={headingId}>{title}</h2>
      {help ? <p className="muted">{help}</p> : null}
      {labels.length === 0 && empty ? (
        <p className="muted labels-empty" data-testid={`${testId}-empty`}>
          {empty}
        </p>
      ) : null}
      <ul
        className={priorities ? 'labels-page-list labels-page-list-droppable' : 'labels-page-list'}
        aria-label={title}
        data-testid={testId}
        onDragOver={priorities ? (event) => event.preventDefault() : undefined}
        onDrop={priorities ? dropOnList : undefined}
        onDragLeave={() => setDropIndex(null)}
      >
        {labels.map((label, index) => {
          const manageable = props.canManage(label);
          const order = priorities?.order ?? [];
          return (
            <LabelRow
              key={label.id}
              label={label}
              busy={props.busy}
              issuesHref={props.issuesHref(label)}
              groupLabelHref={props.groupLabelHref(label)}
              drag={dragOf(label, index)}
              actions={{
                onEdit: manageable ? () => props.onEdit(label) : undefined,
                onDelete: manageable ? () => props.onDelete(label) : undefined,
                onToggleSubscription: props.onToggleSubscription
                  ? () => props.onToggleSubscription?.(label)
                  : undefined,
                onTogglePriority: priorities
                  ? () =>
                      order.includes(label.id)
                        ? priorities.onUnprioritize(label)
                        : priorities.onReorder([...order, label.id], label)
                  : undefined,
                onMoveUp:
                  priorities && prioritizedList && index > 0
                    ? () => priorities.onReorder(moveBy(order, label.id, -1), label)
                    : undefined,
                onMoveDown:
                  priorities && prioritizedList && index < labels.length - 1
                    ? () => priorities.onReorder(moveBy(order, label.id, 1), label)
                    : undefined,
              }}
            />
          );
        })}
      </ul>
    </section>
  );
}
