import type { PageMountInput } from '../../../core/pages/pageMount.ts';
import type { FeatureFlags } from '../../config.ts';
import type { IssueInProject } from '../../services/issueService.ts';
import type { ProjectMountBase } from './projectMountBase.ts';

/**
 * The work item page's mount (`/:project/-/work_items/:iid`): which item, the names its breadcrumbs
 * show, and the flags that decide which of its fields show. Its permissions come with the item
 * over GraphQL (`userPermissions`), as GitLab's work item view reads them.
 */
export function workItemMount(
  { project, namespace, issue }: IssueInProject,
  base: ProjectMountBase,
  flags: Pick<FeatureFlags, 'workItemsMvc2' | 'issueWeights'>,
): PageMountInput {
  return {
    page: 'work-item',
    ...base,
    projectFullName: `${namespace.full_name} / ${project.name}`,
    iid: issue.iid,
    workItemsMvc2: flags.workItemsMvc2,
    issueWeights: flags.issueWeights,
  };
}
