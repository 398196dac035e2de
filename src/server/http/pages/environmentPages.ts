import type { FastifyReply, FastifyRequest } from 'fastify';
import { environmentPath, projectEnvironmentsJsonPath } from '../../../core/domain/webPaths.ts';
import type { PageMountInput } from '../../../core/pages/pageMount.ts';
import type { Executor } from '../../db/executor.ts';
import type { AccessContext } from '../../services/access.ts';
import { requireInProject } from '../../services/deployments/deploymentAccess.ts';
import {
  ENVIRONMENT_SCOPES,
  type EnvironmentScope,
  environmentListPage,
  environmentOfProject,
  mayApproveDeploymentsTo,
} from '../../services/deployments/environmentPageService.ts';
import { UnauthorizedError } from '../../services/errors.ts';
import type { ProjectInNamespace } from '../../services/issueService.ts';
import { deploymentJson, environmentJson } from '../api/deploymentJson.ts';
import { setPaginationHeaders } from '../api/pagination.ts';
import { offsetPage, optionalEnum, type Params } from '../api/params.ts';
import type { ProjectMountBase } from './projectMountBase.ts';

/**
 * The environments pages of a project (GitLab's Projects::EnvironmentsController): the list at
 * `environments` and its data at `environments.json`, and an environment's page at
 * `environments/:id`. They read GitLab's REST API, which needs a session: a visitor signs in first,
 * and whoever may not read environments gets the 404 page.
 */

export const ENVIRONMENTS_JSON_SECTION = 'environments.json';
const ENVIRONMENT_SECTION = /^environments\/(\d{1,15})$/;

/** Whether the section is one of the environments pages' (the list, its data, or an environment). */
export const isEnvironmentsSection = (section: string): boolean =>
  section === 'environments' || section === ENVIRONMENTS_JSON_SECTION || ENVIRONMENT_SECTION.test(section);

export interface EnvironmentPageSpec {
  readonly title: string;
  readonly mount: PageMountInput;
}

/**
 * The list's or an environment's page: 'sign-in' for a visitor, null (the 404 page) for those who
 * may not read environments or an environment the project does not have.
 */
export async function environmentsPage(
  db: Executor,
  access: AccessContext,
  found: ProjectInNamespace,
  base: ProjectMountBase,
  section: string,
): Promise<EnvironmentPageSpec | 'sign-in' | null> {
  if (!access.actor.user) return 'sign-in';
  if (!base.canReadEnvironments) return null;
  const { project, namespace } = found;
  const projectFullName = `${namespace.full_name} / ${project.name}`;
  if (section === 'environments') {
    return {
      title: `Environments · ${projectFullName}`,
      mount: {
        page: 'project-environments',
        ...base,
        projectFullName,
        environmentsEndpoint: projectEnvironmentsJsonPath(project.full_path),
      },
    };
  }
  const match = ENVIRONMENT_SECTION.exec(section);
  const environment = match ? await environmentOfProject(db, found, Number(match[1])) : undefined;
  if (!environment) return null;
  return {
    title: `${environment.name} · Environments · ${projectFullName}`,
    mount: {
      page: 'environment',
      ...base,
      projectFullName,
      environmentId: environment.id,
      environmentName: environment.name,
      canApproveDeployments: await mayApproveDeploymentsTo(db, access, found, environment.name),
    },
  };
}

/**
 * `environments.json?scope=active|stopped&page=…` (GitLab's JSON of the same path, in its field
 * names): one page of the scope's environments, each with `latest_deployment` (its newest deployment
 * whatever the status, as the REST API's deployment entity) and `can_stop`, and every scope's count;
 * GitLab's pagination headers. 401 for a visitor, 403 for those who may not read environments.
 */
export async function environmentsJson(
  db: Executor,
  externalUrl: string,
  request: FastifyRequest,
  reply: FastifyReply,
  found: ProjectInNamespace,
) {
  if (!request.access.actor.user) throw new UnauthorizedError();
  await requireInProject(request.access, found, 'read_environment');
  const query = request.query as Params;
  const scope: EnvironmentScope = optionalEnum(query, 'scope', ENVIRONMENT_SCOPES) ?? 'active';
  const page = offsetPage(query);
  const list = await environmentListPage(db, request.access, found, scope, {
    offset: page.offset,
    limit: page.perPage,
  });
  setPaginationHeaders(request, reply, externalUrl, page, list.total);
  const { full_path: projectPath } = found.project;
  return {
    environments: list.entries.map(({ environment, latest, canStop }) => ({
      ...environmentJson(environment, projectPath),
      environment_path: environmentPath(projectPath, environment.id),
      can_stop: canStop,
      latest_deployment: latest
        ? deploymentJson(latest, list.facts, externalUrl, { withEnvironment: false })
        : null,
    })),
    available_count: list.counts.available,
    active_count: list.counts.available + list.counts.stopping,
    stopped_count: list.counts.stopped,
  };
}
