import { type ReactNode, useCallback, useEffect, useState } from 'react';
import type { IncidentTabSegment } from '../../../../core/domain/webPaths.ts';
import { isPlainLeftClick, useTabListKeys } from '../../../ui/index.ts';
import { INCIDENT_TEXT } from './incidentTexts.ts';

/** One tab of an incident: its name in the path, its label, and what it shows. */
export interface IncidentTab {
  /** The tab's segment in GitLab's path (`incident/:iid/metrics`); '' for Summary, the default. */
  readonly segment: IncidentTabSegment | '';
  readonly label: string;
  readonly testId: string;
  readonly render: () => ReactNode;
}

const PANEL_ID = 'incident-tab-panel';

/**
 * GitLab's incident tabs (WAI-ARIA tabs, manual activation): ← → Home End move focus, Enter or a
 * click selects. The selected tab lives in the path as GitLab keeps it (`incident/:iid/:tab`), so a
 * copied link and Back and Forward open the same tab. A tab's panel is mounted when first shown and
 * then only hidden, so an open editor or a running upload survives a look at another tab.
 */
export function IncidentTabs({ tabs, incidentPath }: { tabs: readonly IncidentTab[]; incidentPath: string }) {
  // The tab a path shows: its segment's, or the first (Summary) for any other path of the issue.
  const segments = tabs.map((tab) => tab.segment).join(' ');
  const selectedIn = useCallback(
    (pathname: string): IncidentTab['segment'] => {
      const known = segments.split(' ') as IncidentTab['segment'][];
      return (
        known.find((segment) => segment !== '' && pathname === `${incidentPath}/${segment}`) ?? known[0] ?? ''
      );
    },
    [segments, incidentPath],
  );
  const [selected, setSelected] = useState(() => selectedIn(window.location.pathname));
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([selected]));
  const tabList = useTabListKeys();

  const show = useCallback((segment: IncidentTab['segment']) => {
    setSelected(segment);
    setVisited((seen) => (seen.has(segment) ? seen : new Set([...seen, segment])));
  }, []);

  useEffect(() => {
    const sync = () => show(selectedIn(window.location.pathname));
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [selectedIn, show]);

  const pathOf = (tab: IncidentTab) => (tab.segment ? `${incidentPath}/${tab.segment}` : incidentPath);

  return (
    <div className="incident-tabs" data-testid="incident-tabs">
      <div
        ref={tabList.ref}
        className="tabs"
        role="tablist"
        aria-label={INCIDENT_TEXT.tabsLabel}
        onKeyDown={tabList.onKeyDown}
      >
        {tabs.map((tab) => {
          const isSelected = tab.segment === selected;
          return (
            <a
              key={tab.segment}
              href={pathOf(tab)}
              id={tabIdOf(tab)}
              role="tab"
              aria-selected={isSelected}
              aria-controls={panelIdOf(tab)}
              tabIndex={isSelected ? 0 : -1}
              className={isSelected ? 'tab tab-selected' : 'tab'}
              data-testid={tab.testId}
              onClick={(event) => {
                if (!isPlainLeftClick(event)) return;
                event.preventDefault();
                if (isSelected) return;
                window.history.pushState(null, '', `${pathOf(tab)}${window.location.search}`);
                show(tab.segment);
              }}
              onKeyDown={(event) => {
                // Links answer Enter already; Space selects a tab too (WAI-ARIA).
                if (event.key !== ' ') return;
                event.preventDefault();
                event.currentTarget.click();
              }}
            >
              {tab.label}
            </a>
          );
        })}
      </div>
      {tabs.map((tab) =>
        visited.has(tab.segment) ? (
          <div
            key={tab.segment}
            id={panelIdOf(tab)}
            role="tabpanel"
            aria-labelledby={tabIdOf(tab)}
            hidden={tab.segment !== selected}
            className="incident-tab-panel"
          >
            {tab.render()}
          </div>
        ) : null,
      )}
    </div>
  );
}

const nameOf = (tab: IncidentTab) => tab.segment || 'summary';
const tabIdOf = (tab: IncidentTab) => `${PANEL_ID}-tab-${nameOf(tab)}`;
const panelIdOf = (tab: IncidentTab) => `${PANEL_ID}-${nameOf(tab)}`;
