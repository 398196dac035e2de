import { formatTimeAgo, formatTimestamp } from '../../../core/time/formatting.ts';
import type { SecurityReportSummaryView } from '../../data/index.ts';
import { useNow } from '../../lib/index.ts';
import { scanLabel } from './vulnerabilityFormat.ts';
import { VULNERABILITY_TEXT as TEXT } from './vulnerabilityTexts.ts';

/** A project's "Last updated": when each tool's latest report came in, newest first. */
export function LastUpdated({ summaries }: { summaries: readonly SecurityReportSummaryView[] }) {
  const now = useNow();
  const dated = summaries
    .flatMap((summary) => (summary.ingestedAt ? [{ ...summary, at: summary.ingestedAt }] : []))
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  if (dated.length === 0) return null;
  return (
    <section
      className="vuln-last-updated"
      aria-label={TEXT.lastUpdatedLabel}
      data-testid="vulnerability-last-updated"
    >
      <span className="vuln-last-updated-title">{TEXT.lastUpdated}</span>
      <dl className="vuln-last-updated-list">
        {dated.map((summary) => (
          <div key={`${summary.reportType}-${summary.scannerName}`} className="vuln-last-updated-item">
            <dt>{scanLabel(summary)}</dt>
            <dd>
              <time dateTime={summary.at} title={formatTimestamp(summary.at)}>
                {formatTimeAgo(summary.at, now)}
              </time>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
