import type { FastifyInstance } from 'fastify';
import { APPLICATION_SETTINGS_API_PATH } from '../../../core/domain/webPaths.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { requireAdministrator } from '../../services/access.ts';
import { bodyParams } from './params.ts';

/**
 * GitLab's application settings, for administrators:
 *
 * GET /api/v4/application/settings   the settings in force, by GitLab's names
 * PUT /api/v4/application/settings   any of them (JSON or form); a bad value is a 400 naming it,
 *     and changes nothing; the change takes effect without a restart
 */
export function registerApplicationSettingsRoutes(app: FastifyInstance, { settings }: ServerDeps): void {
  app.get(APPLICATION_SETTINGS_API_PATH, async (request) => {
    requireAdministrator(request.access);
    return settings.current();
  });

  app.put(APPLICATION_SETTINGS_API_PATH, async (request) =>
    settings.change(request.access, bodyParams(request)),
  );
}
