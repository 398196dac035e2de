import { issueWebPath, projectIssuesPath, workItemWebPath } from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { NotFoundContent } from '../../components/errors/index.ts';
import { PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import { usePageSettled, useWorkItemView } from '../../data/index.ts';
import { Alert, Breadcrumbs, Loading, useDocumentTitle } from '../../ui/index.ts';
import { WorkItemDetail } from './WorkItemDetail.tsx';
import { WORK_ITEM_TEXT } from './workItemTexts.ts';

export type WorkItemPageProps = PageMountOf<'work-item'>;

/** GitLab's work item page (`/:project/-/work_items/:iid`): the detail view, embedded. */
export function WorkItemPage(page: WorkItemPageProps) {
  const { fullPath, iid } = page;
  const view = useWorkItemView({ fullPath, iid });
  const item = view.data;
  usePageSettled(item !== undefined || Boolean(view.error));
  useDocumentTitle(item ? `${item.title} (#${item.iid})` : `#${iid}`, 'Work items');
  if (item === null) return <NotFoundContent />;
  const crumbs = [
    ...projectCrumbs(
      fullPath,
      page.projectName || (fullPath.split('/').pop() ?? fullPath),
      page.projectFullName,
    ),
    { label: 'Issues', href: projectIssuesPath(fullPath) },
    { label: `#${iid}`, href: workItemWebPath(fullPath, iid) },
  ];
  if (!item) {
    return (
      <>
        <PageHeader crumbs={crumbs} title={`#${iid}`} />
        {view.error ? <Alert variant="danger">{WORK_ITEM_TEXT.fetchFailed}</Alert> : null}
        {view.loading ? <Loading label={WORK_ITEM_TEXT.loading} /> : null}
      </>
    );
  }
  return (
    <div className="work-item-page">
      <div className="page-header">
        <Breadcrumbs items={crumbs} />
      </div>
      <WorkItemDetail
        item={item}
        refetch={view.refetch}
        flags={{ workItemsMvc2: page.workItemsMvc2, issueWeights: page.issueWeights }}
        onDeleted={() => {
          // The page of a deleted item is gone: its parent, or the project's issues, is where to go.
          window.location.assign(
            item.parent ? issueWebPath(fullPath, item.parent.iid) : projectIssuesPath(fullPath),
          );
        }}
      />
    </div>
  );
}
