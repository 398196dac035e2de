import { useMetricImages } from '../../../data/index.ts';
import { Alert, Loading } from '../../../ui/index.ts';
import { INCIDENT_TEXT } from './incidentTexts.ts';
import { MetricImageCard } from './MetricImageCard.tsx';
import { MetricImageUpload } from './MetricImageUpload.tsx';

/**
 * GitLab's Metrics tab of an incident: the drop zone (for those who may change the incident's
 * images) and the images as a grid of thumbnails with their text or link.
 */
export function MetricsTab({
  projectId,
  iid,
  canManage,
  maxBytes,
}: {
  projectId: string;
  iid: string;
  canManage: boolean;
  maxBytes: number;
}) {
  const images = useMetricImages(projectId, iid);
  return (
    <section className="metrics-tab" data-testid="metrics-tab" aria-label={INCIDENT_TEXT.metricsTab}>
      {canManage ? <MetricImageUpload upload={images.upload} maxBytes={maxBytes} /> : null}
      {images.error ? (
        <Alert variant="danger" title={INCIDENT_TEXT.loadFailed}>
          {images.error}
        </Alert>
      ) : null}
      {images.loading ? <Loading label={INCIDENT_TEXT.loading} /> : null}
      {!images.loading && !images.error && images.images.length === 0 && !canManage ? (
        <p className="muted">{INCIDENT_TEXT.empty}</p>
      ) : null}
      {images.images.length > 0 ? (
        <ul className="metric-image-grid">
          {images.images.map((image) => (
            <MetricImageCard key={image.id} image={image} images={images} canManage={canManage} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
