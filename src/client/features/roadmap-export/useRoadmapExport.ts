/**
 * Runs one export at a time: fetches every filtered epic when the export needs more than is loaded
 * (or the spreadsheet's fields), hands the work to the export worker, reports progress, and
 * downloads the file. `cancel` aborts the fetch and terminates the worker.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RoadmapEpicInput } from '../../../core/layout/roadmapEpic.ts';
import { type ExportEpic, exportFileName, type PaperSize } from '../../../core/roadmapExport/index.ts';
import type { CalendarDate } from '../../../core/time/calendarDate.ts';
import { type ExportJob, runRoadmapExport } from '../../bridge/roadmapExportClient.ts';
import type { RoadmapEpicView } from '../../data/index.ts';
import {
  type ExportEpicsFetcher,
  useRoadmapExportEpicsFetcher,
} from '../../data/roadmapExport/roadmapExportEpics.ts';
import { systemClock } from '../../lib/clock.ts';
import { downloadBlob } from './download.ts';
import { exportRequest, groupPathOf, type RoadmapExportSource } from './exportSource.ts';
import { EXPORT_TEXT } from './exportTexts.ts';

export type ExportChoice =
  | { readonly format: 'png'; readonly region: 'view' | 'all'; readonly width: number }
  | { readonly format: 'pdf'; readonly paper: PaperSize }
  | { readonly format: 'csv' };

export type ExportState =
  | { readonly status: 'idle' }
  | { readonly status: 'running'; readonly progress: number; readonly message: string }
  | { readonly status: 'done'; readonly fileName: string }
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed' };

/** Most epics an export fetches (well past the roadmap's own limit). */
const EXPORT_EPIC_LIMIT = 100_000;
/** Share of the progress bar the fetch takes when the export needs one. */
const FETCH_SHARE = 0.6;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** An epic the roadmap holds, with the spreadsheet's fields it does not have left unknown. */
function asExportEpic(epic: RoadmapEpicView, parents: ReadonlyMap<number, RoadmapEpicView>): ExportEpic {
  const parent = epic.parentId === null ? undefined : parents.get(epic.parentId);
  return {
    ...epic,
    reference: `${epic.groupFullPath}&${epic.iid}`,
    groupFullPath: epic.groupFullPath,
    state: epic.state === 'closed' ? 'closed' : 'opened',
    startDateIsFixed: null,
    dueDateIsFixed: null,
    labels: [],
    parentReference: parent ? `${parent.groupFullPath}&${parent.iid}` : null,
  };
}

interface Rows {
  /** Every top-level epic matching the filters, with the spreadsheet's fields. */
  readonly matching: readonly ExportEpic[];
  /** What a whole-roadmap picture draws: those, and the loaded children of expanded rows. */
  readonly drawn: readonly RoadmapEpicInput[];
}

async function wholeRoadmap(
  source: RoadmapExportSource,
  fetchEpics: ExportEpicsFetcher,
  signal: AbortSignal,
  onFetched: (loaded: number, total: number | null) => void,
): Promise<Rows> {
  const groupPath = groupPathOf(source);
  if (groupPath === null) {
    const byId = new Map(source.epics.map((epic) => [epic.id, epic]));
    const all = source.epics.map((epic) => asExportEpic(epic, byId));
    return { matching: all, drawn: all };
  }
  const {
    first: _first,
    endCursor: _cursor,
    withCount: _count,
    ...variables
  } = source.variables as Record<string, unknown>;
  const matching = await fetchEpics(variables as Parameters<ExportEpicsFetcher>[0], {
    signal,
    onProgress: onFetched,
    limit: EXPORT_EPIC_LIMIT,
  });
  const ids = new Set(matching.map((epic) => epic.id));
  const children = source.epics.filter((epic) => !ids.has(epic.id));
  return { matching, drawn: [...matching, ...children] };
}

export function useRoadmapExport(source: RoadmapExportSource, today: CalendarDate) {
  const fetchEpics = useRoadmapExportEpicsFetcher();
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    running.current?.abort();
  }, []);
  useEffect(() => () => running.current?.abort(), []);

  const run = useCallback(
    async (choice: ExportChoice) => {
      if (running.current) return;
      const abort = new AbortController();
      running.current = abort;
      const { signal } = abort;
      const report = (progress: number, message: string) => {
        if (!signal.aborted) setState({ status: 'running', progress, message });
      };
      report(0, EXPORT_TEXT.rendering);
      try {
        const needsAll = choice.format !== 'png' || choice.region === 'all';
        let share = 0;
        let rows: Rows | null = null;
        if (needsAll) {
          share = groupPathOf(source) ? FETCH_SHARE : 0;
          rows = await wholeRoadmap(source, fetchEpics, signal, (loaded, total) =>
            report(total ? (share * loaded) / Math.max(total, 1) : 0, EXPORT_TEXT.fetching(loaded, total)),
          );
        }
        report(share, EXPORT_TEXT.rendering);
        const job = jobOf(choice, source, rows);
        const file = await runRoadmapExport(job, {
          signal,
          onProgress: (fraction) => report(share + (1 - share) * fraction, EXPORT_TEXT.rendering),
        });
        const suffix = choice.format === 'png' ? (choice.region === 'view' ? 'view' : 'all') : '';
        const fileName = exportFileName(groupPathOf(source) ?? 'roadmap', today, choice.format, suffix);
        downloadBlob(file.blob, fileName);
        setState({ status: 'done', fileName });
      } catch (error) {
        if (isAbort(error) || signal.aborted) setState({ status: 'cancelled' });
        else {
          setState({ status: 'failed' });
          console.error('Roadmap export failed', error);
        }
      } finally {
        if (running.current === abort) running.current = null;
      }
    },
    [source, fetchEpics, today],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, run, cancel, reset };
}

function jobOf(choice: ExportChoice, source: RoadmapExportSource, rows: Rows | null): ExportJob {
  if (choice.format === 'csv')
    return { kind: 'csv', epics: rows?.matching ?? [], tracking: source.settings.progressTracking };
  const region = choice.format === 'png' ? choice.region : 'all';
  const request = exportRequest(source, rows ? rows.drawn : source.epics, region, systemClock.now());
  if (!request) throw new Error('The roadmap has no view to export yet');
  return choice.format === 'png'
    ? { kind: 'png', request, width: choice.width }
    : { kind: 'pdf', request, paper: choice.paper };
}
