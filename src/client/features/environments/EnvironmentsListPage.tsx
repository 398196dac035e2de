import { useId } from 'react';
import { projectEnvironmentsPath } from '../../../core/domain/webPaths.ts';
import type { PageMountOf } from '../../../core/pages/pageMount.ts';
import { PageHeader, projectCrumbs } from '../../components/navigation/index.ts';
import { type EnvironmentScope, useEnvironmentList } from '../../data/index.ts';
import { useLocationSearch } from '../../state/index.ts';
import { Alert, EmptyState, Loading, Pagination, Tabs, tabId, useDocumentTitle } from '../../ui/index.ts';
import { listViewOf, listViewSearch } from './deploymentFormat.ts';
import { EnvironmentRow } from './EnvironmentRow.tsx';
import { ENVIRONMENT_TEXT as TEXT } from './environmentTexts.ts';

export type EnvironmentsListPageProps = PageMountOf<'project-environments'>;

const SCOPES: readonly EnvironmentScope[] = ['active', 'stopped'];

/**
 * GitLab's environments list (Operate → Environments): Active and Stopped tabs with their counts,
 * each environment with its tier and last deployment, and Stop for those who may; paged, the view
 * kept in the URL (`?scope=stopped&page=2`).
 */
export function EnvironmentsListPage({
  fullPath,
  projectId,
  projectName,
  projectFullName,
  environmentsEndpoint,
}: EnvironmentsListPageProps) {
  const [search, navigate] = useLocationSearch();
  const view = listViewOf(search);
  const list = useEnvironmentList(environmentsEndpoint, view.scope, view.page);
  const panelId = useId();
  useDocumentTitle(TEXT.environments, projectName);
  const crumbs = [
    ...projectCrumbs(fullPath, projectName, projectFullName),
    { label: TEXT.environments, href: projectEnvironmentsPath(fullPath) },
  ];
  const data = list.value;
  const page = data?.page;
  return (
    <>
      <PageHeader crumbs={crumbs} title={TEXT.environments} />
      <Tabs
        label={`Filter ${TEXT.noun} by state`}
        panelId={panelId}
        onNavigate={navigate}
        items={SCOPES.map((scope) => ({
          id: scope,
          label: scope === 'active' ? TEXT.active : TEXT.stopped,
          count: data?.counts[scope],
          search: listViewSearch({ scope, page: 1 }),
          selected: view.scope === scope,
          testId: `environments-tab-${scope}`,
        }))}
      />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(panelId, view.scope)}
        aria-busy={list.loading}
        className="list-panel"
      >
        {list.failed ? <Alert variant="danger">{TEXT.listError}</Alert> : null}
        {data === null ? (
          list.loading ? (
            <Loading label={`Loading ${TEXT.noun}`} />
          ) : null
        ) : data.environments.length === 0 ? (
          view.scope === 'active' ? (
            <EmptyState title={TEXT.emptyActiveTitle} description={TEXT.emptyActiveDescription} />
          ) : (
            <EmptyState title={TEXT.emptyStoppedTitle} description={TEXT.emptyStoppedDescription} />
          )
        ) : (
          <ul className="environment-list" aria-label={TEXT.listLabel} data-testid="environment-list">
            {data.environments.map((environment) => (
              <EnvironmentRow
                key={environment.id}
                environment={environment}
                projectId={projectId}
                onChanged={list.reload}
              />
            ))}
          </ul>
        )}
      </div>
      <Pagination
        previous={page?.previousPage ? listViewSearch({ scope: view.scope, page: page.previousPage }) : null}
        next={page?.nextPage ? listViewSearch({ scope: view.scope, page: page.nextPage }) : null}
        onNavigate={navigate}
      />
    </>
  );
}
