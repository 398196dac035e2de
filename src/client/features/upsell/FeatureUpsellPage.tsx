import { UPSELL_TEXTS } from '../../../core/domain/licensedFeatures.ts';
import { groupEpicsPath, groupRoadmapPath } from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { groupCrumbs, PageHeader } from '../../components/navigation/index.ts';
import { usePageSettled } from '../../data/index.ts';
import { EmptyState, useDocumentTitle } from '../../ui/index.ts';

const PAGES = {
  epics: {
    heading: 'Epics',
    path: groupEpicsPath,
    title: UPSELL_TEXTS.epicsTitle,
    description: UPSELL_TEXTS.epicsDescription,
  },
  roadmap: {
    heading: 'Roadmap',
    path: groupRoadmapPath,
    title: UPSELL_TEXTS.roadmapTitle,
    description: UPSELL_TEXTS.roadmapDescription,
  },
} as const;

/**
 * A group's epics or roadmap when its top-level group's plan lacks epics: GitLab's upsell empty
 * state. Its owners are offered the trial (once) and the Billing page; everyone else is told whom to
 * ask.
 */
export function FeatureUpsellPage({
  feature,
  fullPath,
  groupName,
  planTitle,
  trialPath,
  billingPath,
}: PageMountOf<'feature-upsell'>) {
  const page = PAGES[feature as keyof typeof PAGES];
  usePageSettled(true);
  useDocumentTitle(page.heading, groupName);
  const crumbs = [
    ...groupCrumbs(fullPath, undefined, groupName),
    { label: page.heading, href: page.path(fullPath) },
  ];
  return (
    <>
      <PageHeader crumbs={crumbs} title={page.heading} />
      <EmptyState title={page.title} description={page.description} testId="feature-upsell">
        <p className="empty-state-description" data-testid="feature-upsell-plan">
          {UPSELL_TEXTS.availableOn('epics')} {groupName} is on the {planTitle} plan.
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
    </>
  );
}
