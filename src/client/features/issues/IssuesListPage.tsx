import { newIssuePath, projectIssuesPath } from '../../../core/domain/webPaths.ts';
import { addLabel, ListFrame, useListQuery } from '../../components/filters/index.ts';
import { PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import { useProjectIssuesList } from '../../data/index.ts';
import { useDocumentTitle } from '../../ui/index.ts';
import { IssueRow } from './IssueRow.tsx';
import { ISSUE_LIST_SPEC } from './issueListSpec.ts';

export interface IssuesListPageProps {
  readonly fullPath: string;
  readonly projectName: string;
  /** GitLab's create_issue: the New issue button. */
  readonly canCreateIssue: boolean;
}

/** GitLab's project issues list: state tabs, search, label filters, sort and cursor paging. */
export function IssuesListPage({ fullPath, projectName, canCreateIssue }: IssuesListPageProps) {
  const { query, toSearch, navigate } = useListQuery(ISSUE_LIST_SPEC);
  const { data, loading, error } = useProjectIssuesList({
    fullPath,
    state: query.state,
    sort: query.sort.value,
    search: query.search,
    labelNames: query.labels,
    cursor: { after: query.after, before: query.before },
  });
  useDocumentTitle('Issues', projectName);
  const crumbs = [
    ...projectCrumbs(fullPath, projectName, data?.ownerFullName),
    { label: 'Issues', href: projectIssuesPath(fullPath) },
  ];
  return (
    <>
      <PageHeader
        crumbs={crumbs}
        title="Issues"
        actions={
          canCreateIssue ? (
            <a className="btn btn-confirm" href={newIssuePath(fullPath)} data-testid="new-issue-link">
              New issue
            </a>
          ) : null
        }
      />
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
          {data?.page.items.map((issue) => (
            <IssueRow
              key={issue.id}
              issue={issue}
              projectFullPath={fullPath}
              labelSearch={(label) => toSearch(addLabel(query, label))}
              onNavigate={navigate}
            />
          ))}
        </ul>
      </ListFrame>
    </>
  );
}
