/**
 * An epic as the exports take it: the roadmap's input row plus what a spreadsheet wants and the
 * roadmap does not draw (GitLab's full reference, labels, whether each date is fixed or inherited,
 * the parent's reference). The data layer maps its export query to this; past it, dates are CalendarDates.
 */
import type { RoadmapEpicInput } from '../layout/roadmapEpic.ts';

export interface ExportEpicDetails {
  /** GitLab's full reference, 'acme/platform&12'. */
  readonly reference: string;
  readonly groupFullPath: string;
  readonly state: 'opened' | 'closed';
  /** null when the server did not say. */
  readonly startDateIsFixed: boolean | null;
  readonly dueDateIsFixed: boolean | null;
  readonly labels: readonly string[];
  /** The parent's full reference; null for a top-level epic. */
  readonly parentReference: string | null;
}

export interface ExportEpic extends RoadmapEpicInput, ExportEpicDetails {}
