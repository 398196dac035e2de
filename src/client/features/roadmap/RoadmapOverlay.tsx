/**
 * The accessible truth over the canvas: a virtualized WAI-ARIA treegrid with one row per laid-out
 * epic in the snapshot's window. Each row carries the details column (chevron, title link, group
 * name, timeframe, child count) and screen-reader text of what the bar shows. Rows sit at their
 * list position inside a layer that the frame translates; React re-renders only on a new snapshot.
 * When the canvas is unavailable (no WebGL, or the context is lost), the same rows also draw their
 * bars and the header as plain DOM.
 */
import { type CSSProperties, memo, type KeyboardEvent as ReactKeyboardEvent, type Ref } from 'react';
import { EPIC_ITEM_HEIGHT } from '../../../core/layout/constants.ts';
import { unpackColor } from '../../../core/layout/epicStore.ts';
import { progressLabel, progressPopoverText } from '../../../core/layout/progress.ts';
import { ROW_FLAG } from '../../../core/layout/roadmapEpic.ts';
import type { LayoutSnapshot } from '../../../core/layout/snapshot.ts';
import { formatDateRange } from '../../../core/time/formatting.ts';
import type { RoadmapEpicView } from '../../data/index.ts';
import { Icon } from '../../ui/index.ts';
import { childEpicsNoun, childEpicsText } from './roadmapTexts.ts';

/** One overlay row, resolved from the snapshot into plain values (rows re-render only when they change). */
export interface OverlayRowModel {
  readonly row: number;
  readonly epic: RoadmapEpicView;
  readonly flags: number;
  readonly level: number;
  /** Bar left edge and width, world px of the snapshot (read by tests). */
  readonly barX: number;
  readonly barWidth: number;
  readonly posInSet: number;
  readonly setSize: number;
  readonly groupName: string | null;
  /** What the bar shows, for screen readers. */
  readonly description: string;
}

export function rowModels(
  snapshot: LayoutSnapshot | null,
  epicOf: (id: number) => RoadmapEpicView | undefined,
): OverlayRowModel[] {
  if (!snapshot) return [];
  const models: OverlayRowModel[] = [];
  for (let entry = 0; entry < snapshot.count; entry += 1) {
    const epic = epicOf(snapshot.rows.ids[entry]!);
    if (!epic) continue;
    const { rows, strings } = snapshot;
    const groupNameIndex = rows.groupName[entry]!;
    models.push({
      row: snapshot.firstRow + entry,
      epic,
      flags: rows.flags[entry]!,
      level: rows.level[entry]!,
      barX: rows.x[entry]!,
      barWidth: rows.width[entry]!,
      posInSet: rows.posInSet[entry]!,
      setSize: rows.setSize[entry]!,
      groupName: groupNameIndex >= 0 ? (strings[groupNameIndex] ?? null) : null,
      description: barDescription(snapshot, entry, epic),
    });
  }
  return models;
}

/** '60% weight completed' or '- of -' when the totals are unknown (spec: "Popover: … '- of -' when unknown"). */
export function barDescription(snapshot: LayoutSnapshot, entry: number, epic: RoadmapEpicView): string {
  const dates = formatDateRange(epic.startDate, epic.dueDate) ?? 'No dates';
  const links = dependencyText(epic);
  if (snapshot.rows.flags[entry]! & ROW_FLAG.PROGRESS_UNKNOWN)
    return `${dates}, ${progressPopoverText(snapshot.progressTracking, null)}${links}`;
  return `${dates}, ${progressLabel(snapshot.progressTracking, snapshot.rows.progress[entry]!)}${links}`;
}

/** ', blocks 2, blocked by 1': the 'blocks' links the arrows draw, each side only when there are any. */
export function dependencyText(epic: Pick<RoadmapEpicView, 'blockingCount' | 'blockedByCount'>): string {
  const blocks = epic.blockingCount ?? 0;
  return `${blocks > 0 ? `, blocks ${blocks}` : ''}${epic.blockedByCount > 0 ? `, blocked by ${epic.blockedByCount}` : ''}`;
}

export interface RoadmapOverlayProps {
  readonly snapshot: LayoutSnapshot | null;
  readonly rows: readonly OverlayRowModel[];
  readonly rowsTop: number;
  readonly activeRow: number;
  readonly loadingChildren: ReadonlySet<number>;
  readonly allowSubEpics: boolean;
  readonly showBars: boolean;
  readonly rowsRef: Ref<HTMLDivElement>;
  readonly timelineRef: Ref<HTMLDivElement>;
  readonly onToggle: (epic: RoadmapEpicView, expanded: boolean) => void;
  readonly onRowKeyDown: (event: ReactKeyboardEvent<HTMLElement>, model: OverlayRowModel) => void;
  readonly onRowFocus: (model: OverlayRowModel) => void;
  readonly onRowBlur: () => void;
}

export function RoadmapOverlay(props: RoadmapOverlayProps) {
  const { snapshot, rows, rowsTop, activeRow } = props;
  const rendered = rows.some((model) => model.row === activeRow);
  const tabbableRow = rendered ? activeRow : (rows[0]?.row ?? -1);
  return (
    <div
      role="treegrid"
      aria-label="Epics on the roadmap"
      aria-rowcount={(snapshot?.rowCount ?? 0) + 1}
      aria-colcount={3}
      className="roadmap-treegrid"
      style={{ top: rowsTop }}
      data-testid="roadmap-treegrid"
      data-timeline-width={snapshot?.timelineWidth}
    >
      <div role="row" aria-rowindex={1} className="sr-only">
        <span role="columnheader">Epic</span>
        <span role="columnheader">Dates and progress</span>
        <span role="columnheader">Children</span>
      </div>
      {props.showBars && snapshot ? (
        <div
          className="roadmap-dom-bars"
          ref={props.timelineRef}
          aria-hidden="true"
          data-testid="roadmap-dom-bars"
        >
          {rows.map((model) => (
            <DomBar key={model.epic.id} snapshot={snapshot} model={model} />
          ))}
        </div>
      ) : null}
      <div role="rowgroup" className="roadmap-rows" ref={props.rowsRef}>
        {rows.map((model) => (
          <OverlayRow
            key={model.epic.id}
            model={model}
            tabbable={model.row === tabbableRow}
            loading={props.loadingChildren.has(model.epic.id)}
            allowSubEpics={props.allowSubEpics}
            onToggle={props.onToggle}
            onRowKeyDown={props.onRowKeyDown}
            onRowFocus={props.onRowFocus}
            onRowBlur={props.onRowBlur}
          />
        ))}
      </div>
    </div>
  );
}

interface OverlayRowProps
  extends Pick<
    RoadmapOverlayProps,
    'allowSubEpics' | 'onToggle' | 'onRowKeyDown' | 'onRowFocus' | 'onRowBlur'
  > {
  readonly model: OverlayRowModel;
  readonly tabbable: boolean;
  readonly loading: boolean;
}

/** Equal when everything a row shows is equal: a scroll that only moves the window re-renders no row. */
function sameRow(a: OverlayRowProps, b: OverlayRowProps): boolean {
  const keys = Object.keys(a.model) as (keyof OverlayRowModel)[];
  return (
    keys.every((key) => a.model[key] === b.model[key]) &&
    a.tabbable === b.tabbable &&
    a.loading === b.loading &&
    a.allowSubEpics === b.allowSubEpics &&
    a.onToggle === b.onToggle &&
    a.onRowKeyDown === b.onRowKeyDown &&
    a.onRowFocus === b.onRowFocus &&
    a.onRowBlur === b.onRowBlur
  );
}

const OverlayRow = memo(function OverlayRow({
  model,
  tabbable,
  loading,
  allowSubEpics,
  onToggle,
  onRowKeyDown,
  onRowFocus,
  onRowBlur,
}: OverlayRowProps) {
  const { epic, flags, level, row, groupName } = model;
  const hasChildren = Boolean(flags & ROW_FLAG.HAS_CHILDREN) && allowSubEpics;
  const expanded = Boolean(flags & ROW_FLAG.EXPANDED);
  const dates = formatDateRange(epic.startDate, epic.dueDate);
  return (
    <div
      role="row"
      tabIndex={tabbable ? 0 : -1}
      aria-rowindex={row + 2}
      aria-level={level + 1}
      aria-posinset={model.posInSet}
      aria-setsize={model.setSize}
      aria-expanded={hasChildren ? expanded : undefined}
      aria-busy={loading || undefined}
      // Move mode (M) reschedules the epic from the keyboard, for those who may change it.
      aria-keyshortcuts={epic.canUpdate ? 'M' : undefined}
      data-can-reschedule={epic.canUpdate || undefined}
      className={`roadmap-row${flags & ROW_FLAG.NEW_EPIC ? ' roadmap-row-new' : ''}`}
      style={{ top: row * EPIC_ITEM_HEIGHT }}
      data-testid="roadmap-row"
      data-row={row}
      data-epic-id={epic.id}
      data-bar-x={model.barX}
      data-bar-width={model.barWidth}
      onKeyDown={(event) => onRowKeyDown(event, model)}
      onFocus={(event) => {
        if (event.target === event.currentTarget) onRowFocus(model);
      }}
      onBlur={onRowBlur}
    >
      <div
        role="gridcell"
        className="roadmap-row-details"
        style={{ '--roadmap-level': Math.min(level, 4) } as CSSProperties}
      >
        {hasChildren ? (
          <button
            type="button"
            tabIndex={-1}
            className="roadmap-chevron"
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${epic.title}`}
            data-testid="roadmap-expand"
            onClick={() => onToggle(epic, !expanded)}
          >
            {loading ? (
              <span className="spinner spinner-small" aria-hidden="true" />
            ) : (
              <Icon name={expanded ? 'chevronDown' : 'chevronRight'} />
            )}
          </button>
        ) : (
          <span className="roadmap-chevron-spacer" />
        )}
        <div className="roadmap-row-text">
          <div className="roadmap-row-title-line">
            {epic.blocked ? (
              <span
                className="roadmap-blocked"
                title={`Blocked by ${epic.blockedByCount} ${epic.blockedByCount === 1 ? 'epic' : 'epics'}`}
              >
                <Icon name="blocked" />
                <span className="sr-only">Blocked</span>
              </span>
            ) : null}
            <a
              href={epic.webPath}
              tabIndex={-1}
              className="roadmap-row-title"
              data-testid="roadmap-row-title"
            >
              {epic.title}
            </a>
          </div>
          <div className="roadmap-row-meta">
            {groupName ? <span className="roadmap-row-group">{groupName}</span> : null}
            <span className="roadmap-row-dates">{dates ?? 'No dates'}</span>
          </div>
        </div>
        {allowSubEpics && epic.childEpicCount > 0 ? (
          <span className="roadmap-row-children" title={childEpicsText(epic.childEpicCount)}>
            <Icon name="epic" />
            {epic.childEpicCount}
            <span className="sr-only">{childEpicsNoun(epic.childEpicCount)}</span>
          </span>
        ) : null}
      </div>
      <div role="gridcell" className="sr-only">
        {model.description}
      </div>
      <div role="gridcell" className="sr-only">
        {allowSubEpics ? childEpicsText(epic.childEpicCount) : null}
      </div>
    </div>
  );
}, sameRow);

/** The plain-DOM bar of a row when the canvas cannot draw (world px; the layer is transformed). */
function DomBar({ snapshot, model }: { snapshot: LayoutSnapshot; model: OverlayRowModel }) {
  const { rows } = snapshot;
  const entry = model.row - snapshot.firstRow;
  const color = rows.color[entry]!;
  const textColor = rows.textColor[entry]!;
  return (
    <div
      className="roadmap-dom-bar"
      style={{
        left: model.barX,
        width: model.barWidth,
        top: model.row * EPIC_ITEM_HEIGHT + 9,
        background: unpackColor(color) ?? undefined,
        color: unpackColor(textColor) ?? undefined,
      }}
    >
      {model.barWidth < 40 ? '...' : model.epic.title}
    </div>
  );
}
