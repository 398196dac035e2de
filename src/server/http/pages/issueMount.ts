import {
  issueJsonPath,
  issueWebPath,
  MARKDOWN_DOCS_PATH,
  projectMarkdownPreviewPath,
} from '../../../core/domain/webPaths.ts';
import type { PageMountInput } from '../../../core/pages/pageMount.ts';
import type { FeatureFlags } from '../../config.ts';
import type { IssueInProject } from '../../services/issueService.ts';
import type { ProjectMountBase } from './projectMountBase.ts';

/**
 * The issue page's mount: who may edit it, the paths its title and description editor calls, and the
 * settings its work item view (the issue's tasks) reads.
 */
export function issueMount(
  { project, namespace, issue }: IssueInProject,
  base: ProjectMountBase,
  viewer: {
    readonly signedIn: boolean;
    readonly canUpdate: boolean;
    readonly canAdmin: boolean;
    readonly canDestroy: boolean;
    readonly canCreateIssue: boolean;
    readonly canManageMetricImages: boolean;
    readonly emailsDisabled: boolean;
  },
  /** The instance's flags, with what the plan sells already applied (issueFieldsShown). */
  flags: Pick<FeatureFlags, 'workItemsMvc2' | 'issueWeights'> & {
    readonly healthStatus: boolean;
    readonly blockedIssues: boolean;
    readonly epics: boolean;
  },
  metricImageMaxBytes: number,
): PageMountInput {
  return {
    page: 'issue',
    ...base,
    groupId: namespace.id,
    iid: issue.iid,
    issueId: issue.id,
    signedIn: viewer.signedIn,
    canUpdate: viewer.canUpdate,
    canAdmin: viewer.canAdmin,
    canDestroy: viewer.canDestroy,
    canCreateIssue: viewer.canCreateIssue,
    canManageMetricImages: viewer.canManageMetricImages,
    metricImageMaxBytes,
    emailsDisabled: viewer.emailsDisabled,
    state: issue.state,
    endpoint: issueWebPath(project.full_path, issue.iid),
    updateEndpoint: issueJsonPath(project.full_path, issue.iid),
    markdownPreviewPath: projectMarkdownPreviewPath(project.full_path),
    markdownDocsPath: MARKDOWN_DOCS_PATH,
    workItemsMvc2: flags.workItemsMvc2,
    issueWeights: flags.issueWeights,
    healthStatus: flags.healthStatus,
    blockedIssues: flags.blockedIssues,
    epics: flags.epics,
  };
}
