import { formatCount } from '../../../core/domain/formats.ts';
import { nounFor, pluralize } from '../../../core/domain/plural.ts';
import { groupPath, projectIssuesPath, projectPath } from '../../../core/domain/webPaths.ts';
import { VisibilityIcon } from '../../components/issuable/index.ts';
import type { GroupSummary, ProjectSummary } from '../../data/index.ts';
import { Avatar, Icon } from '../../ui/index.ts';

export function GroupRow({ group, showFullName = false }: { group: GroupSummary; showFullName?: boolean }) {
  return (
    <li className="entity-row" data-testid="group-row">
      <Avatar name={group.name} colorKey={group.fullPath} size={32} />
      <div className="entity-main">
        <div className="entity-title-line">
          <a className="entity-title" href={groupPath(group.fullPath)}>
            {showFullName ? group.fullName : group.name}
          </a>
          {group.visibility ? <VisibilityIcon visibility={group.visibility} /> : null}
        </div>
        {group.description ? <p className="entity-description">{group.description}</p> : null}
      </div>
    </li>
  );
}

export function ProjectRow({ project }: { project: ProjectSummary }) {
  return (
    <li className="entity-row" data-testid="project-row">
      <Avatar name={project.name} colorKey={project.fullPath} size={32} />
      <div className="entity-main">
        <div className="entity-title-line">
          <a className="entity-title" href={projectPath(project.fullPath)}>
            {project.name}
          </a>
          {project.visibility ? <VisibilityIcon visibility={project.visibility} /> : null}
        </div>
        {project.description ? <p className="entity-description">{project.description}</p> : null}
      </div>
      {project.openIssuesCount != null ? (
        <a
          className="entity-stat"
          href={projectIssuesPath(project.fullPath)}
          // The stat is abbreviated (7.5k); its name and tooltip give the exact count.
          aria-label={pluralize(project.openIssuesCount, 'open issue')}
          title={pluralize(project.openIssuesCount, 'open issue')}
          data-testid="project-open-issues"
        >
          <Icon name="issues" />
          {`${formatCount(project.openIssuesCount)} ${nounFor(project.openIssuesCount, 'open issue')}`}
        </a>
      ) : null}
    </li>
  );
}
