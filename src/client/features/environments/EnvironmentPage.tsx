import { useId } from 'react';
import { environmentPath, projectEnvironmentsPath } from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { Detail, None } from '../../components/issuable/index.ts';
import { PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import {
  type DeploymentsPage,
  type EnvironmentView,
  type Reloadable,
  useEnvironment,
  useEnvironmentDeployments,
} from '../../data/index.ts';
import { useLocationSearch } from '../../state/index.ts';
import { Alert, Badge, EmptyState, Icon, Loading, Pagination, useDocumentTitle } from '../../ui/index.ts';
import { type DeploymentContext, DeploymentItem } from './DeploymentItem.tsx';
import { ENVIRONMENT_STATE, pageOf, pageSearch } from './deploymentFormat.ts';
import { ENVIRONMENT_TEXT as TEXT } from './environmentTexts.ts';

export type EnvironmentPageProps = PageMountOf<'environment'> & {
  /** The signed-in viewer's id: their own deployments, their own approvals. */
  readonly currentUserId: number | null;
};

/**
 * An environment's page (GitLab's `environments/:id`): its name, tier, state and live URL, then its
 * deployments newest first, paged (`?page=2`), with the approvals of those waiting for them.
 */
export function EnvironmentPage(props: EnvironmentPageProps) {
  const { fullPath, projectId, projectName, projectFullName, environmentId, environmentName } = props;
  const environment = useEnvironment(projectId, environmentId);
  const [search, navigate] = useLocationSearch();
  const page = pageOf(search);
  const deployments = useEnvironmentDeployments(projectId, environmentName, page);
  const name = environment.value?.name ?? environmentName;
  useDocumentTitle(name, TEXT.environments);
  const context: DeploymentContext = {
    projectId,
    fullPath,
    viewerId: props.currentUserId,
    canApprove: props.canApproveDeployments,
    onChanged: () => {
      environment.reload();
      deployments.reload();
    },
  };
  const crumbs = [
    ...projectCrumbs(fullPath, projectName, projectFullName),
    { label: TEXT.environments, href: projectEnvironmentsPath(fullPath) },
    { label: name, href: environmentPath(fullPath, environmentId) },
  ];
  const externalUrl = environment.value?.externalUrl;
  return (
    <>
      <PageHeader
        crumbs={crumbs}
        title={<span data-testid="environment-title">{name}</span>}
        actions={
          externalUrl ? (
            <a
              className="btn btn-default"
              href={externalUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="environment-open-live"
            >
              <Icon name="external" />
              {TEXT.openLive}
            </a>
          ) : null
        }
      />
      {environment.failed ? <Alert variant="danger">{TEXT.environmentError}</Alert> : null}
      {environment.value ? <EnvironmentDetails environment={environment.value} /> : null}
      <DeploymentsSection deployments={deployments} context={context} onNavigate={navigate} />
    </>
  );
}

function EnvironmentDetails({ environment }: { environment: EnvironmentView }) {
  const state = ENVIRONMENT_STATE[environment.state];
  return (
    <dl className="environment-details detail-list" data-testid="environment-details">
      <Detail term={TEXT.tier} testId="environment-tier">
        <Badge variant="neutral">{environment.tier}</Badge>
      </Detail>
      <Detail term={TEXT.state} testId="environment-state">
        <Badge variant={state.variant} icon={state.icon}>
          {state.text}
        </Badge>
      </Detail>
      <Detail term={TEXT.externalUrl} testId="environment-external-url">
        {environment.externalUrl ? (
          <a
            href={environment.externalUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="environment-url"
          >
            {environment.externalUrl}
          </a>
        ) : (
          <None />
        )}
      </Detail>
      {environment.description ? (
        <p className="environment-description" data-testid="environment-description">
          {environment.description}
        </p>
      ) : null}
    </dl>
  );
}

function DeploymentsSection({
  deployments,
  context,
  onNavigate,
}: {
  deployments: Reloadable<DeploymentsPage>;
  context: DeploymentContext;
  onNavigate: (search: string) => void;
}) {
  const headingId = useId();
  const data = deployments.value;
  return (
    <section className="environment-deployments" aria-labelledby={headingId} aria-busy={deployments.loading}>
      <h2 id={headingId} className="environment-section-title">
        {TEXT.deployments}
        {data ? <span className="tab-count">{data.page.total}</span> : null}
      </h2>
      {deployments.failed ? <Alert variant="danger">{TEXT.deploymentsError}</Alert> : null}
      {data === null ? (
        deployments.loading ? (
          <Loading label={`Loading ${TEXT.deployments.toLowerCase()}`} />
        ) : null
      ) : data.deployments.length === 0 ? (
        <EmptyState title={TEXT.noDeployments} />
      ) : (
        <ul className="deployment-list" aria-label={TEXT.deployments} data-testid="deployment-list">
          {data.deployments.map((deployment) => (
            <DeploymentItem key={deployment.id} deployment={deployment} context={context} />
          ))}
        </ul>
      )}
      <Pagination
        previous={data?.page.previousPage ? pageSearch(data.page.previousPage) : null}
        next={data?.page.nextPage ? pageSearch(data.page.nextPage) : null}
        onNavigate={onNavigate}
      />
    </section>
  );
}
