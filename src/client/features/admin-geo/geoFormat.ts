/**
 * Pure wording and arithmetic of the Geo sites page: the replication lag, the pending items, the
 * server's percentages and the shares a progress bar draws.
 */
import type { GeoCounts } from '../../data/index.ts';
import { GEO_TEXT } from './geoTexts.ts';

/**
 * The database replication lag: '12 s', '3 min', '2 h 5 min'; 'Unavailable' where the database
 * cannot replicate (the embedded one), 'Unknown' when the site has not told.
 */
export function lagText(seconds: number | null, available: boolean): string {
  if (!available) return GEO_TEXT.unavailable;
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return GEO_TEXT.unknown;
  const whole = Math.floor(seconds);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min`;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
}

/** Items neither done nor failed (GitLab's registry count − synced − failed), never below 0. */
export function pendingCount(counts: GeoCounts): number {
  return Math.max(0, counts.total - counts.succeeded - counts.failed);
}

/** GitLab's `*_in_percentage` ('12.50%') as a number in [0, 100]; null when it is none. */
export function parsePercentage(text: string | null): number | null {
  const match = text?.trim().match(/^(\d+(?:\.\d+)?)\s*%$/);
  if (!match?.[1]) return null;
  return Math.min(100, Number(match[1]));
}

/** A share of the total in percent (0 of nothing is 0). */
const share = (part: number, total: number): number => (total > 0 ? Math.min(100, (100 * part) / total) : 0);

/** What a progress bar shows: each part's width in percent, and the value it announces. */
export interface ProgressShares {
  readonly succeeded: number;
  readonly failed: number;
  readonly pending: number;
  /** The done share, in [0, 100]: the server's percentage when it sent one. */
  readonly value: number;
  /** The value as shown: the server's text when it sent one ('62.50%'). */
  readonly valueText: string;
}

export function progressShares(counts: GeoCounts): ProgressShares {
  const succeeded = share(counts.succeeded, counts.total);
  const value = parsePercentage(counts.percentText) ?? succeeded;
  return {
    succeeded,
    failed: share(counts.failed, counts.total),
    pending: share(pendingCount(counts), counts.total),
    value,
    valueText: counts.percentText?.trim() || `${value.toFixed(2)}%`,
  };
}

/** GitLab's words of one bar's parts: succeeded as 'synced', failed as 'failed'. */
export interface PartWords {
  readonly succeeded: string;
  readonly failed: string;
}

/** The counts in words, for the legend and for assistive technology: '5 synced, 1 failed, 2 pending'. */
export function countsText(counts: GeoCounts, words: PartWords): string {
  return [
    `${counts.succeeded} ${words.succeeded}`,
    `${counts.failed} ${words.failed}`,
    `${pendingCount(counts)} ${GEO_TEXT.pending}`,
  ].join(', ');
}

/** An event's id as shown: 'None' before the first. */
export const eventIdText = (id: number | null): string => (id === null ? GEO_TEXT.none : String(id));
