import { useState } from 'react';
import {
  groupMilestonePath,
  groupMilestonesPath,
  projectMilestonePath,
  projectMilestonesPath,
} from '../../../core/domain/webPaths.ts';
import { milestoneDateRangeText, milestoneRemainingText } from '../../../core/time/milestoneDates.ts';
import { NotFoundContent } from '../../components/errors/index.ts';
import {
  calendarDateOf,
  IssuableDescription,
  PlainDescription,
  StateBadge,
} from '../../components/issuable/index.ts';
import { groupCrumbs, PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import {
  type MilestoneDetail,
  type MilestoneIssueColumns,
  useMilestoneDetail,
  useMilestoneIssues,
  usePageSettled,
} from '../../data/index.ts';
import { useNow } from '../../lib/index.ts';
import { useLocationSearch } from '../../state/index.ts';
import { Alert, type Crumb, Loading, useDocumentTitle } from '../../ui/index.ts';
import { MilestoneActions } from './MilestoneActions.tsx';
import { MilestoneBurndown } from './MilestoneBurndown.tsx';
import { MilestoneDetails } from './MilestoneDetails.tsx';
import { MilestoneTabs, withParam } from './MilestoneTabs.tsx';
import { MILESTONE_TEXTS } from './milestoneTexts.ts';

export interface MilestonePageProps {
  readonly kind: 'group' | 'project';
  readonly fullPath: string;
  readonly ownerName: string;
  readonly iid: string;
  readonly milestoneId: string;
  readonly milestoneTitle: string;
  /** GitLab's admin_milestone: Edit, Close / Reopen and Delete show. */
  readonly canAdmin: boolean;
}

function milestoneCrumbs(props: MilestonePageProps, ownerFullName: string | undefined): Crumb[] {
  const { kind, fullPath, ownerName, iid, milestoneTitle } = props;
  return kind === 'group'
    ? [
        ...groupCrumbs(fullPath, ownerFullName, ownerName),
        { label: 'Milestones', href: groupMilestonesPath(fullPath) },
        { label: milestoneTitle, href: groupMilestonePath(fullPath, iid) },
      ]
    : [
        ...projectCrumbs(fullPath, ownerName, ownerFullName),
        { label: 'Milestones', href: projectMilestonesPath(fullPath) },
        { label: milestoneTitle, href: projectMilestonePath(fullPath, iid) },
      ];
}

/**
 * A group or project milestone: its state, dates and description, Edit / Close / Reopen / Delete for
 * those who may, the burndown chart, its issues in GitLab's three columns, its labels and people.
 */
export function MilestonePage(props: MilestonePageProps) {
  const detail = useMilestoneDetail(props);
  const issues = useMilestoneIssues(props);
  usePageSettled(!detail.loading && !issues.loading);
  const { data, loading, error } = detail;
  useDocumentTitle(data?.title ?? props.milestoneTitle, 'Milestones', props.ownerName);
  if (data === null) return <NotFoundContent />;
  const crumbs = milestoneCrumbs(props, data?.ownerFullName);
  const refetch = () => {
    detail.refetch();
    issues.refetch();
  };
  return (
    <>
      {error || issues.error ? <Alert variant="danger">{MILESTONE_TEXTS.fetchError}</Alert> : null}
      {data ? (
        <MilestoneView
          page={props}
          milestone={data}
          columns={issues.data}
          crumbs={crumbs}
          onChanged={refetch}
        />
      ) : (
        <>
          <PageHeader crumbs={crumbs} title={props.milestoneTitle} />
          {loading ? <Loading label={MILESTONE_TEXTS.loading} /> : null}
        </>
      )}
    </>
  );
}

function MilestoneView({
  page,
  milestone,
  columns,
  crumbs,
  onChanged,
}: {
  page: MilestonePageProps;
  milestone: MilestoneDetail;
  columns: MilestoneIssueColumns | null | undefined;
  crumbs: readonly Crumb[];
  onChanged: () => void;
}) {
  const today = calendarDateOf(useNow());
  const [search, navigate] = useLocationSearch();
  const [actionError, setActionError] = useState<string | null>(null);
  const range = milestoneDateRangeText(milestone, today);
  const listPath =
    page.kind === 'group' ? groupMilestonesPath(page.fullPath) : projectMilestonesPath(page.fullPath);
  const closed = milestone.state === 'closed';
  const allClosed =
    !closed &&
    milestone.stats !== null &&
    milestone.stats.total > 0 &&
    milestone.stats.closed === milestone.stats.total;
  const metric = new URLSearchParams(search).get('burndown') === 'weight' ? 'weight' : 'count';
  return (
    <>
      <PageHeader
        crumbs={crumbs}
        eyebrow={
          <div className="page-meta" data-testid="milestone-meta">
            <StateBadge state={closed ? 'closed' : 'opened'} />
            <span className="muted">
              <strong>{MILESTONE_TEXTS.kind}</strong>
              {range ? <span data-testid="milestone-date-range"> {range}</span> : null}
            </span>
          </div>
        }
        title={<span data-testid="milestone-title">{milestone.title}</span>}
        actions={
          page.canAdmin ? (
            <MilestoneActions
              kind={page.kind}
              fullPath={page.fullPath}
              milestoneId={page.milestoneId}
              title={milestone.title}
              closed={closed}
              issueCount={milestone.stats?.total ?? 0}
              webPath={milestone.webPath}
              onChanged={() => {
                setActionError(null);
                onChanged();
              }}
              onDeleted={() => window.location.assign(listPath)}
              onError={setActionError}
            />
          ) : null
        }
      />
      {actionError ? (
        <Alert variant="danger" testId="milestone-action-error">
          {actionError}
        </Alert>
      ) : null}
      {allClosed ? (
        <Alert variant="success" testId="milestone-all-closed">
          {MILESTONE_TEXTS.allClosed}
        </Alert>
      ) : null}
      <div className="detail-layout">
        <div className="detail-main">
          <section aria-label="Description">
            {milestone.descriptionHtml ? (
              <IssuableDescription
                html={milestone.descriptionHtml}
                canUpdate={false}
                updatingTasks={false}
                onToggleTask={() => undefined}
              />
            ) : (
              <PlainDescription text={null} />
            )}
          </section>
          <MilestoneBurndown
            startDate={milestone.startDate}
            dueDate={milestone.dueDate}
            points={milestone.burndown}
            metric={metric}
            onMetricChange={(next) =>
              navigate(withParam(search, 'burndown', next === 'weight' ? 'weight' : null), { replace: true })
            }
            editPath={page.canAdmin ? `${milestone.webPath}/edit` : null}
          />
          <MilestoneTabs milestone={milestone} columns={columns} search={search} onNavigate={navigate} />
        </div>
        <MilestoneDetails milestone={milestone} status={milestoneRemainingText(milestone, today)} />
      </div>
    </>
  );
}
