/** 10k deterministic export epics: the layout bench's generator plus the spreadsheet's fields. */

import type { ViewSpec } from '../../src/core/layout/roadmapSession.ts';
import type { ExportEpic, RoadmapExportRequest } from '../../src/core/roadmapExport/index.ts';
import type { CalendarDate } from '../../src/core/time/calendarDate.ts';
import { generateRawEpics, toEpicInputs } from '../layout/generate.ts';

export function exportEpics(count: number): ExportEpic[] {
  return toEpicInputs(generateRawEpics(count)).map((epic, i) => ({
    ...epic,
    title:
      i % 97 === 0
        ? `=cmd|' /C calc'!A0 ${epic.title}`
        : i % 13 === 0
          ? `${epic.title}, "quoted"`
          : epic.title,
    reference: `acme/platform&${epic.iid}`,
    groupFullPath: 'acme/platform',
    state: i % 4 === 0 ? 'closed' : 'opened',
    startDateIsFixed: i % 2 === 0,
    dueDateIsFixed: i % 3 === 0,
    labels: i % 5 === 0 ? ['backend', 'priority::1'] : ['frontend'],
    parentReference: epic.parentId === null ? null : `acme/platform&${epic.parentId}`,
  }));
}

const VIEW: ViewSpec = {
  timeframe: { rangeType: 'THREE_YEARS', presetType: 'MONTHS', today: '2018-06-15' as CalendarDate },
  scale: { kind: 'preset' },
  sortedBy: 'start_date_asc',
  progressTracking: 'WEIGHT',
  currentGroupId: 1,
  singleEpicIid: false,
};

/** The whole roadmap of `epics`, every parent expanded (so children are listed too). */
export function wholeRequest(epics: readonly ExportEpic[]): RoadmapExportRequest {
  return {
    view: VIEW,
    epics,
    expandedIds: epics.filter((epic) => epic.hasChildren).map((epic) => epic.id),
    region: { kind: 'all' },
    texts: {
      title: 'acme roadmap',
      note: 'bench',
      today: 'Today: Jun 15, 2018',
      progress: 'weight completed',
    },
    showProgress: true,
  };
}
