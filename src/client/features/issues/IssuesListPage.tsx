import { groupIssuesPath, newIssuePath, projectIssuesPath } from '../../../core/domain/webPaths.ts';
import { addLabel, ListFrame, useListQuery } from '../../components/filters/index.ts';
import { groupCrumbs, PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import { type IssuesListKind, useIssuesList } from '../../data/index.ts';
import { Button, useDocumentTitle } from '../../ui/index.ts';
import { BulkEditSidebar } from './bulk/BulkEditSidebar.tsx';
import { BULK_EDIT_TEXT } from './bulk/bulkEditTexts.ts';
import { SelectAll } from './bulk/SelectAll.tsx';
import { useBulkSelection, useReturnFocus } from './bulk/useBulkSelection.ts';
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
  /** GitLab's create_issue in the project: the New issue button (a group's list has none). */
  readonly canCreateIssue: boolean;
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
  const bulk = useBulkSelection(items.map((issue) => issue.databaseId));
  const bulkButtonRef = useReturnFocus(bulk.editing);
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
  const actions = (
    <>
      {props.canBulkUpdate && !bulk.editing ? (
        <Button ref={bulkButtonRef} onClick={bulk.start} data-testid="bulk-edit-button">
          {BULK_EDIT_TEXT.bulkEdit}
        </Button>
      ) : null}
      {kind === 'project' && props.canCreateIssue ? (
        <a className="btn btn-confirm" href={newIssuePath(fullPath)} data-testid="new-issue-link">
          New issue
        </a>
      ) : null}
    </>
  );
  return (
    <>
      <PageHeader crumbs={crumbs} title="Issues" actions={actions} />
      <div className={bulk.editing ? 'issues-list-layout is-bulk-editing' : 'issues-list-layout'}>
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
          {bulk.editing ? <SelectAll bulk={bulk} /> : null}
          <ul className="issuable-list" aria-label="Issues" data-testid="issue-list">
            {items.map((issue) => (
              <IssueRow
                key={issue.id}
                issue={issue}
                fullReference={kind === 'group'}
                labelSearch={(label) => toSearch(addLabel(query, label))}
                onNavigate={navigate}
                selection={
                  bulk.editing
                    ? {
                        checked: bulk.isSelected(issue.databaseId),
                        onChange: (checked) => bulk.select(issue.databaseId, checked),
                      }
                    : null
                }
              />
            ))}
          </ul>
        </ListFrame>
        {bulk.editing ? (
          <BulkEditSidebar
            kind={kind}
            fullPath={fullPath}
            labelsGroupPath={props.labelsGroupPath}
            groupId={props.groupId}
            bulkUpdatePath={props.bulkUpdatePath}
            selectedIds={bulk.selectedIds}
            onDone={bulk.stop}
          />
        ) : null}
      </div>
    </>
  );
}
