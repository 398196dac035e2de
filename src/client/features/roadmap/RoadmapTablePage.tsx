import { type EpicSort, type EpicState, useRoadmapEpics } from '../../data/index.ts';
import { Alert, Button, EmptyState, Loading, useDocumentTitle } from '../../ui/index.ts';
import { formatCalendarDate } from '../issuable/format.ts';
import { StateBadge } from '../issuable/IssuableMeta.tsx';
import { epicPath, groupCrumbs, groupPath, groupRoadmapPath } from '../navigation/crumbs.ts';
import { PageHeader } from '../navigation/PageHeader.tsx';
import { datedEpics } from './roadmapRows.ts';

export interface RoadmapTablePageProps {
  readonly fullPath: string;
  readonly groupName: string;
  readonly epicsState: EpicState;
  readonly sortedBy: EpicSort;
  readonly listEpicsPath: string;
}

export const ROADMAP_EMPTY_TEXT =
  'To view the roadmap, add a start or due date to one of your epics in this group or its subgroups.';

/** The group's dated epics as a plain table (the canvas roadmap draws the same rows later). */
export function RoadmapTablePage({
  fullPath,
  groupName,
  epicsState,
  sortedBy,
  listEpicsPath,
}: RoadmapTablePageProps) {
  const { epics, hasMore, loading, loadingMore, error, loadMore } = useRoadmapEpics(
    fullPath,
    epicsState,
    sortedBy,
  );
  useDocumentTitle('Roadmap', groupName);
  const rows = epics ? datedEpics(epics) : [];
  const crumbs = [
    ...groupCrumbs(fullPath, null, groupName),
    { label: 'Roadmap', href: groupRoadmapPath(fullPath) },
  ];
  return (
    <>
      <PageHeader
        crumbs={crumbs}
        title="Roadmap"
        actions={
          <a className="btn btn-default" href={listEpicsPath} data-testid="epics-list-link">
            View epics list
          </a>
        }
      />
      {error ? <Alert variant="danger">Something went wrong while fetching epics</Alert> : null}
      {epics === undefined && loading ? <Loading label="Loading epics" /> : null}
      {epics && rows.length === 0 && !hasMore ? <EmptyState title={ROADMAP_EMPTY_TEXT} /> : null}
      {rows.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table" data-testid="roadmap-table">
            <caption className="sr-only">Epics with a start or due date</caption>
            <thead>
              <tr>
                <th scope="col">Epic</th>
                <th scope="col">Group</th>
                <th scope="col">Start</th>
                <th scope="col">Due</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((epic) => (
                <tr key={epic.id} data-testid="roadmap-row">
                  <th scope="row" className="cell-title">
                    <a href={epicPath(epic.groupFullPath, epic.iid)}>{epic.title}</a>
                  </th>
                  <td>
                    <a href={groupPath(epic.groupFullPath)} className="muted-link">
                      {epic.groupName}
                    </a>
                  </td>
                  <td className="cell-date">{epic.startDate ? formatCalendarDate(epic.startDate) : '–'}</td>
                  <td className="cell-date">{epic.dueDate ? formatCalendarDate(epic.dueDate) : '–'}</td>
                  <td>
                    <StateBadge state={epic.state} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {hasMore ? (
        <div className="load-more">
          <Button onClick={loadMore} disabled={loadingMore} aria-busy={loadingMore} data-testid="load-more">
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
