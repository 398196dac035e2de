/**
 * GitLab's milestones list of a group (with its subgroups' and projects') or of a project: state
 * tabs with counts, search by title, sort, paging, and each milestone's dates and issue progress.
 * Those who may manage milestones get New milestone, and Edit / Close / Reopen / Delete on the rows
 * of the list's own milestones (a group's list also shows its subgroups' and projects', managed there).
 */
import { type ReactNode, useState } from 'react';
import { groupMilestonesPath, projectMilestonesPath } from '../../../core/domain/webPaths.ts';
import { formatDateRange } from '../../../core/time/formatting.ts';
import { ListFrame, useListQuery } from '../../components/filters/index.ts';
import { groupCrumbs, PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import { type MilestoneListItem, useMilestonesList } from '../../data/index.ts';
import { Alert, Badge, useDocumentTitle } from '../../ui/index.ts';
import { MilestoneActions } from './MilestoneActions.tsx';
import { MilestoneProgress } from './MilestoneProgress.tsx';
import { MILESTONES_LIST_SPEC } from './milestonesListSpec.ts';
import { MILESTONE_TEXTS } from './milestoneTexts.ts';

export interface MilestonesListPageProps {
  readonly kind: 'group' | 'project';
  readonly fullPath: string;
  /** The group's or project's name. */
  readonly name: string;
  /** GitLab's admin_milestone on the group or project. */
  readonly canAdmin: boolean;
}

export function MilestonesListPage({ kind, fullPath, name, canAdmin }: MilestonesListPageProps) {
  const { query, toSearch, navigate } = useListQuery(MILESTONES_LIST_SPEC);
  const [actionError, setActionError] = useState<string | null>(null);
  const { data, loading, error, refetch } = useMilestonesList(kind, {
    fullPath,
    state: query.state,
    sort: query.sort.value,
    search: query.search,
    cursor: { after: query.after, before: query.before },
  });
  useDocumentTitle('Milestones', name);
  const listPath = kind === 'project' ? projectMilestonesPath(fullPath) : groupMilestonesPath(fullPath);
  const crumbs =
    kind === 'project'
      ? [
          ...projectCrumbs(fullPath, name, data?.ownerFullName),
          { label: 'Milestones', href: projectMilestonesPath(fullPath) },
        ]
      : [
          ...groupCrumbs(fullPath, data?.ownerFullName, name),
          { label: 'Milestones', href: groupMilestonesPath(fullPath) },
        ];
  return (
    <>
      <PageHeader
        crumbs={crumbs}
        title="Milestones"
        actions={
          canAdmin ? (
            <a className="btn btn-confirm" href={`${listPath}/new`} data-testid="new-milestone">
              {MILESTONE_TEXTS.newMilestone}
            </a>
          ) : null
        }
      />
      {actionError ? (
        <Alert variant="danger" testId="milestone-action-error">
          {actionError}
        </Alert>
      ) : null}
      <ListFrame
        noun="milestones"
        query={query}
        spec={MILESTONES_LIST_SPEC}
        toSearch={toSearch}
        onNavigate={navigate}
        counts={data?.counts}
        pageInfo={data?.page.pageInfo}
        itemCount={data === null ? 0 : data?.page.items.length}
        loading={loading}
        error={error}
        errorText="Something went wrong while fetching milestones"
      >
        <ul className="issuable-list" aria-label="Milestones" data-testid="milestone-list">
          {data?.page.items.map((milestone) => (
            <MilestoneRow
              key={milestone.id}
              milestone={milestone}
              showOwner={kind === 'group'}
              actions={
                !canAdmin ? null : milestone.ownerPath !== fullPath ? (
                  // Managed on its own group's or project's list: an empty slot keeps the columns.
                  <span />
                ) : (
                  <MilestoneActions
                    kind={kind}
                    fullPath={fullPath}
                    milestoneId={milestone.numericId}
                    title={milestone.title}
                    closed={milestone.closed}
                    issueCount={milestone.stats?.total ?? 0}
                    webPath={milestone.webPath}
                    onChanged={() => {
                      setActionError(null);
                      refetch();
                    }}
                    onDeleted={refetch}
                    onError={setActionError}
                  />
                )
              }
            />
          ))}
        </ul>
      </ListFrame>
    </>
  );
}

function MilestoneRow({
  milestone,
  showOwner,
  actions,
}: {
  milestone: MilestoneListItem;
  showOwner: boolean;
  actions: ReactNode;
}) {
  const dates = formatDateRange(milestone.startDate, milestone.dueDate);
  return (
    <li className="issuable-row milestone-row" data-testid="milestone-row">
      <div className="issuable-main">
        <div className="issuable-title-line">
          <a className="issuable-title" href={milestone.webPath}>
            {milestone.title}
          </a>
          {milestone.closed ? (
            <Badge variant="info">Closed</Badge>
          ) : milestone.expired ? (
            <Badge variant="warning">Expired</Badge>
          ) : milestone.upcoming ? (
            <Badge variant="neutral">Upcoming</Badge>
          ) : null}
        </div>
        <div className="issuable-meta">
          {dates ? <span>{dates}</span> : <span>No dates</span>}
          {showOwner && milestone.owner ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>{milestone.owner}</span>
            </>
          ) : null}
        </div>
      </div>
      <div className="milestone-row-progress">
        {milestone.stats ? (
          <MilestoneProgress closed={milestone.stats.closed} total={milestone.stats.total} />
        ) : null}
      </div>
      {actions ? <div className="milestone-row-actions">{actions}</div> : null}
    </li>
  );
}
