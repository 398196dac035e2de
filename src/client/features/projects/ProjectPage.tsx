import { pluralize } from '../../../core/domain/plural.ts';
import {
  groupPath,
  inviteMembersPath,
  projectIssuesPath,
  projectIssueTemplatesPath,
  projectLabelsPath,
  projectMilestonesPath,
} from '../../../core/domain/webPaths.ts';
import { NotFoundContent } from '../../components/errors/index.ts';
import { VisibilityBadge } from '../../components/issuable/index.ts';
import { PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import { useProjectOverview } from '../../data/index.ts';
import { Alert, Avatar, Icon, Loading, useDocumentTitle } from '../../ui/index.ts';

export interface ProjectPageProps {
  readonly fullPath: string;
  readonly projectName: string;
  readonly groupFullPath: string;
  /** Maintainers and up: the link to the issue templates page. */
  readonly canManageIssueTemplates: boolean;
  /** Maintainers and up (GitLab's admin_project_member): 'Invite members'. */
  readonly canAdminProject: boolean;
}

/** A project's overview: what it is, where it lives, and its open issues. */
export function ProjectPage({
  fullPath,
  projectName,
  groupFullPath,
  canManageIssueTemplates,
  canAdminProject,
}: ProjectPageProps) {
  const { data, loading, error } = useProjectOverview(fullPath);
  const name = data?.name ?? projectName;
  useDocumentTitle(name);
  if (data === null) return <NotFoundContent />;
  const namespacePath = data?.namespaceFullPath ?? groupFullPath;
  return (
    <>
      <PageHeader
        crumbs={projectCrumbs(fullPath, name, data?.nameWithNamespace)}
        title={
          <span className="title-with-avatar">
            <Avatar name={name} colorKey={fullPath} size={48} />
            <span data-testid="project-name">{name}</span>
          </span>
        }
        actions={
          <>
            <a
              className="btn btn-default"
              href={projectIssuesPath(fullPath)}
              data-testid="project-issues-link"
            >
              <Icon name="issues" />
              Issues
            </a>
            <a
              className="btn btn-default"
              href={projectMilestonesPath(fullPath)}
              data-testid="project-milestones-link"
            >
              <Icon name="milestone" />
              Milestones
            </a>
            <a
              className="btn btn-default"
              href={projectLabelsPath(fullPath)}
              data-testid="project-labels-link"
            >
              <Icon name="label" />
              Labels
            </a>
            {canAdminProject ? (
              <a
                className="btn btn-confirm"
                href={inviteMembersPath('project', fullPath)}
                data-testid="project-invite-members-link"
              >
                <Icon name="user" />
                Invite members
              </a>
            ) : null}
          </>
        }
      >
        <div className="page-meta">
          {data?.visibility ? <VisibilityBadge visibility={data.visibility} /> : null}
          <span className="muted">Project path: {fullPath}</span>
        </div>
        {data?.description ? <p className="page-description">{data.description}</p> : null}
      </PageHeader>
      {error ? <Alert variant="danger">Something went wrong while fetching the project</Alert> : null}
      {data ? (
        <section className="content-section" aria-labelledby="project-overview-heading">
          <h2 id="project-overview-heading" className="section-title">
            Overview
          </h2>
          <dl className="detail-list">
            <div>
              <dt>Issues</dt>
              <dd>
                <a href={projectIssuesPath(fullPath)} data-testid="project-open-issues">
                  {pluralize(data.openIssuesCount ?? 0, 'open issue')}
                </a>
              </dd>
            </div>
            {canManageIssueTemplates ? (
              <div>
                <dt>Issue templates</dt>
                <dd>
                  <a href={projectIssueTemplatesPath(fullPath)} data-testid="project-issue-templates-link">
                    Manage issue templates
                  </a>
                </dd>
              </div>
            ) : null}
            {namespacePath ? (
              <div>
                <dt>Group</dt>
                <dd>
                  <a href={groupPath(namespacePath)} data-testid="project-group-link">
                    {data.namespaceFullName ?? namespacePath}
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
      ) : loading ? (
        <Loading label="Loading project" />
      ) : null}
    </>
  );
}
