import { ISSUABLE_TEMPLATE_PARAM } from '../../../core/domain/issueTemplates.ts';
import { projectMarkdownPreviewPath } from '../../../core/domain/webPaths.ts';
import type { PageMountInput } from '../../../core/pages/pageMount.ts';
import type { AccessContext } from '../../services/access.ts';
import type { ProjectInNamespace } from '../../services/issueService.ts';
import { canManageIssueTemplates } from '../../services/issues/issueTemplateService.ts';
import { projectMountBase } from './projectMountBase.ts';

/**
 * The project pages about creating issues: `issues/new` (GitLab's new-issue form) and
 * `issue_templates` (the description templates it offers). Each answers the page to render, or
 * 'sign-in' for an anonymous visitor, or null for someone who may not use it (a 404, as GitLab's).
 */
export interface ProjectPageSpec {
  readonly title: string;
  readonly mount: PageMountInput;
}

type PageAnswer = ProjectPageSpec | 'sign-in' | null;

const projectBase = async (access: AccessContext, located: ProjectInNamespace) => ({
  ...(await projectMountBase(access, located)),
  projectFullName: `${located.namespace.full_name} / ${located.project.name}`,
});

/** The one value of GitLab's `issuable_template` query parameter, '' when absent or malformed. */
function templateParam(query: unknown): string {
  const value = (query as Record<string, unknown>)[ISSUABLE_TEMPLATE_PARAM];
  return typeof value === 'string' ? value.slice(0, 400) : '';
}

export async function newIssuePage(
  access: AccessContext,
  located: ProjectInNamespace,
  query: unknown,
): Promise<PageAnswer> {
  if (!access.actor.user) return 'sign-in';
  const { project, namespace } = located;
  const [canCreate, canAdmin, canCreateIncident] = await Promise.all([
    access.canInProject('create_issue', project, namespace),
    access.canInProject('admin_issue', project, namespace),
    access.canInProject('create_incident', project, namespace),
  ]);
  if (!canCreate) return null;
  return {
    title: `New issue · ${namespace.full_name} / ${project.name}`,
    mount: {
      page: 'issue-new',
      ...(await projectBase(access, located)),
      groupId: namespace.id,
      canAdmin,
      canCreateIncident,
      issuableTemplate: templateParam(query),
      markdownPreviewPath: projectMarkdownPreviewPath(project.full_path),
    },
  };
}

export async function issueTemplatesPage(
  access: AccessContext,
  located: ProjectInNamespace,
): Promise<PageAnswer> {
  if (!access.actor.user) return 'sign-in';
  if (!(await canManageIssueTemplates(access, located))) return null;
  return {
    title: `Issue templates · ${located.namespace.full_name} / ${located.project.name}`,
    mount: { page: 'issue-templates', ...(await projectBase(access, located)) },
  };
}
