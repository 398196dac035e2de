import { groupIssuesPath, projectIssuesPath } from '../../../core/domain/webPaths.ts';
import { addLabel, ListFrame, useListQuery } from '../../components/filters/index.ts';
import { groupCrumbs, PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import { type IssuesListKind, useIssuesList } from '../../data/index.ts';
import { useDocumentTitle } from '../../ui/index.ts';
import { IssueRow } from './IssueRow.tsx';
import { ISSUE_LIST_SPEC } from './issueListSpec.ts';

export interface IssuesListPageProps {
  /** A project's issues, or those of a group's projects and its subgroups'. */
  readonly kind: IssuesListKind;
  readonly fullPath: string;
  /** The project's or the group's name. */
  readonly name: string;
  /** The group whose labels (and its ancestors') bulk edit offers: the project's group, or the group. */
  readonly labelsGroupPath: string;
  /** Members of this group come first among bulk edit's assignees. */
  readonly groupId: string;
  /** GitLab's admin_issue here (Reporters and up): the Bulk edit button. */
  readonly canBulkUpdate: boolean;
  readonly bulkUpdatePath: string;
}

/**
 * GitLab's issues list, of a project or of a group: state tabs, search, label filters, sort, cursor
 * paging, and bulk edit (a checkbox per row and the bulk edit sidebar) for those who may.
 */
export function IssuesListPage(props: IssuesListPageProps) {
  const { kind, fullPath, name } = props;
  const { query, toSearch, navigate } = useListQuery(ISSUE_LIST_SPEC);
  const { data, loading, error } = useIssuesList(kind, {
    fullPath,
    state: query.state,
    sort: query.sort.value,
    search: query.search,
    labelNames: query.labels,
    cursor: { after: query.after, before: query.before },
  });
  const items = data?.page.items ?? [];
  useDocumentTitle('Issues', name);
  const crumbs =
    kind === 'project'
      ? [
          ...projectCrumbs(fullPath, name, data?.ownerFullName),
          { label: 'Issues', href: projectIssuesPath(fullPath) },
        ]
      : [
          ...groupCrumbs(fullPath, data?.ownerFullName, name),
          { label: 'Issues', href: groupIssuesPath(fullPath) },
        ];
  return (
    <>
      <PageHeader crumbs={crumbs} title="Issues" />
      <div className="issues-list-layout">
        <ListFrame
          noun="issues"
          query={query}
          spec={ISSUE_LIST_SPEC}
          toSearch={toSearch}
          onNavigate={navigate}
          counts={data?.counts}
          pageInfo={data?.page.pageInfo}
          itemCount={data === null ? 0 : data?.page.items.length}
          loading={loading}
          error={error}
          errorText="Something went wrong while fetching issues"
        >
          <ul className="issuable-list" aria-label="Issues" data-testid="issue-list">
            {items.map((issue) => (
              <IssueRow
                key={issue.id}
                issue={issue}
                fullReference={kind === 'group'}
                labelSearch={(label) => toSearch(addLabel(query, label))}
                onNavigate={navigate}
              />
            ))}
          </ul>
        </ListFrame>
      </div>
    </>
  );
}
