import { groupMilestonePath, projectMilestonePath } from '../../../core/domain/webPaths.ts';
import { milestoneDateRangeText, milestoneRemainingText } from '../../../core/time/milestoneDates.ts';
import { NotFoundContent } from '../../components/errors/index.ts';
import { calendarDateOf, PlainDescription, StateBadge } from '../../components/issuable/index.ts';
import { groupCrumbs, PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import { type MilestoneDetail, useMilestoneDetail } from '../../data/index.ts';
import { useNow } from '../../lib/index.ts';
import { Alert, type Crumb, Loading, useDocumentTitle } from '../../ui/index.ts';
import { MilestoneDetails } from './MilestoneDetails.tsx';
import { MilestoneIssueList } from './MilestoneIssueList.tsx';
import { MILESTONE_TEXTS } from './milestoneTexts.ts';

export interface MilestonePageProps {
  readonly kind: 'group' | 'project';
  readonly fullPath: string;
  readonly ownerName: string;
  readonly iid: string;
  readonly milestoneId: string;
  readonly milestoneTitle: string;
}

function milestoneCrumbs(props: MilestonePageProps, ownerFullName: string | undefined): Crumb[] {
  const { kind, fullPath, ownerName, iid, milestoneTitle } = props;
  return kind === 'group'
    ? [
        ...groupCrumbs(fullPath, ownerFullName, ownerName),
        { label: milestoneTitle, href: groupMilestonePath(fullPath, iid) },
      ]
    : [
        ...projectCrumbs(fullPath, ownerName, ownerFullName),
        { label: milestoneTitle, href: projectMilestonePath(fullPath, iid) },
      ];
}

/** A read-only view of one group or project milestone: dates, progress and its issues. */
export function MilestonePage(props: MilestonePageProps) {
  const { data, loading, error } = useMilestoneDetail(props);
  useDocumentTitle(data?.title ?? props.milestoneTitle, 'Milestones', props.ownerName);
  if (data === null) return <NotFoundContent />;
  const crumbs = milestoneCrumbs(props, data?.ownerFullName);
  return (
    <>
      {error ? <Alert variant="danger">{MILESTONE_TEXTS.fetchError}</Alert> : null}
      {data ? (
        <MilestoneView milestone={data} crumbs={crumbs} />
      ) : (
        <>
          <PageHeader crumbs={crumbs} title={props.milestoneTitle} />
          {loading ? <Loading label={MILESTONE_TEXTS.loading} /> : null}
        </>
      )}
    </>
  );
}

function MilestoneView({ milestone, crumbs }: { milestone: MilestoneDetail; crumbs: readonly Crumb[] }) {
  const today = calendarDateOf(useNow());
  const range = milestoneDateRangeText(milestone, today);
  return (
    <>
      <PageHeader
        crumbs={crumbs}
        eyebrow={
          <div className="page-meta" data-testid="milestone-meta">
            <StateBadge state={milestone.state === 'closed' ? 'closed' : 'opened'} />
            <span className="muted">
              <strong>{MILESTONE_TEXTS.kind}</strong>
              {range ? <span data-testid="milestone-date-range"> {range}</span> : null}
            </span>
          </div>
        }
        title={<span data-testid="milestone-title">{milestone.title}</span>}
      />
      <div className="detail-layout">
        <div className="detail-main">
          <section aria-label="Description">
            <PlainDescription text={milestone.description} />
          </section>
          <MilestoneIssueList issues={milestone.issues} total={milestone.issuesTotal} />
        </div>
        <MilestoneDetails milestone={milestone} status={milestoneRemainingText(milestone, today)} />
      </div>
    </>
  );
}
