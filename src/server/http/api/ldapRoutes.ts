import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { MEMBER_ACCESS_LEVELS } from '../../../core/domain/accessLevel.ts';
import type { LdapGroupLinkRow } from '../../db/schema.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { UnauthorizedError } from '../../services/errors.ts';
import {
  createLdapLink,
  deleteLdapLink,
  findGroupForLdapLinks,
  listLdapLinks,
} from '../../services/ldap/ldapGroupLinkService.ts';
import { searchLdapGroups } from '../../services/ldap/ldapGroupSearchService.ts';
import { requestLdapGroupSync, syncLdapGroup } from '../../services/ldap/ldapGroupSyncService.ts';
import { bodyParams, offsetPage, optionalString, ParamError, type Params } from './params.ts';

const MAX_CN_LENGTH = 255;
const MAX_FILTER_LENGTH = 8192;
const MAX_PROVIDER_LENGTH = 255;
const MAX_SEARCH_LENGTH = 255;

/** GitLab's texts for a link that is not there (404, `render_api_error!`, no status prefix). */
const NO_LINKS = 'No linked LDAP groups found';
const LINK_NOT_FOUND = 'Linked LDAP group not found';

/** GitLab's LdapGroupLink entity. */
function linkJson(link: LdapGroupLinkRow) {
  return {
    cn: link.cn,
    group_access: link.group_access,
    provider: link.provider,
    filter: link.filter,
    member_role_id: null,
  };
}

/** A non-blank string parameter, undefined when absent or blank (Grape's presence). */
function present(params: Params, name: string, maxLength: number): string | undefined {
  const value = optionalString(params, name, maxLength);
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** `cn` or `filter`, exactly one: Grape's `exactly_one_of` texts otherwise. */
function linkTarget(params: Params, errors: string[]): { cn: string } | { filter: string } | undefined {
  const cn = present(params, 'cn', MAX_CN_LENGTH);
  const filter = present(params, 'filter', MAX_FILTER_LENGTH);
  if (cn !== undefined && filter !== undefined) errors.push('cn, filter are mutually exclusive');
  else if (cn !== undefined) return { cn };
  else if (filter !== undefined) return { filter };
  else errors.push('cn, filter are missing, exactly one parameter must be provided');
  return undefined;
}

/** A link's parameters as Grape validates them: every failure named, in one 400. */
function newLinkParams(params: Params) {
  const errors: string[] = [];
  let groupAccess: number | undefined;
  const access = params.group_access;
  if (access === undefined || access === null || access === '') errors.push('group_access is missing');
  else {
    const text = String(Array.isArray(access) ? access.at(-1) : access);
    if (!/^-?\d{1,10}$/.test(text)) errors.push('group_access is invalid');
    else if (!MEMBER_ACCESS_LEVELS.includes(Number(text) as never))
      errors.push('group_access does not have a valid value');
    else groupAccess = Number(text);
  }
  const provider = present(params, 'provider', MAX_PROVIDER_LENGTH);
  if (provider === undefined) errors.push('provider is missing');
  const target = linkTarget(params, errors);
  if (errors.length > 0 || groupAccess === undefined || provider === undefined || !target) {
    throw new ParamError(errors.join(', '));
  }
  return { groupAccess, provider, target };
}

function deleteLinkParams(params: Params) {
  const errors: string[] = [];
  const provider = present(params, 'provider', MAX_PROVIDER_LENGTH);
  if (provider === undefined) errors.push('provider is missing');
  const target = linkTarget(params, errors);
  if (errors.length > 0 || provider === undefined || !target) throw new ParamError(errors.join(', '));
  return { provider, target };
}

/**
 * GitLab's LDAP API:
 *
 * GET    /api/v4/ldap/groups, /api/v4/ldap/:provider/groups (and `.json`, as the pages call it)
 *        the directory's groups whose cn starts with `search`: at most 20, or `per_page`
 * GET    /api/v4/groups/:id/ldap_group_links                     the group's links (404 when none)
 * POST   /api/v4/groups/:id/ldap_group_links                     `cn` or `filter`, `group_access`, `provider`
 * DELETE /api/v4/groups/:id/ldap_group_links                     `provider` and `cn` or `filter`
 * DELETE /api/v4/groups/:id/ldap_group_links/:provider/:cn, …/:cn   (deprecated forms)
 * POST   /api/v4/groups/:id/ldap_sync                            sync now (202)
 *
 * Links are their group owners' (401 anonymous, 403 others); a change to them syncs the group.
 */
export function registerLdapRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  const groupSearch = async (request: FastifyRequest) => {
    const { provider } = request.params as { provider?: string };
    const query = request.query as Params;
    const search = optionalString(query, 'search', MAX_SEARCH_LENGTH) ?? '';
    const limit = query.per_page === undefined ? undefined : offsetPage(query).perPage;
    const groups = await searchLdapGroups(request.access, config.ldap, provider, search, limit);
    return groups.map((group) => ({ cn: group.cn, description: group.description }));
  };
  for (const path of [
    '/api/v4/ldap/groups',
    '/api/v4/ldap/groups.json',
    '/api/v4/ldap/:provider/groups',
    '/api/v4/ldap/:provider/groups.json',
  ]) {
    app.get(path, groupSearch);
  }

  /** Syncs the group after its links changed; the directory's failure leaves it to the next sync. */
  const syncAfterChange = async (log: FastifyBaseLogger, groupId: number) => {
    try {
      await syncLdapGroup(db, config.ldap, groupId);
    } catch (error) {
      log.warn({ err: error, groupId }, 'LDAP group sync after a link change failed');
    }
  };
  const groupOf = (request: FastifyRequest) =>
    findGroupForLdapLinks(db, request.access, (request.params as { id: string }).id);

  app.get('/api/v4/groups/:id/ldap_group_links', async (request, reply) => {
    const links = await listLdapLinks(db, await groupOf(request));
    if (links.length === 0) return reply.code(404).send({ message: NO_LINKS });
    return links.map(linkJson);
  });

  app.post('/api/v4/groups/:id/ldap_group_links', async (request, reply) => {
    // Signed in before the parameters are looked at, as GitLab's `before { authenticate! }`.
    if (!request.actor.user) throw new UnauthorizedError();
    const params = newLinkParams(bodyParams(request));
    const group = await groupOf(request);
    const link = await createLdapLink(db, request.access, group, params);
    await syncAfterChange(request.log, group.id);
    return reply.code(201).send(linkJson(link));
  });

  const remove = async (
    request: FastifyRequest,
    provider: string | undefined,
    target: { cn: string } | { filter: string },
  ) => {
    const group = await groupOf(request);
    const deleted = await deleteLdapLink(db, group, provider, target);
    if (deleted) await syncAfterChange(request.log, group.id);
    return deleted;
  };
  app.delete('/api/v4/groups/:id/ldap_group_links', async (request, reply) => {
    if (!request.actor.user) throw new UnauthorizedError();
    const { provider, target } = deleteLinkParams(bodyParams(request));
    if (!(await remove(request, provider, target))) return reply.code(404).send({ message: LINK_NOT_FOUND });
    return reply.code(204).send();
  });
  app.delete('/api/v4/groups/:id/ldap_group_links/:cn', async (request, reply) => {
    const { cn } = request.params as { cn: string };
    if (!(await remove(request, undefined, { cn }))) return reply.code(404).send({ message: LINK_NOT_FOUND });
    return reply.code(204).send();
  });
  app.delete('/api/v4/groups/:id/ldap_group_links/:provider/:cn', async (request, reply) => {
    const { provider, cn } = request.params as { provider: string; cn: string };
    if (!(await remove(request, provider, { cn }))) return reply.code(404).send({ message: LINK_NOT_FOUND });
    return reply.code(204).send();
  });

  app.post('/api/v4/groups/:id/ldap_sync', async (request, reply) => {
    await requestLdapGroupSync(db, request.access, config.ldap, (request.params as { id: string }).id);
    // GitLab's `status 202` with nothing else: Grape renders the status itself as the body.
    return reply.code(202).type('application/json').send('202');
  });
}
