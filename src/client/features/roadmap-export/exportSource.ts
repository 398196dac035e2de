/**
 * What the roadmap hands its export button: the rows it shows, its settings and filters, and where
 * it is looking. Plain data and one getter, so this feature knows nothing of the roadmap's internals.
 */

import type { RoadmapEpicInput } from '../../../core/layout/roadmapEpic.ts';
import type { RoadmapSettings } from '../../../core/layout/roadmapSettings.ts';
import type { ExportRegion, RoadmapExportRequest } from '../../../core/roadmapExport/index.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { calendarDateOf, formatCalendarDate } from '../../../core/time/formatting.ts';
import { specOfScale } from '../../../core/time/scaleSpec.ts';
import type { TimeScale } from '../../../core/time/timeScale.ts';
import type { RoadmapEpicView } from '../../data/index.ts';
import { EXPORT_TEXT } from './exportTexts.ts';

/** The roadmap's viewport as its controller keeps it (px; scrollLeft in world px of the timeline). */
export interface ExportViewport {
  readonly scrollTop: number;
  readonly scrollLeft: number;
  readonly width: number;
  readonly height: number;
  readonly scale: TimeScale;
}

export interface RoadmapExportSource {
  readonly settings: RoadmapSettings;
  readonly today: CalendarDate;
  /** The roadmap's group id (numeric) or null. */
  readonly currentGroupId: number | null;
  readonly singleEpicIid: boolean;
  /** The epics query's variables; on the group roadmap they carry `fullPath` and the filters. */
  readonly variables: object;
  /** Every row the roadmap holds: top-level pages loaded so far and loaded children. */
  readonly epics: readonly RoadmapEpicView[];
  /** The top-level epics loaded so far, and how many match in all. */
  readonly loaded: number;
  readonly total: number | null;
  readonly expanded: ReadonlySet<number>;
  /** Where the roadmap is looking now; null before it has a size. */
  readonly viewport: () => ExportViewport | null;
}

/** The group's full path from the roadmap's variables, when it pages a group's epics. */
export function groupPathOf(source: RoadmapExportSource): string | null {
  const fullPath = (source.variables as { fullPath?: unknown }).fullPath;
  return typeof fullPath === 'string' && fullPath ? fullPath : null;
}

export function exportRequest(
  source: RoadmapExportSource,
  epics: readonly RoadmapEpicInput[],
  region: 'view' | 'all',
  now: Date,
): RoadmapExportRequest | null {
  const { settings } = source;
  const viewport = source.viewport();
  if (region === 'view' && !viewport) return null;
  const exportRegion: ExportRegion =
    region === 'view' && viewport
      ? {
          kind: 'view',
          scrollTop: viewport.scrollTop,
          height: viewport.height,
          scrollLeft: viewport.scrollLeft,
          width: viewport.width,
        }
      : { kind: 'all' };
  const groupPath = groupPathOf(source);
  return {
    view: {
      timeframe: {
        rangeType: settings.timeframeRangeType,
        presetType: settings.presetType,
        today: source.today,
      },
      scale: viewport ? specOfScale(viewport.scale) : { kind: 'preset' },
      sortedBy: settings.sortedBy,
      progressTracking: settings.progressTracking,
      currentGroupId: source.currentGroupId,
      singleEpicIid: source.singleEpicIid,
    },
    epics,
    expandedIds: [...source.expanded],
    region: exportRegion,
    texts: {
      title: groupPath ? `${groupPath} roadmap` : EXPORT_TEXT.printTitle,
      note: EXPORT_TEXT.exported(formatCalendarDate(calendarDateOf(now))),
      today: EXPORT_TEXT.today(formatCalendarDate(source.today)),
      progress:
        settings.progressTracking === 'COUNT' ? EXPORT_TEXT.progressCount : EXPORT_TEXT.progressWeight,
    },
    showProgress: settings.showProgress,
  };
}
