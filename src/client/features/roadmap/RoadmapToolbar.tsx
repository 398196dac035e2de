/**
 * The roadmap's view controls (beyond GitLab, for presenters and portfolio managers): zoom out/in
 * with the current level, back to the layout's columns, Today, Fit all, presentation mode, and how
 * many epics are loaded with a way to load them all at once, and Export (PNG, PDF, CSV; issue 23).
 */

import { memo } from 'react';
import { Button } from '../../ui/index.ts';
import { RoadmapExportButton, type RoadmapExportSource, RoadmapPrintImage } from '../roadmap-export/index.ts';
import { showingEpicsText } from './roadmapTexts.ts';

export interface RoadmapToolbarProps {
  readonly zoomed: boolean;
  readonly canZoomIn: boolean;
  readonly canZoomOut: boolean;
  readonly loaded: number;
  readonly total: number | null;
  readonly hasNextPage: boolean;
  readonly loadingMore: boolean;
  readonly presentation: boolean;
  readonly onZoomIn: () => void;
  readonly onZoomOut: () => void;
  readonly onResetZoom: () => void;
  readonly onToday: () => void;
  readonly onFitAll: () => void;
  readonly onPresentation: () => void;
  readonly onLoadAll: () => void;
  /** What the Export button exports (and printing shows); no button without it. */
  readonly exportSource?: RoadmapExportSource | undefined;
}

/** Memoised: the roadmap re-renders with every snapshot of a scroll, the toolbar only when it changes. */
export const RoadmapToolbar = memo(function RoadmapToolbar(props: RoadmapToolbarProps) {
  const { loaded, total, hasNextPage } = props;
  return (
    <div className="roadmap-toolbar" role="toolbar" aria-label="Roadmap view" data-testid="roadmap-toolbar">
      <div className="roadmap-toolbar-group">
        <Button
          icon="zoomOut"
          iconOnly
          aria-label="Zoom out"
          title="Zoom out (-)"
          disabled={!props.canZoomOut}
          onClick={props.onZoomOut}
          data-testid="roadmap-zoom-out"
        />
        <Button
          icon="zoomIn"
          iconOnly
          aria-label="Zoom in"
          title="Zoom in (+)"
          disabled={!props.canZoomIn}
          onClick={props.onZoomIn}
          data-testid="roadmap-zoom-in"
        />
        {props.zoomed ? (
          <Button variant="tertiary" onClick={props.onResetZoom} data-testid="roadmap-reset-zoom">
            Reset zoom
          </Button>
        ) : null}
        <Button icon="today" onClick={props.onToday} data-testid="roadmap-today">
          Today
        </Button>
        <Button icon="fit" onClick={props.onFitAll} data-testid="roadmap-fit-all">
          Fit all
        </Button>
        <Button
          icon={props.presentation ? 'minimize' : 'maximize'}
          aria-pressed={props.presentation}
          onClick={props.onPresentation}
          data-testid="roadmap-presentation"
        >
          {props.presentation ? 'Exit presentation' : 'Present'}
        </Button>
        {props.exportSource ? <RoadmapExportButton source={props.exportSource} /> : null}
      </div>
      <div className="roadmap-toolbar-group roadmap-toolbar-count">
        <span data-testid="roadmap-count">{total === null ? '' : showingEpicsText(loaded, total)}</span>
        {hasNextPage ? (
          <Button
            icon="download"
            disabled={props.loadingMore}
            onClick={props.onLoadAll}
            data-testid="roadmap-load-all"
          >
            {props.loadingMore ? 'Loading…' : 'Load all'}
          </Button>
        ) : null}
      </div>
      {props.exportSource ? <RoadmapPrintImage source={props.exportSource} /> : null}
    </div>
  );
});
