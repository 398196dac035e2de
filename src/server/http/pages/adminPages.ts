import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_GEO_SITES_PATH, ADMIN_SETTINGS_PATH, signInPath } from '../../../core/domain/webPaths.ts';
import { isAdministrator } from '../../services/access.ts';
import { type PageDeps, sendNotFoundPage, sendPage } from './pageRoutes.ts';

/**
 * The Admin Area, for administrators only: `/admin/application_settings`, the instance's settings,
 * and `/admin/geo/sites`, its Geo sites (which the page reads through the REST Geo API).
 */
export function registerAdminPages(app: FastifyInstance, { assets, settings, config }: PageDeps): void {
  /** Sends visitors to sign in and, as GitLab does, answers anyone but an administrator with 404. */
  const refused = (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.actor.user) return reply.redirect(signInPath(request.url));
    if (!isAdministrator(request.access)) return sendNotFoundPage(request, reply, assets);
    return null;
  };
  app.get(ADMIN_SETTINGS_PATH, async (request, reply) => {
    const refusal = refused(request, reply);
    if (refusal) return refusal;
    return sendPage(request, reply, assets, {
      title: 'Settings · Admin Area',
      mount: { page: 'admin-settings', settings: JSON.stringify(await settings.current()) },
    });
  });
  app.get(ADMIN_GEO_SITES_PATH, async (request, reply) => {
    const refusal = refused(request, reply);
    if (refusal) return refusal;
    return sendPage(request, reply, assets, {
      title: 'Geo sites · Admin Area',
      mount: {
        page: 'admin-geo-sites',
        siteName: config.geo.nodeName,
        siteUrl: `${config.externalUrl}/`,
        secondary: config.geo.primaryUrl !== undefined,
      },
    });
  });
}
