import { userPath } from '../../../core/domain/webPaths.ts';
import { TimeAgo } from '../../components/issuable/index.ts';
import type { DeploymentPerson, DeploymentStatus, DeploymentView } from '../../data/index.ts';
import { Avatar, Badge, Icon } from '../../ui/index.ts';
import { DEPLOYMENT_STATUS, shortSha } from './deploymentFormat.ts';
import { ENVIRONMENT_TEXT } from './environmentTexts.ts';

/** A deployment's status in GitLab's words and colours. */
export function DeploymentStatusBadge({ status }: { status: DeploymentStatus }) {
  const look = DEPLOYMENT_STATUS[status];
  return (
    <Badge variant={look.variant} icon={look.icon} testId="deployment-status">
      {look.text}
    </Badge>
  );
}

/** The ref deployed and its commit's short id (the full sha in its tooltip). */
export function RefAndCommit({ deployment }: { deployment: Pick<DeploymentView, 'ref' | 'sha'> }) {
  return (
    <span className="deployment-refs">
      <span className="meta-item" data-testid="deployment-ref">
        <Icon name="branch" />
        <span className="sr-only">{ENVIRONMENT_TEXT.ref}: </span>
        <code className="deployment-ref" title={deployment.ref}>
          {deployment.ref}
        </code>
      </span>
      <span className="meta-item" data-testid="deployment-sha">
        <span className="sr-only">{ENVIRONMENT_TEXT.commit}: </span>
        <code className="deployment-sha" title={deployment.sha}>
          {shortSha(deployment.sha)}
        </code>
      </span>
    </span>
  );
}

/** A person with their avatar, linked to their profile. */
export function PersonLink({ person }: { person: DeploymentPerson }) {
  return (
    <a className="deployment-person" href={userPath(person.username)} data-testid="deployment-person">
      <Avatar name={person.name} colorKey={person.username} size={16} />
      <span>{person.name}</span>
    </a>
  );
}

/**
 * One line about a deployment, as the environments list shows the last one: status, `#iid`, ref and
 * commit, who triggered it and when.
 */
export function DeploymentLine({ deployment }: { deployment: DeploymentView }) {
  return (
    <div className="deployment-line" data-testid="last-deployment">
      <span className="sr-only">{ENVIRONMENT_TEXT.lastDeployment}: </span>
      <DeploymentStatusBadge status={deployment.status} />
      <span className="deployment-iid" data-testid="deployment-iid">
        #{deployment.iid}
      </span>
      <RefAndCommit deployment={deployment} />
      {deployment.user ? (
        <span className="meta-item">
          <span className="sr-only">{ENVIRONMENT_TEXT.triggerer}: </span>
          <PersonLink person={deployment.user} />
        </span>
      ) : null}
      {deployment.createdAt ? (
        <span className="meta-item muted">
          <TimeAgo instant={deployment.finishedAt ?? deployment.createdAt} />
        </span>
      ) : null}
    </div>
  );
}
