import type { EnvironmentListItem } from '../../data/index.ts';
import { Badge, Icon } from '../../ui/index.ts';
import { DeploymentLine } from './DeploymentMeta.tsx';
import { ENVIRONMENT_TEXT } from './environmentTexts.ts';
import { StopEnvironmentButton } from './StopEnvironmentButton.tsx';

/**
 * One environment of the list, as GitLab's row: its name and tier, the approval its last deployment
 * waits for, that deployment; then the live environment's link and, for those who may, Stop.
 */
export function EnvironmentRow({
  environment,
  projectId,
  onChanged,
}: {
  environment: EnvironmentListItem;
  projectId: string;
  onChanged: () => void;
}) {
  const latest = environment.latestDeployment;
  return (
    <li className="environment-row" data-testid="environment-row">
      <div className="environment-main">
        <div className="environment-title-line">
          <a className="environment-name" href={environment.webPath} data-testid="environment-name">
            {environment.name}
          </a>
          <Badge variant="neutral" testId="environment-tier">
            <span className="sr-only">{ENVIRONMENT_TEXT.tier}: </span>
            {environment.tier}
          </Badge>
          {latest?.status === 'blocked' ? (
            <Badge variant="warning" icon="warning" testId="approval-pending">
              {ENVIRONMENT_TEXT.approvalPending}
            </Badge>
          ) : null}
        </div>
        {latest ? (
          <DeploymentLine deployment={latest} />
        ) : (
          <p className="muted environment-no-deployments">{ENVIRONMENT_TEXT.noDeployments}</p>
        )}
      </div>
      <div className="environment-side">
        {environment.externalUrl ? (
          <a
            className="btn btn-default btn-icon"
            href={environment.externalUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${ENVIRONMENT_TEXT.openLive} ${environment.name}`}
            title={ENVIRONMENT_TEXT.openLive}
            data-testid="environment-external-url"
          >
            <Icon name="external" />
          </a>
        ) : null}
        {environment.canStop ? (
          <StopEnvironmentButton projectId={projectId} environment={environment} onStopped={onChanged} />
        ) : null}
      </div>
    </li>
  );
}
