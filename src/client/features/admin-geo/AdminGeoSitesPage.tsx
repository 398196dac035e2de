import { useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN_GEO_SITES_PATH, ADMIN_SETTINGS_PATH } from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { PageHeader } from '../../components/navigation/index.ts';
import { type GeoSite, useGeoSites, useGeoStatuses } from '../../data/index.ts';
import { systemClock } from '../../lib/clock.ts';
import { usePushToast } from '../../state/index.ts';
import { Alert, Button, EmptyState, Loading, useDocumentTitle } from '../../ui/index.ts';
import { GeoSiteCard } from './GeoSiteCard.tsx';
import { GeoSiteFormDialog } from './GeoSiteFormDialog.tsx';
import { newSiteDraft } from './geoSiteDraft.ts';
import { GEO_TEXT } from './geoTexts.ts';
import { RemoveGeoSiteDialog } from './RemoveGeoSiteDialog.tsx';
import { useStatusPolling } from './useStatusPolling.ts';

/** Which dialog is open: the site form (adding, or changing a site), or a removal's confirmation. */
type Open =
  | { readonly kind: 'form'; readonly site: GeoSite | null }
  | { readonly kind: 'remove'; readonly site: GeoSite };

/**
 * `/admin/geo/sites`: GitLab's Admin → Geo → Sites. A card per site, the primary first, with its
 * health and replication from the statuses, read again every 10 s while the tab is visible; an
 * administrator on the primary adds, changes and removes sites.
 */
export function AdminGeoSitesPage({ siteName, siteUrl, secondary }: PageMountOf<'admin-geo-sites'>) {
  const sites = useGeoSites();
  const statuses = useGeoStatuses();
  const [now, setNow] = useState(() => systemClock.now());
  const [open, setOpen] = useState<Open | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const pushToast = usePushToast();
  useDocumentTitle(`${GEO_TEXT.title} · ${GEO_TEXT.crumb}`);

  const { reload: reloadStatuses } = statuses;
  const refresh = useCallback(() => {
    reloadStatuses();
    setNow(systemClock.now());
  }, [reloadStatuses]);
  useStatusPolling(refresh);

  // After an addition or a removal, once the list is read again, focus goes on to the page's own
  // action: the button that had it may be gone (the removed site's, the empty state's).
  const focusAddOnReload = useRef(false);
  useEffect(() => {
    if (!focusAddOnReload.current || sites.loading) return;
    focusAddOnReload.current = false;
    addRef.current?.focus();
  }, [sites.loading]);

  const list = sites.value ?? [];
  const current = list.find((site) => site.current);
  // A secondary refuses every write: its sites are changed on the primary.
  const canManage = !secondary && current?.primary !== false;
  const statusOf = (site: GeoSite) => statuses.value?.find((status) => status.siteId === site.id) ?? null;
  const primary = list.find((site) => site.primary);
  const primaryStatus = primary ? statusOf(primary) : null;

  const afterChange = (toast: string, refocusAdd: boolean) => {
    focusAddOnReload.current = refocusAdd;
    setOpen(null);
    pushToast(toast);
    sites.reload();
    refresh();
  };
  const addButton = canManage ? (
    <Button
      ref={addRef}
      variant="confirm"
      onClick={() => setOpen({ kind: 'form', site: null })}
      data-testid="geo-add-site"
    >
      {GEO_TEXT.addSite}
    </Button>
  ) : null;

  return (
    <div className="geo-sites-page">
      <PageHeader
        crumbs={[
          { label: GEO_TEXT.crumb, href: ADMIN_SETTINGS_PATH },
          { label: GEO_TEXT.title, href: ADMIN_GEO_SITES_PATH },
        ]}
        title={GEO_TEXT.title}
        actions={list.length > 0 ? addButton : null}
      >
        <p className="page-subtitle">{GEO_TEXT.subtitle}</p>
      </PageHeader>
      {canManage ? null : <Alert variant="info">{GEO_TEXT.readOnly}</Alert>}
      {sites.failed && !sites.value ? (
        <Alert variant="danger" testId="geo-load-error">
          {GEO_TEXT.loadError}
        </Alert>
      ) : null}
      {statuses.failed && statuses.value ? <Alert variant="warning">{GEO_TEXT.statusError}</Alert> : null}
      {sites.value === null && sites.loading ? <Loading label={GEO_TEXT.sitesLabel} /> : null}
      {sites.value !== null && list.length === 0 ? (
        <EmptyState title={GEO_TEXT.emptyTitle} description={GEO_TEXT.emptyDescription} testId="geo-empty">
          <div className="empty-state-actions">{addButton}</div>
        </EmptyState>
      ) : null}
      {list.length > 0 ? (
        <ul className="geo-site-list" aria-label={GEO_TEXT.sitesLabel} data-testid="geo-sites">
          {list.map((site) => (
            <li key={site.id}>
              <GeoSiteCard
                site={site}
                status={statusOf(site)}
                primaryStatus={primaryStatus}
                now={now}
                canManage={canManage}
                onEdit={() => setOpen({ kind: 'form', site })}
                onRemove={() => setOpen({ kind: 'remove', site })}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {open?.kind === 'form' ? (
        <GeoSiteFormDialog
          site={open.site}
          newDraft={newSiteDraft(primary !== undefined, { name: siteName, url: siteUrl })}
          onClose={() => setOpen(null)}
          onSaved={(_site, added) => afterChange(added ? GEO_TEXT.added : GEO_TEXT.saved, added)}
        />
      ) : null}
      {open?.kind === 'remove' ? (
        <RemoveGeoSiteDialog
          site={open.site}
          onClose={() => setOpen(null)}
          onRemoved={() => afterChange(GEO_TEXT.removed, true)}
        />
      ) : null}
    </div>
  );
}
