/**
 * The accessible truth over the tree canvas: a virtualized WAI-ARIA treegrid with one row per
 * laid-out entry of the snapshot's window, each at its list position. A row carries its chevron,
 * title link, reference, labels (links to the lists filtered by label_name[]), what the canvas
 * shows as text for screen readers, and the remove button; 'Show more' and loading rows carry
 * their button and text. Rows re-render only on a new snapshot or focus change.
 */
import { memo } from 'react';
import { DEFAULT_EPIC_COLOR } from '../../../core/domain/colors.ts';
import { projectIssuesSearchPath } from '../../../core/domain/webPaths.ts';
import { unpackColor } from '../../../core/layout/epicStore.ts';
import { treeRowColumns } from '../../../core/layout/tree/treeColumns.ts';
import { ROW_KIND } from '../../../core/layout/tree/treeRows.ts';
import {
  ENTRY_FLAG,
  readTreeEntry,
  type TreeEntryView,
  type TreeSnapshot,
} from '../../../core/layout/tree/treeSnapshot.ts';
import { formatCalendarDate } from '../../components/issuable/index.ts';
import { Icon, isPlainLeftClick, LabelChip } from '../../ui/index.ts';
import { TREE_TEXT } from './treeTexts.ts';

export interface TreeRowHandlers {
  readonly onToggle: (entry: TreeEntryView) => void;
  readonly onShowMore: (entry: TreeEntryView) => void;
  readonly onRemove: (entry: TreeEntryView) => void;
  /** Given, a plain click (or Enter) on an issue's title opens it here instead of following the link. */
  readonly onOpenIssue?: ((entry: TreeEntryView) => void) | undefined;
}

export interface TreeOverlayProps extends TreeRowHandlers {
  readonly snapshot: TreeSnapshot;
  readonly width: number;
  readonly focusKey: string | null;
  /** The parent whose 'Show more' row holds the tab stop instead of an item row, or null. */
  readonly focusMoreKey: string | null;
  /** Admins of the root may remove its children (adminEpic). */
  readonly canAdmin: boolean;
  readonly epicsWebUrl: string;
  readonly grabbedKey: string | null;
  readonly draggingKey: string | null;
}

/** A label's packed colour as CSS; a label without one shows the default epic blue. */
const hexColor = (packed: number) => unpackColor(packed) ?? DEFAULT_EPIC_COLOR;

/** The list of the item's kind filtered by a label: epics in the group, issues in their project. */
function labelHref(entry: TreeEntryView, epicsWebUrl: string, title: string): string {
  const query = new URLSearchParams([['label_name[]', title]]).toString();
  if (entry.type === 'epic') return `${epicsWebUrl}?${query}`;
  const project = entry.reference.replace(/#\d+$/, '');
  return projectIssuesSearchPath(project, query);
}

/** What the canvas shows of the row, said in words (screen readers read the overlay). */
function rowFacts(entry: TreeEntryView): string {
  const facts: string[] = [];
  if (entry.type === 'epic') {
    facts.push(entry.flags & ENTRY_FLAG.CLOSED ? 'Closed epic' : 'Open epic');
  } else {
    facts.push(entry.flags & ENTRY_FLAG.CLOSED ? 'Closed issue' : 'Open issue');
  }
  if (entry.flags & ENTRY_FLAG.CONFIDENTIAL) facts.push(TREE_TEXT.confidential);
  if (entry.flags & ENTRY_FLAG.BLOCKED) facts.push(TREE_TEXT.blocked);
  if (entry.milestoneTitle) facts.push(`Milestone ${entry.milestoneTitle}`);
  if (entry.dueDate) facts.push(`Due ${formatCalendarDate(entry.dueDate)}`);
  if (entry.weight !== null) facts.push(`Weight ${entry.weight}`);
  if (entry.assigneeCount > 0) facts.push(`Assigned to ${entry.assigneeNames.join(', ')}`);
  if (entry.healthStatus === 'onTrack') facts.push(TREE_TEXT.healthOnTrack);
  if (entry.healthStatus === 'needsAttention') facts.push(TREE_TEXT.healthNeedsAttention);
  if (entry.healthStatus === 'atRisk') facts.push(TREE_TEXT.healthAtRisk);
  return facts.join(', ');
}

export function TreeOverlay(props: TreeOverlayProps) {
  const { snapshot } = props;
  const rows: TreeEntryView[] = [];
  for (let entry = 0; entry < snapshot.count; entry += 1) rows.push(readTreeEntry(snapshot, entry));
  return (
    <>
      {rows.map((entry, index) => (
        <TreeOverlayRow
          key={`${entry.kind}:${entry.key}`}
          entry={entry}
          y={snapshot.entries.y[index] ?? entry.row * snapshot.rowHeight}
          height={snapshot.rowHeight}
          width={props.width}
          focused={
            entry.kind === ROW_KIND.ITEM
              ? props.focusKey === entry.key
              : entry.kind === ROW_KIND.SHOW_MORE && props.focusMoreKey === entry.key
          }
          canAdmin={props.canAdmin}
          epicsWebUrl={props.epicsWebUrl}
          grabbed={props.grabbedKey === entry.key}
          dragging={props.draggingKey === entry.key}
          showLabels={snapshot.isShowingLabels}
          onToggle={props.onToggle}
          onShowMore={props.onShowMore}
          onRemove={props.onRemove}
          onOpenIssue={props.onOpenIssue}
        />
      ))}
    </>
  );
}

interface RowProps extends TreeRowHandlers {
  readonly entry: TreeEntryView;
  readonly y: number;
  readonly height: number;
  readonly width: number;
  readonly focused: boolean;
  readonly canAdmin: boolean;
  readonly epicsWebUrl: string;
  readonly grabbed: boolean;
  readonly dragging: boolean;
  readonly showLabels: boolean;
}

const TreeOverlayRow = memo(function TreeOverlayRow({
  entry,
  y,
  height,
  width,
  focused,
  canAdmin,
  epicsWebUrl,
  grabbed,
  dragging,
  showLabels,
  onToggle,
  onShowMore,
  onRemove,
  onOpenIssue,
}: RowProps) {
  const columns = treeRowColumns(width, entry.level);
  const style = { top: y, height };
  if (entry.kind !== ROW_KIND.ITEM) {
    const showMore = entry.kind === ROW_KIND.SHOW_MORE;
    // Its parent's next page is on its way.
    const fetching = showMore && (entry.flags & ENTRY_FLAG.FETCHING) !== 0;
    // A 'Show more' row is a stop of the roving tab index; Enter or Space on it presses its button.
    return (
      <div
        className="tree-row tree-row-extra"
        role="row"
        aria-level={entry.level}
        aria-posinset={showMore ? entry.posInSet : undefined}
        aria-setsize={showMore ? entry.setSize : undefined}
        aria-busy={fetching || undefined}
        tabIndex={showMore ? (focused ? 0 : -1) : undefined}
        style={style}
        data-row={entry.row}
        data-more-key={showMore ? entry.key : undefined}
        data-testid={showMore ? 'tree-show-more-row' : undefined}
      >
        <div role="gridcell" className="tree-cell" style={{ paddingLeft: columns.textX }}>
          {showMore ? (
            <button
              type="button"
              className="btn btn-tertiary tree-show-more"
              tabIndex={-1}
              disabled={fetching}
              onClick={() => onShowMore(entry)}
              data-testid="tree-show-more"
            >
              {TREE_TEXT.showMore}
            </button>
          ) : (
            <span className="muted" role="status">
              {TREE_TEXT.loading}
            </span>
          )}
        </div>
      </div>
    );
  }
  const hasChildItems = (entry.flags & ENTRY_FLAG.HAS_CHILD_ITEMS) !== 0;
  const expanded = (entry.flags & ENTRY_FLAG.EXPANDED) !== 0;
  const removing = (entry.flags & ENTRY_FLAG.REMOVING) !== 0;
  const classes = [
    'tree-row',
    focused ? 'is-focused' : '',
    grabbed ? 'is-grabbed' : '',
    dragging ? 'is-dragging' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={classes}
      role="row"
      aria-level={entry.level}
      aria-posinset={entry.posInSet}
      aria-setsize={entry.setSize}
      aria-expanded={hasChildItems ? expanded : undefined}
      aria-busy={removing || undefined}
      tabIndex={focused ? 0 : -1}
      style={style}
      data-key={entry.key}
      data-row={entry.row}
      data-testid="tree-row"
    >
      <div role="gridcell" className="tree-cell">
        {hasChildItems ? (
          <button
            type="button"
            className="tree-chevron"
            style={{ left: columns.chevronX }}
            aria-label={expanded ? TREE_TEXT.collapse : TREE_TEXT.expand}
            tabIndex={-1}
            onClick={() => onToggle(entry)}
            data-testid="tree-toggle"
          >
            <Icon name={expanded ? 'chevronDown' : 'chevronRight'} />
          </button>
        ) : null}
        <div className="tree-text" style={{ left: columns.textX, width: columns.textWidth }}>
          <div className="tree-title-line">
            <a
              href={entry.webPath}
              className="tree-title"
              tabIndex={-1}
              draggable={false}
              onClick={(event) => {
                if (entry.type !== 'issue' || !onOpenIssue || !isPlainLeftClick(event)) return;
                event.preventDefault();
                onOpenIssue(entry);
              }}
              data-testid="tree-title"
            >
              {entry.title}
            </a>
            <span className="tree-reference muted">{entry.reference}</span>
            <span className="sr-only" data-testid="tree-row-facts">
              {rowFacts(entry)}
            </span>
          </div>
          {showLabels && entry.labels.length > 0 ? (
            <div className="tree-labels">
              {entry.labels.map((label) => (
                <a
                  key={label.id}
                  className="label-link"
                  href={labelHref(entry, epicsWebUrl, label.title)}
                  tabIndex={-1}
                  draggable={false}
                >
                  <LabelChip
                    title={label.title}
                    color={hexColor(label.color)}
                    textColor={hexColor(label.textColor)}
                  />
                </a>
              ))}
            </div>
          ) : null}
        </div>
        {canAdmin ? (
          <button
            type="button"
            className="btn btn-tertiary btn-icon tree-remove"
            style={{ left: columns.actionX }}
            aria-label={`${TREE_TEXT.remove} ${entry.reference}`}
            tabIndex={-1}
            disabled={removing}
            onClick={() => onRemove(entry)}
            data-testid="tree-remove"
          >
            <Icon name="close" />
          </button>
        ) : null}
      </div>
    </div>
  );
});
