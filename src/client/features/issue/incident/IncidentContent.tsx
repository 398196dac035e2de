import type { ReactNode } from 'react';
import { incidentWebPath } from '../../../../core/domain/webPaths.ts';
import { TimelineTab } from '../../incident-timeline/index.ts';
import { type IncidentTab, IncidentTabs } from './IncidentTabs.tsx';
import { INCIDENT_TEXT } from './incidentTexts.ts';
import { MetricsTab } from './MetricsTab.tsx';

/**
 * An incident's page body as GitLab lays it out: the title and description above the tabs (so every
 * tab shows which incident it is), the rest of the content as the Summary tab.
 * Each tab is listed here once it has content of its own.
 */
export function IncidentContent({
  fullPath,
  projectId,
  iid,
  incidentId,
  canManageMetricImages,
  metricImageMaxBytes,
  aboveTabs,
  summary,
}: {
  fullPath: string;
  projectId: string;
  iid: string;
  /** The incident's global id, which its timeline is asked by. */
  incidentId: string;
  canManageMetricImages: boolean;
  /** The largest metric image the server takes (0: not told). */
  metricImageMaxBytes: number;
  /** The title, pinned links and description, shown whichever tab is selected. */
  aboveTabs: ReactNode;
  summary: ReactNode;
}) {
  const tabs: IncidentTab[] = [
    { segment: '', label: INCIDENT_TEXT.summaryTab, testId: 'incident-tab-summary', render: () => summary },
    {
      segment: 'metrics',
      label: INCIDENT_TEXT.metricsTab,
      testId: 'incident-tab-metrics',
      render: () => (
        <MetricsTab
          projectId={projectId}
          iid={iid}
          canManage={canManageMetricImages}
          maxBytes={metricImageMaxBytes}
        />
      ),
    },
    {
      segment: 'timeline',
      label: INCIDENT_TEXT.timelineTab,
      testId: 'incident-tab-timeline',
      render: () => <TimelineTab fullPath={fullPath} iid={iid} incidentId={incidentId} />,
    },
  ];
  return (
    <>
      {aboveTabs}
      <IncidentTabs tabs={tabs} incidentPath={incidentWebPath(fullPath, iid)} />
    </>
  );
}
