import type { FastifyInstance } from 'fastify';
import { STATUS_PAGE_TEXTS } from '../../../core/domain/statusPage.ts';
import type { PageMountInput } from '../../../core/pages/pageMount.ts';
import type { Executor } from '../../db/executor.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import type { AccessContext } from '../../services/access.ts';
import { NotFoundError, UnauthorizedError } from '../../services/errors.ts';
import type { ProjectInNamespace } from '../../services/issueService.ts';
import { findReadableProjectOrNull } from '../../services/projectService.ts';
import {
  STATUS_PAGE_ATTRIBUTES,
  statusPageSettingsView,
  updateStatusPageSettings,
} from '../../services/statusPage/statusPageSettingsService.ts';
import { nested, optionalBoolean, optionalString, ParamError, type Params } from '../api/params.ts';
import { projectPathOf, projectScopedPatterns } from '../groupScopedRoutes.ts';
import { projectMountBase } from './projectMountBase.ts';

/** GitLab's Settings → Monitor page of a project. */
export const PROJECT_MONITOR_SETTINGS_SECTION = 'settings/operations';

/**
 * GET /:project/-/settings/operations: the page, for the project's maintainers (404 for others, as
 * GitLab's), with the status page settings as the form shows them.
 */
export async function projectMonitorSettingsPage(
  db: Executor,
  access: AccessContext,
  found: ProjectInNamespace,
): Promise<{ title: string; mount: PageMountInput } | null> {
  try {
    const settings = await statusPageSettingsView(db, access, found);
    return {
      title: `Monitor Settings · ${found.namespace.full_name} / ${found.project.name}`,
      mount: {
        page: 'project-settings-monitor',
        ...(await projectMountBase(access, found)),
        statusPage: JSON.stringify(settings),
      },
    };
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * PUT /:project/-/settings/operations with GitLab's form fields as JSON:
 * `{ project: { status_page_setting_attributes: { enabled, status_page_url, aws_s3_bucket_name,
 * aws_region, aws_access_key, aws_secret_key, s3_endpoint } } }` → `{ message }`; 400 with
 * `{ message: { <attribute>: [problem] } }` and nothing saved when a field is wrong; 401 signed out;
 * 404 for who is not a maintainer.
 */
export function registerProjectSettingsRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  for (const path of projectScopedPatterns(PROJECT_MONITOR_SETTINGS_SECTION)) {
    app.put(path, async (request) => {
      if (!request.actor.user) throw new UnauthorizedError();
      const found = await findReadableProjectOrNull(db, request.access, projectPathOf(request.params));
      if (!found) throw new NotFoundError('Project');
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Params;
      const attributes = nested(nested(body, 'project'), 'status_page_setting_attributes');
      if (Object.keys(attributes).length === 0)
        throw new ParamError('status_page_setting_attributes is missing');
      const text = (name: string) => optionalString(attributes, name, 1000) ?? '';
      await updateStatusPageSettings(
        db,
        request.access,
        found,
        {
          enabled: optionalBoolean(attributes, 'enabled') ?? false,
          statusPageUrl: text(STATUS_PAGE_ATTRIBUTES.statusPageUrl),
          bucketName: text(STATUS_PAGE_ATTRIBUTES.bucketName),
          region: text(STATUS_PAGE_ATTRIBUTES.region),
          accessKeyId: text(STATUS_PAGE_ATTRIBUTES.accessKeyId),
          secretAccessKey: text(STATUS_PAGE_ATTRIBUTES.secretAccessKey),
          endpoint: text(STATUS_PAGE_ATTRIBUTES.endpoint),
        },
        config.secretKeyBase,
      );
      return { message: STATUS_PAGE_TEXTS.settingsSaved };
    });
  }
}
