import type { FastifyInstance } from 'fastify';
import { ADMIN_SETTINGS_PATH, signInPath } from '../../../core/domain/webPaths.ts';
import { isAdministrator } from '../../services/access.ts';
import { type PageDeps, sendNotFoundPage, sendPage } from './pageRoutes.ts';

/** The Admin Area: `/admin/application_settings`, the instance's settings, for administrators only. */
export function registerAdminPages(app: FastifyInstance, { assets, settings }: PageDeps): void {
  app.get(ADMIN_SETTINGS_PATH, async (request, reply) => {
    if (!request.actor.user) return reply.redirect(signInPath(request.url));
    // As GitLab does, the Admin Area is not there for anyone else.
    if (!isAdministrator(request.access)) return sendNotFoundPage(request, reply, assets);
    return sendPage(request, reply, assets, {
      title: 'Settings · Admin Area',
      mount: { page: 'admin-settings', settings: JSON.stringify(await settings.current()) },
    });
  });
}
