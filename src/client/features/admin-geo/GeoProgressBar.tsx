import type { GeoCounts } from '../../data/index.ts';
import { countsText, type PartWords, pendingCount, progressShares } from './geoFormat.ts';
import { GEO_TEXT } from './geoTexts.ts';

/**
 * GitLab's Geo progress bar: one track split into done (green), failed (red) and pending (the
 * track's grey), with the done percentage above and the counts in words below. The track is a
 * labelled `progressbar` whose value is the done share; its value text carries the counts too.
 */
export function GeoProgressBar({
  name,
  label,
  counts,
  words,
  emptyText,
  testId,
}: {
  /** The bar's accessible name: 'Replication: Uploads'. */
  name: string;
  /** What it counts, shown above it: 'Uploads'. */
  label: string;
  counts: GeoCounts;
  words: PartWords;
  /** Said instead of the counts when there is nothing to count. */
  emptyText: string;
  testId: string;
}) {
  const shares = progressShares(counts);
  const detail = counts.total > 0 ? `${countsText(counts, words)}, of ${counts.total}` : emptyText;
  return (
    <div className="geo-progress" data-testid={testId}>
      <div className="geo-progress-head">
        <span className="geo-progress-label">{label}</span>
        <span className="geo-progress-value">{shares.valueText}</span>
      </div>
      <div
        className="geo-progress-track"
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(shares.value * 100) / 100}
        aria-valuetext={`${shares.valueText} ${words.succeeded} (${detail})`}
      >
        <span
          className="geo-progress-part geo-progress-succeeded"
          style={{ width: `${shares.succeeded}%` }}
        />
        <span className="geo-progress-part geo-progress-failed" style={{ width: `${shares.failed}%` }} />
      </div>
      <p className="geo-progress-legend" data-testid={`${testId}-counts`}>
        {counts.total > 0 ? (
          <>
            <span className="geo-legend-item">
              <span className="geo-dot geo-dot-succeeded" aria-hidden="true" />
              {counts.succeeded} {words.succeeded}
            </span>
            <span className="geo-legend-item">
              <span className="geo-dot geo-dot-failed" aria-hidden="true" />
              {counts.failed} {words.failed}
            </span>
            <span className="geo-legend-item">
              <span className="geo-dot geo-dot-pending" aria-hidden="true" />
              {pendingCount(counts)} {GEO_TEXT.pending}
            </span>
          </>
        ) : (
          emptyText
        )}
      </p>
    </div>
  );
}
