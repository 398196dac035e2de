import type { AccessContext } from '../../services/access.ts';
import type { ProjectInNamespace } from '../../services/issueService.ts';

/**
 * What every project page's mount carries: which project, and whether its navigation shows Settings
 * and Merge requests.
 */
export interface ProjectMountBase {
  readonly fullPath: string;
  readonly projectId: number;
  readonly projectName: string;
  readonly groupFullPath: string;
  /** GitLab shows a project's Settings to its maintainers (admin_project). */
  readonly canAdminProject: boolean;
  /** GitLab hides a project's Merge requests from those who may not read them (read_merge_request). */
  readonly canReadMergeRequests: boolean;
}

export async function projectMountBase(
  access: AccessContext,
  { project, namespace }: ProjectInNamespace,
): Promise<ProjectMountBase> {
  return {
    fullPath: project.full_path,
    projectId: project.id,
    projectName: project.name,
    groupFullPath: namespace.full_path,
    canAdminProject: await access.canInProject('admin_project', project, namespace),
    canReadMergeRequests: await access.canInProject('read_merge_request', project, namespace),
  };
}
