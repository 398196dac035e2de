import { groupEpicsPath, newEpicPath } from '../../../core/domain/webPaths.ts';
import { addLabel, ListFrame, useListQuery } from '../../components/filters/index.ts';
import { groupCrumbs, PageHeader } from '../../components/navigation/index.ts';
import { useGroupEpicsList } from '../../data/index.ts';
import { useDocumentTitle } from '../../ui/index.ts';
import { EpicRow } from './EpicRow.tsx';
import { EPIC_LIST_SPEC } from './epicListSpec.ts';

export interface EpicsListPageProps {
  readonly fullPath: string;
  readonly groupName: string;
  readonly roadmapPath: string;
  /** GitLab's create_epic in the group (Reporters and up): the New epic button. */
  readonly canCreateEpic: boolean;
}

/** GitLab's group epics list: state tabs, search, label filters, sort and cursor paging. */
export function EpicsListPage({ fullPath, groupName, roadmapPath, canCreateEpic }: EpicsListPageProps) {
  const { query, toSearch, navigate } = useListQuery(EPIC_LIST_SPEC);
  const { data, loading, error } = useGroupEpicsList({
    fullPath,
    state: query.state,
    sort: query.sort.value,
    search: query.search,
    labelNames: query.labels,
    cursor: { after: query.after, before: query.before },
  });
  useDocumentTitle('Epics', groupName);
  const crumbs = [
    ...groupCrumbs(fullPath, data?.ownerFullName, groupName),
    { label: 'Epics', href: groupEpicsPath(fullPath) },
  ];
  const notFound = data === null;
  return (
    <>
      <PageHeader
        crumbs={crumbs}
        title="Epics"
        actions={
          <>
            <a className="btn btn-default" href={roadmapPath} data-testid="roadmap-link">
              Roadmap
            </a>
            {canCreateEpic ? (
              <a className="btn btn-confirm" href={newEpicPath(fullPath)} data-testid="new-epic-link">
                New epic
              </a>
            ) : null}
          </>
        }
      />
      <ListFrame
        noun="epics"
        query={query}
        spec={EPIC_LIST_SPEC}
        toSearch={toSearch}
        onNavigate={navigate}
        counts={data?.counts}
        pageInfo={data?.page.pageInfo}
        itemCount={notFound ? 0 : data?.page.items.length}
        loading={loading}
        error={error}
        errorText="Something went wrong while fetching epics"
      >
        <ul className="issuable-list" aria-label="Epics" data-testid="epic-list">
          {data?.page.items.map((epic) => (
            <EpicRow
              key={epic.id}
              epic={epic}
              listGroupPath={fullPath}
              labelSearch={(label) => toSearch(addLabel(query, label))}
              onNavigate={navigate}
            />
          ))}
        </ul>
      </ListFrame>
    </>
  );
}
