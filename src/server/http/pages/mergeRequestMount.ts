import {
  MARKDOWN_DOCS_PATH,
  mergeRequestJsonPath,
  mergeRequestWebPath,
  projectMarkdownPreviewPath,
} from '../../../core/domain/webPaths.ts';
import type { PageMountInput } from '../../../core/pages/pageMount.ts';
import type {
  MergeRequestInProject,
  MergeRequestRights,
} from '../../services/mergeRequests/mergeRequestQueries.ts';
import type { ProjectMountBase } from './projectMountBase.ts';

/** The merge request page's mount: who may do what, and the paths its editor and activity call. */
export function mergeRequestMount(
  { project, namespace, mergeRequest }: MergeRequestInProject,
  base: ProjectMountBase,
  viewer: MergeRequestRights & { readonly signedIn: boolean; readonly emailsDisabled: boolean },
): PageMountInput {
  return {
    page: 'merge-request',
    ...base,
    iid: mergeRequest.iid,
    groupId: namespace.id,
    signedIn: viewer.signedIn,
    canUpdate: viewer.canUpdate,
    canAdmin: viewer.canAdmin,
    canMerge: viewer.canMerge,
    canApprove: viewer.canApprove,
    emailsDisabled: viewer.emailsDisabled,
    endpoint: mergeRequestWebPath(project.full_path, mergeRequest.iid),
    updateEndpoint: mergeRequestJsonPath(project.full_path, mergeRequest.iid),
    markdownPreviewPath: projectMarkdownPreviewPath(project.full_path),
    markdownDocsPath: MARKDOWN_DOCS_PATH,
  };
}
