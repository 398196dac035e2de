import { NAMESPACE_TEXTS } from '../../../core/domain/namespaceCreation.ts';
import {
  groupEpicsPath,
  groupIssuesPath,
  groupLabelsPath,
  groupMilestonesPath,
  groupRoadmapPath,
  inviteMembersPath,
  newProjectPath,
  newSubgroupPath,
} from '../../../core/domain/webPaths.ts';
import { NotFoundContent } from '../../components/errors/index.ts';
import { VisibilityBadge } from '../../components/issuable/index.ts';
import { groupCrumbs, PageHeader } from '../../components/navigation/index.ts';
import { type GroupOverview, useGroupOverview } from '../../data/index.ts';
import { Alert, Avatar, EmptyState, Icon, Loading, useDocumentTitle } from '../../ui/index.ts';
import { GroupRow, ProjectRow } from './GroupRows.tsx';

export interface GroupPageProps {
  readonly fullPath: string;
  readonly groupId: string;
  readonly groupName: string;
  /** The group's owners invite members from here (GitLab's admin_group_member). */
  readonly canInviteMembers: boolean;
  /** Maintainers and up make subgroups here, Developers and up projects. */
  readonly canCreateSubgroup: boolean;
  readonly canCreateProject: boolean;
}

/** A group's overview: what it is, its subgroups and projects, and its planning views. */
export function GroupPage({
  fullPath,
  groupId,
  groupName,
  canInviteMembers,
  canCreateSubgroup,
  canCreateProject,
}: GroupPageProps) {
  const { data, loading, error } = useGroupOverview(fullPath);
  useDocumentTitle(data?.name ?? groupName);
  if (data === null) return <NotFoundContent />;
  return (
    <>
      <PageHeader
        crumbs={groupCrumbs(fullPath, data?.fullName, data?.name ?? groupName)}
        title={
          <span className="title-with-avatar">
            <Avatar name={data?.name ?? groupName} colorKey={fullPath} size={48} />
            <span data-testid="group-name">{data?.name ?? groupName}</span>
          </span>
        }
        actions={
          <>
            <a className="btn btn-default" href={groupIssuesPath(fullPath)} data-testid="group-issues-link">
              <Icon name="issues" />
              Issues
            </a>
            <a className="btn btn-default" href={groupEpicsPath(fullPath)} data-testid="group-epics-link">
              <Icon name="epic" />
              Epics
            </a>
            <a className="btn btn-default" href={groupRoadmapPath(fullPath)} data-testid="group-roadmap-link">
              <Icon name="roadmap" />
              Roadmap
            </a>
            <a
              className="btn btn-default"
              href={groupMilestonesPath(fullPath)}
              data-testid="group-milestones-link"
            >
              <Icon name="milestone" />
              Milestones
            </a>
            <a className="btn btn-default" href={groupLabelsPath(fullPath)} data-testid="group-labels-link">
              <Icon name="label" />
              Labels
            </a>
            {canInviteMembers ? (
              <a
                className="btn btn-confirm"
                href={inviteMembersPath('group', fullPath)}
                data-testid="group-invite-members-link"
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
          <span className="muted">Group path: {fullPath}</span>
        </div>
        {data?.description ? <p className="page-description">{data.description}</p> : null}
      </PageHeader>
      {error ? <Alert variant="danger">Something went wrong while fetching the group</Alert> : null}
      {data ? (
        <GroupContents
          group={data}
          newSubgroupPath={canCreateSubgroup ? newSubgroupPath(groupId) : null}
          newProjectPath={canCreateProject ? newProjectPath(groupId) : null}
        />
      ) : loading ? (
        <Loading label="Loading group" />
      ) : null}
    </>
  );
}

function GroupContents({
  group,
  newSubgroupPath: subgroupPath,
  newProjectPath: projectPath,
}: {
  group: GroupOverview;
  /** Where the viewer makes a subgroup or a project here; null when they may not. */
  newSubgroupPath: string | null;
  newProjectPath: string | null;
}) {
  return (
    <div className="group-contents">
      <section aria-labelledby="subgroups-heading" className="content-section">
        <div className="section-header">
          <h2 id="subgroups-heading" className="section-title">
            Subgroups <span className="count-pill">{group.subgroups.length}</span>
          </h2>
          {subgroupPath ? (
            <a className="btn btn-default" href={subgroupPath} data-testid="new-subgroup-link">
              {NAMESPACE_TEXTS.newSubgroup}
            </a>
          ) : null}
        </div>
        {group.subgroups.length === 0 ? (
          <EmptyState title="This group has no subgroups" testId="subgroups-empty" />
        ) : (
          <ul className="entity-list" aria-labelledby="subgroups-heading" data-testid="subgroup-list">
            {group.subgroups.map((subgroup) => (
              <GroupRow key={subgroup.id} group={subgroup} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="projects-heading" className="content-section">
        <div className="section-header">
          <h2 id="projects-heading" className="section-title">
            Projects <span className="count-pill">{group.projectCount}</span>
          </h2>
          {projectPath ? (
            <a className="btn btn-default" href={projectPath} data-testid="new-project-link">
              {NAMESPACE_TEXTS.newProject}
            </a>
          ) : null}
        </div>
        {group.projects.length === 0 ? (
          <EmptyState title="This group has no projects" testId="projects-empty" />
        ) : (
          <ul className="entity-list" aria-labelledby="projects-heading" data-testid="project-list">
            {group.projects.map((project) => (
              <ProjectRow key={project.id} project={project} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
