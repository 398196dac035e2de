/** The overview's lifecycle metrics: lead and cycle time, then new issues, deploys and their frequency. */
import { useId } from 'react';
import type { SummaryMetric } from '../../data/index.ts';
import { Alert, Loading } from '../../ui/index.ts';
import { formatMetric } from './vsaFormat.ts';
import { VSA_TEXT } from './vsaTexts.ts';

export function OverviewMetrics({
  metrics,
  loading,
  failed,
}: {
  metrics: readonly SummaryMetric[] | null;
  loading: boolean;
  failed: boolean;
}) {
  const headingId = useId();
  return (
    <section
      className="vsa-metrics"
      aria-labelledby={headingId}
      aria-busy={loading}
      data-testid="vsa-metrics"
    >
      <h2 id={headingId} className="sr-only">
        {VSA_TEXT.lifecycleMetrics}
      </h2>
      {failed ? <Alert variant="danger">{VSA_TEXT.summaryError}</Alert> : null}
      {metrics === null ? (
        loading ? (
          <Loading label={VSA_TEXT.lifecycleMetrics} />
        ) : null
      ) : (
        <dl className="vsa-tiles">
          {metrics.map((metric) => (
            <div
              key={metric.identifier}
              className="vsa-tile"
              title={metric.description ?? undefined}
              data-testid={`vsa-metric-${metric.identifier}`}
            >
              <dt className="vsa-tile-title">{metric.title}</dt>
              <dd className="vsa-tile-value">{formatMetric(metric)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
