import { useId } from 'react';
import type { GeoSite, GeoSiteStatus } from '../../data/index.ts';
import { Badge, Button } from '../../ui/index.ts';
import { PrimaryStatusDetails, SecondaryStatusDetails } from './GeoSiteStatusDetails.tsx';
import { GEO_TEXT, siteActionLabel } from './geoTexts.ts';

/** A site's health as its badge shows it; unknown until its status is read. */
function HealthBadge({ status }: { status: GeoSiteStatus | null }) {
  if (!status) {
    return (
      <Badge variant="neutral" testId="geo-health">
        {GEO_TEXT.unknown}
      </Badge>
    );
  }
  return status.healthStatus === 'Healthy' ? (
    <Badge variant="success" icon="check" testId="geo-health">
      {GEO_TEXT.healthy}
    </Badge>
  ) : (
    <Badge variant="danger" icon="warning" testId="geo-health">
      {GEO_TEXT.unhealthy}
    </Badge>
  );
}

/**
 * One Geo site, as GitLab's Geo sites page shows it: its name, URL and role, its health, and
 * what its last status says (a secondary's replication, or the primary's uploads); Edit and
 * Remove for an administrator on the primary.
 */
export function GeoSiteCard({
  site,
  status,
  primaryStatus,
  now,
  canManage,
  onEdit,
  onRemove,
}: {
  site: GeoSite;
  /** Its last status; null until read. */
  status: GeoSiteStatus | null;
  primaryStatus: GeoSiteStatus | null;
  /** When the statuses were last read: relative times count from it. */
  now: Date;
  canManage: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const titleId = useId();
  return (
    <article className="geo-site" aria-labelledby={titleId} data-testid={`geo-site-${site.id}`}>
      <header className="geo-site-header">
        <div className="geo-site-heading">
          <h2 id={titleId} className="geo-site-name" data-testid="geo-site-name">
            {site.name}
          </h2>
          <div className="geo-site-badges">
            <Badge variant={site.primary ? 'info' : 'neutral'} testId="geo-role">
              {site.primary ? GEO_TEXT.primary : GEO_TEXT.secondary}
            </Badge>
            {site.current ? (
              <span title={GEO_TEXT.currentHelp}>
                <Badge variant="muted" testId="geo-current">
                  {GEO_TEXT.current}
                </Badge>
              </span>
            ) : null}
            {site.enabled ? null : (
              <Badge variant="warning" testId="geo-disabled">
                {GEO_TEXT.disabled}
              </Badge>
            )}
          </div>
        </div>
        {canManage ? (
          <div className="geo-site-actions">
            <Button
              icon="pencil"
              onClick={onEdit}
              aria-label={siteActionLabel(GEO_TEXT.edit, site.name)}
              data-testid="geo-site-edit"
            >
              {GEO_TEXT.edit}
            </Button>
            <Button
              variant="danger"
              icon="trash"
              onClick={onRemove}
              aria-label={siteActionLabel(GEO_TEXT.remove, site.name)}
              data-testid="geo-site-remove"
            >
              {GEO_TEXT.remove}
            </Button>
          </div>
        ) : null}
      </header>
      <a className="geo-site-url" href={site.url} data-testid="geo-site-url">
        {site.url}
      </a>
      <div className="geo-site-body">
        <dl className="geo-details">
          <div className="geo-detail">
            <dt>{GEO_TEXT.healthStatus}</dt>
            <dd>
              <HealthBadge status={status} />
              {status && status.healthStatus !== 'Healthy' && status.health ? (
                <span className="geo-health-message" data-testid="geo-health-message">
                  {status.health}
                </span>
              ) : null}
            </dd>
          </div>
          <div className="geo-detail">
            <dt>{GEO_TEXT.enabled}</dt>
            <dd data-testid="geo-enabled">{site.enabled ? GEO_TEXT.yes : GEO_TEXT.no}</dd>
          </div>
          {site.internalUrl ? (
            <div className="geo-detail">
              <dt>{GEO_TEXT.internalUrl}</dt>
              <dd className="geo-break">{site.internalUrl}</dd>
            </div>
          ) : null}
        </dl>
        {status === null ? (
          <p className="muted">{GEO_TEXT.noStatus}</p>
        ) : site.primary ? (
          <PrimaryStatusDetails status={status} now={now} />
        ) : (
          <SecondaryStatusDetails status={status} primaryStatus={primaryStatus} now={now} />
        )}
      </div>
    </article>
  );
}
