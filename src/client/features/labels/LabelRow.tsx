import type { DragEvent } from 'react';
import type { ManagedLabel } from '../../data/index.ts';
import { Badge, Button, Icon, LabelChip } from '../../ui/index.ts';
import { LABELS_TEXT } from './labelsTexts.ts';

/** What a row may do; an absent handler is a control the viewer does not get. */
export interface LabelRowActions {
  readonly onEdit?: (() => void) | undefined;
  readonly onDelete?: (() => void) | undefined;
  /** Signed-in viewers subscribe and unsubscribe. */
  readonly onToggleSubscription?: (() => void) | undefined;
  /** The star: prioritise, or take the priority away (project pages, Reporters and up). */
  readonly onTogglePriority?: (() => void) | undefined;
  /** Keyboard reordering of prioritised labels: -1 up, +1 down; absent at that end. */
  readonly onMoveUp?: (() => void) | undefined;
  readonly onMoveDown?: (() => void) | undefined;
}

export interface LabelRowDrag {
  readonly onDragStart: (event: DragEvent<HTMLLIElement>) => void;
  readonly onDragOver: (event: DragEvent<HTMLLIElement>) => void;
  readonly onDrop?: ((event: DragEvent<HTMLLIElement>) => void) | undefined;
  readonly onDragEnd: () => void;
  readonly dropTarget: boolean;
}

/** One label of a labels page: its chip (a link to its issues), description, and controls. */
export function LabelRow({
  label,
  issuesHref,
  groupLabelHref,
  busy,
  actions,
  drag,
}: {
  label: ManagedLabel;
  issuesHref: string;
  /** On a project's page, a group's label is marked and links to its group's labels. */
  groupLabelHref?: string | undefined;
  busy: boolean;
  actions: LabelRowActions;
  drag?: LabelRowDrag | undefined;
}) {
  const prioritized = label.priority !== null;
  return (
    <li
      className={drag?.dropTarget ? 'labels-page-row labels-page-row-drop' : 'labels-page-row'}
      data-testid="label-row"
      data-label-title={label.title}
      draggable={drag ? true : undefined}
      onDragStart={drag?.onDragStart}
      onDragOver={drag?.onDragOver}
      onDrop={drag?.onDrop}
      onDragEnd={drag?.onDragEnd}
    >
      <div className="labels-page-row-main">
        {drag ? (
          <span className="labels-drag-handle" title={LABELS_TEXT.dragHandle}>
            <Icon name="grip" />
          </span>
        ) : null}
        <a
          className="labels-page-chip-link"
          href={issuesHref}
          aria-label={LABELS_TEXT.issuesOf(label.title)}
          data-testid="label-link"
        >
          <LabelChip title={label.title} color={label.color} textColor={label.textColor} />
        </a>
        {groupLabelHref ? (
          <a href={groupLabelHref} className="labels-page-group-badge" data-testid="group-label-badge">
            <Badge>{LABELS_TEXT.groupLabel}</Badge>
          </a>
        ) : null}
        {label.description ? (
          <span className="muted labels-page-row-description">{label.description}</span>
        ) : null}
      </div>
      <div className="labels-page-row-actions">
        {label.openIssuesCount !== null ? (
          <a href={issuesHref} className="labels-page-count" data-testid="label-issues-link">
            {LABELS_TEXT.openIssues(label.openIssuesCount)}
          </a>
        ) : null}
        {actions.onMoveUp || actions.onMoveDown ? (
          <>
            <Button
              iconOnly
              icon="arrowUp"
              variant="tertiary"
              disabled={busy || !actions.onMoveUp}
              onClick={actions.onMoveUp}
              aria-label={`${LABELS_TEXT.moveUp}: ${label.title}`}
            />
            <Button
              iconOnly
              icon="arrowDown"
              variant="tertiary"
              disabled={busy || !actions.onMoveDown}
              onClick={actions.onMoveDown}
              aria-label={`${LABELS_TEXT.moveDown}: ${label.title}`}
            />
          </>
        ) : null}
        {actions.onTogglePriority ? (
          <Button
            iconOnly
            icon="star"
            variant="tertiary"
            className={prioritized ? 'labels-star labels-star-on' : 'labels-star'}
            disabled={busy}
            onClick={actions.onTogglePriority}
            aria-pressed={prioritized}
            title={prioritized ? LABELS_TEXT.removePriority : LABELS_TEXT.prioritize}
            aria-label={`${prioritized ? LABELS_TEXT.removePriority : LABELS_TEXT.prioritize}: ${label.title}`}
          />
        ) : null}
        {actions.onToggleSubscription ? (
          <Button
            disabled={busy}
            onClick={actions.onToggleSubscription}
            aria-label={`${label.subscribed ? LABELS_TEXT.unsubscribe : LABELS_TEXT.subscribe}: ${label.title}`}
            data-testid="label-subscription"
            data-subscribed={label.subscribed}
          >
            {label.subscribed ? LABELS_TEXT.unsubscribe : LABELS_TEXT.subscribe}
          </Button>
        ) : null}
        {actions.onEdit ? (
          <Button onClick={actions.onEdit} disabled={busy} aria-label={`${LABELS_TEXT.edit} ${label.title}`}>
            {LABELS_TEXT.edit}
          </Button>
        ) : null}
        {actions.onDelete ? (
          <Button
            variant="danger"
            onClick={actions.onDelete}
            disabled={busy}
            aria-label={`${LABELS_TEXT.delete} ${label.title}`}
          >
            {LABELS_TEXT.delete}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
