import { type LicensedFeature, UPSELL_TEXTS } from '../../../core/domain/licensedFeatures.ts';
import {
  groupEpicsPath,
  groupRoadmapPath,
  groupValueStreamAnalyticsPath,
  groupVulnerabilityReportPath,
} from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { groupCrumbs, PageHeader } from '../../components/navigation/index.ts';
import { usePageSettled } from '../../data/index.ts';
import { EmptyState, useDocumentTitle } from '../../ui/index.ts';

export type UpsellFeature = PageMountOf<'feature-upsell'>['feature'];

const PAGES: Readonly<
  Record<
    UpsellFeature,
    {
      readonly heading: string;
      readonly path: (fullPath: string) => string;
      readonly title: string;
      readonly description: string;
      /** The licensed feature whose plans the upsell names. */
      readonly licensed: LicensedFeature;
    }
  >
> = {
  epics: {
    heading: 'Epics',
    path: groupEpicsPath,
    title: UPSELL_TEXTS.epicsTitle,
    description: UPSELL_TEXTS.epicsDescription,
    licensed: 'epics',
  },
  roadmap: {
    heading: 'Roadmap',
    path: groupRoadmapPath,
    title: UPSELL_TEXTS.roadmapTitle,
    description: UPSELL_TEXTS.roadmapDescription,
    licensed: 'epics',
  },
  value_stream_analytics: {
    heading: 'Value Stream Analytics',
    path: groupValueStreamAnalyticsPath,
    title: 'Value Stream Analytics can help you determine your team’s velocity',
    description: 'Measure how long issues and merge requests take from start to finish, stage by stage.',
    licensed: 'cycle_analytics_for_groups',
  },
  vulnerability_report: {
    heading: 'Vulnerability report',
    path: groupVulnerabilityReportPath,
    title: 'Find and triage the vulnerabilities in your projects',
    description:
      'See what security scanners found in every project of the group, by severity, and track each finding from detection to resolution.',
    licensed: 'security_dashboard',
  },
};

/**
 * GitLab's upsell empty state for a feature the group's plan lacks: what the feature does, the plans
 * that have it, and the trial and Billing page for the top-level group's owners (or whom to ask).
 * `message` is the server's refusal, when the page learnt of it from an answer.
 */
export function FeatureUpsell({
  feature,
  groupName,
  planTitle,
  trialPath,
  billingPath,
  message,
}: {
  feature: UpsellFeature;
  groupName: string;
  /** '' when unknown. */
  planTitle: string;
  trialPath: string;
  billingPath: string;
  message?: string | undefined;
}) {
  const page = PAGES[feature];
  return (
    <EmptyState title={page.title} description={page.description} testId="feature-upsell">
      <p className="empty-state-description" data-testid="feature-upsell-plan">
        {message ?? UPSELL_TEXTS.availableOn(page.licensed)}
        {planTitle ? ` ${groupName} is on the ${planTitle} plan.` : ''}
      </p>
      {trialPath || billingPath ? (
        <div className="empty-state-actions">
          {trialPath ? (
            <a className="btn btn-confirm" href={trialPath} data-testid="feature-upsell-trial">
              {UPSELL_TEXTS.startTrial}
            </a>
          ) : null}
          {billingPath ? (
            <a
              className={trialPath ? 'btn btn-default' : 'btn btn-confirm'}
              href={billingPath}
              data-testid="feature-upsell-upgrade"
            >
              {UPSELL_TEXTS.upgrade}
            </a>
          ) : null}
        </div>
      ) : (
        <p className="empty-state-description">{UPSELL_TEXTS.askOwner}</p>
      )}
    </EmptyState>
  );
}

/**
 * A group's epics, roadmap, value stream analytics or vulnerability report when its top-level group's plan lacks them:
 * GitLab's upsell empty state. Its owners are offered the trial (once) and the Billing page;
 * everyone else is told whom to ask.
 */
export function FeatureUpsellPage({
  feature,
  fullPath,
  groupName,
  planTitle,
  trialPath,
  billingPath,
}: PageMountOf<'feature-upsell'>) {
  const page = PAGES[feature];
  usePageSettled(true);
  useDocumentTitle(page.heading, groupName);
  const crumbs = [
    ...groupCrumbs(fullPath, undefined, groupName),
    { label: page.heading, href: page.path(fullPath) },
  ];
  return (
    <>
      <PageHeader crumbs={crumbs} title={page.heading} />
      <FeatureUpsell
        feature={feature}
        groupName={groupName}
        planTitle={planTitle}
        trialPath={trialPath}
        billingPath={billingPath}
      />
    </>
  );
}
