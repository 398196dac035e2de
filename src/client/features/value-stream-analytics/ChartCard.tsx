import { type ReactNode, useId, useState } from 'react';
import { Alert, Button, Loading } from '../../ui/index.ts';
import { ScrollArea } from './ScrollArea.tsx';
import { VSA_TEXT } from './vsaTexts.ts';

/**
 * A chart's card: its title and controls, then the chart (an SVG with role img and a summary) or,
 * at the person's choice, the same numbers as a table. An empty, failed or loading chart says so
 * instead. The chart scrolls sideways inside the card when the card is narrower than it.
 */
export function ChartCard({
  title,
  description,
  controls,
  testId,
  loading,
  error,
  empty,
  chart,
  table,
  legend,
}: {
  title: string;
  description?: ReactNode;
  controls?: ReactNode;
  testId: string;
  loading: boolean;
  error: string | null;
  /** What to say instead of the chart when there is nothing to draw; null when there is. */
  empty: string | null;
  chart: () => ReactNode;
  table: () => ReactNode;
  legend?: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  const drawable = !error && empty === null;
  return (
    <section className="vsa-card" aria-labelledby={headingId} aria-busy={loading} data-testid={testId}>
      <header className="vsa-card-header">
        <div className="vsa-card-heading">
          <h2 id={headingId} className="vsa-card-title">
            {title}
          </h2>
          {description ? <p className="vsa-card-description muted">{description}</p> : null}
        </div>
        <div className="vsa-card-controls">
          {controls}
          {drawable ? (
            <Button
              variant="default"
              icon={showTable ? 'chart' : 'epic'}
              aria-pressed={showTable}
              aria-controls={bodyId}
              onClick={() => setShowTable(!showTable)}
              data-testid={`${testId}-toggle`}
            >
              {showTable ? VSA_TEXT.showChart : VSA_TEXT.showTable}
            </Button>
          ) : null}
        </div>
      </header>
      <div id={bodyId} className="vsa-card-body">
        {error ? (
          <Alert variant="danger">{error}</Alert>
        ) : empty !== null ? (
          loading ? (
            <Loading label={`Loading ${title}`} />
          ) : (
            <p className="vsa-chart-empty" data-testid={`${testId}-empty`}>
              {empty}
            </p>
          )
        ) : showTable ? (
          <ScrollArea className="vsa-table-scroll" label={`${title}: ${VSA_TEXT.table}`}>
            {table()}
          </ScrollArea>
        ) : (
          <>
            <ScrollArea className="vsa-chart-scroll" label={`${title}: ${VSA_TEXT.chart}`}>
              {chart()}
            </ScrollArea>
            {legend}
          </>
        )}
      </div>
    </section>
  );
}
