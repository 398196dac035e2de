import type { AccessContext } from '../../services/access.ts';
import type { ProjectInNamespace } from '../../services/issueService.ts';

/**
 * What every project page's mount carries: which project, and whether its navigation shows Settings,
 * Merge requests, Environments and the Vulnerability report.
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
  /**
   * GitLab shows Environments to those who may read them (read_environment); here only signed in, as
   * the REST API the pages read needs a session.
   */
  readonly canReadEnvironments: boolean;
  /**
   * GitLab shows Secure → Vulnerability report to those who may read vulnerabilities
   * (read_vulnerability: Developers and up, on Ultimate); here only signed in, as its pages ask.
   */
  readonly canReadVulnerabilities: boolean;
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
    ...(await projectNavRights(access, { project, namespace })),
  };
}

/**
 * Which of the project's sidebar items the viewer may open: its merge requests, its environments
 * (whose pages need a session, as the REST API they read does) and its vulnerability report.
 */
export async function projectNavRights(
  access: AccessContext,
  { project, namespace }: ProjectInNamespace,
): Promise<
  Pick<ProjectMountBase, 'canReadMergeRequests' | 'canReadEnvironments' | 'canReadVulnerabilities'>
> {
  const signedIn = access.actor.user !== null;
  return {
    canReadMergeRequests: await access.canInProject('read_merge_request', project, namespace),
    canReadEnvironments: signedIn && (await access.canInProject('read_environment', project, namespace)),
    canReadVulnerabilities: signedIn && (await access.canInProject('read_vulnerability', project, namespace)),
  };
}
