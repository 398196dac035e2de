/**
 * Progress of an epic's child issues (spec: "Percent is closed ÷ (opened + closed) × 100, rounded"), by issue WEIGHT (default) or issue COUNT:
 * - Percent is closed ÷ (opened + closed) × 100, rounded, and 0 if none.
 * - Label: '%{percentage}% issues closed' or '%{percentage}% weight completed'.
 * - Popover: '{completed} of {total} issues closed' or '… weight completed', or '- of -' when unknown.
 */
import type { IssueTotals } from './roadmapEpic.ts';

export const PROGRESS_TRACKING = ['WEIGHT', 'COUNT'] as const;
export type ProgressTracking = (typeof PROGRESS_TRACKING)[number];
export const DEFAULT_PROGRESS_TRACKING: ProgressTracking = 'WEIGHT';

/** The `progress` URL parameter: WEIGHT or COUNT, default WEIGHT. */
export function parseProgressTracking(value: unknown): ProgressTracking {
  return value === 'COUNT' || value === 'WEIGHT' ? value : DEFAULT_PROGRESS_TRACKING;
}

/** Rounded percent closed, 0 when there is nothing (or nothing known) to close. */
export function progressPercent(closed: number, opened: number): number {
  const total = opened + closed;
  return total > 0 ? Math.round((closed / total) * 100) : 0;
}

/** The totals progress tracking reads: counts for COUNT, weight sums for WEIGHT. */
export function totalsFor(
  tracking: ProgressTracking,
  epic: { readonly descendantCounts: IssueTotals | null; readonly descendantWeightSum: IssueTotals | null },
): IssueTotals | null {
  return tracking === 'COUNT' ? epic.descendantCounts : epic.descendantWeightSum;
}

/** The bar's accessible label: '40% issues closed' / '40% weight completed'. */
export function progressLabel(tracking: ProgressTracking, percentage: number): string {
  return tracking === 'COUNT' ? `${percentage}% issues closed` : `${percentage}% weight completed`;
}

/** The popover line: '3 of 4 issues closed', '6 of 10 weight completed', or '- of - issues closed'. */
export function progressPopoverText(tracking: ProgressTracking, totals: IssueTotals | null): string {
  const noun = tracking === 'COUNT' ? 'issues closed' : 'weight completed';
  if (!totals) return `- of - ${noun}`;
  return `${totals.closedIssues} of ${totals.openedIssues + totals.closedIssues} ${noun}`;
}
