import { groupMergeRequestsPath, projectMergeRequestsPath } from '../../../core/domain/webPaths.ts';
import { addLabel, ListFrame, useListQuery } from '../../components/filters/index.ts';
import { groupCrumbs, PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import { type MergeRequestsListKind, useMergeRequestsList } from '../../data/index.ts';
import { useDocumentTitle } from '../../ui/index.ts';
import { MergeRequestList } from './MergeRequestList.tsx';
import {
  MERGE_REQUEST_LIST_SPEC,
  mergeRequestsEmptyText,
  MERGE_REQUEST_LIST_TEXT as TEXT,
} from './mergeRequestListSpec.ts';

export interface MergeRequestsListPageProps {
  /** A project's merge requests, or those of a group's projects and its subgroups'. */
  readonly kind: MergeRequestsListKind;
  readonly fullPath: string;
  /** The project's or the group's name. */
  readonly name: string;
}

/**
 * GitLab's merge requests list, of a project or of a group: state tabs Open, Merged, Closed and All
 * with counts, search, label filters, sort and cursor paging, all kept in the URL.
 */
export function MergeRequestsListPage({ kind, fullPath, name }: MergeRequestsListPageProps) {
  const { query, toSearch, navigate } = useListQuery(MERGE_REQUEST_LIST_SPEC);
  const { data, loading, error } = useMergeRequestsList(kind, {
    fullPath,
    state: query.state,
    sort: query.sort.value,
    search: query.search,
    labelNames: query.labels,
    cursor: { after: query.after, before: query.before },
  });
  useDocumentTitle(TEXT.title, name);
  const crumbs =
    kind === 'project'
      ? [
          ...projectCrumbs(fullPath, name, data?.ownerFullName),
          { label: TEXT.title, href: projectMergeRequestsPath(fullPath) },
        ]
      : [
          ...groupCrumbs(fullPath, data?.ownerFullName, name),
          { label: TEXT.title, href: groupMergeRequestsPath(fullPath) },
        ];
  return (
    <>
      <PageHeader crumbs={crumbs} title={TEXT.title} />
      <ListFrame
        noun={TEXT.noun}
        query={query}
        spec={MERGE_REQUEST_LIST_SPEC}
        toSearch={toSearch}
        onNavigate={navigate}
        counts={data?.counts}
        pageInfo={data?.page.pageInfo}
        itemCount={data === null ? 0 : data?.page.items.length}
        loading={loading}
        error={error}
        errorText={TEXT.listError}
        empty={mergeRequestsEmptyText(query, data?.counts, 'list')}
      >
        <MergeRequestList
          items={data?.page.items ?? []}
          fullReference={kind === 'group'}
          labelSearch={(label) => toSearch(addLabel(query, label))}
          onNavigate={navigate}
        />
      </ListFrame>
    </>
  );
}
