import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import { epicPageState } from '../../services/epicPageService.ts';
import { findReadableEpic } from '../../services/epics/epicQueries.ts';
import { NotFoundError } from '../../services/errors.ts';
import { findReadableGroupOrNull } from '../../services/groupService.ts';
import { findReadableIssue } from '../../services/issueService.ts';
import { findReadableProjectOrNull } from '../../services/projectService.ts';
import { GROUP_JSON_PATH, groupJsonEndpoint } from '../autocompleteRoutes.ts';
import { safeRedirectPath } from '../redirectPath.ts';
import { epicPageData } from './epicPageData.ts';
import { FLASH_COOKIE } from './flash.ts';
import { groupMilestonePage, milestoneIidOf, projectMilestonePage } from './milestonePages.ts';
import { pageFlag as bool } from './pageFlag.ts';
import { roadmapPageData } from './roadmapPageData.ts';
import { type ClientAssets, type PageData, renderShell } from './shell.ts';

export interface PageDeps extends ServerDeps {
  readonly assets: ClientAssets;
}

/** Renders a page shell for the request's user; the flash notice is shown once, then cleared. */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  assets: ClientAssets,
  page: { page: string; title: string; data?: PageData; status?: number },
) {
  const flash = request.cookies[FLASH_COOKIE];
  if (flash) reply.clearCookie(FLASH_COOKIE, { path: '/' });
  const signInPath = `/users/sign_in?redirect_to=${encodeURIComponent(request.url)}`;
  return reply
    .code(page.status ?? 200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      renderShell(assets, {
        page: page.page,
        title: page.title,
        data: page.data ?? {},
        csrfToken: request.csrfToken,
        user: request.actor.user,
        signInPath,
        flash,
      }),
    );
}

export function sendNotFoundPage(request: FastifyRequest, reply: FastifyReply, assets: ClientAssets) {
  return sendPage(request, reply, assets, { page: 'not-found', title: 'Not found', status: 404 });
}

export function registerPageRoutes(app: FastifyInstance, deps: PageDeps): void {
  const { db, assets } = deps;
  const groupJson = groupJsonEndpoint(deps);

  app.get('/', (request, reply) => sendPage(request, reply, assets, { page: 'home', title: 'Groups' }));

  app.get('/groups/*', async (request, reply) => {
    const rest = (request.params as { '*': string })['*'].replace(/\/+$/, '');
    const json = GROUP_JSON_PATH.exec(rest);
    if (json) return groupJson(request, json[1]!, json[2] as 'labels' | 'milestones');
    const [groupPath = '', section = ''] = rest.split('/-/');
    const group = await findReadableGroupOrNull(db, request.access, groupPath);
    if (!group) return sendNotFoundPage(request, reply, assets);
    const canCreateEpic = await request.access.canInNamespace('create_epic', group);
    const base = {
      fullPath: group.full_path,
      groupId: group.id,
      groupName: group.name,
      canCreateEpic: bool(canCreateEpic),
    };
    const epicsPath = `/groups/${group.full_path}/-/epics`;
    if (section === '')
      return sendPage(request, reply, assets, { page: 'group', title: group.full_name, data: base });
    if (section === 'epics') {
      return sendPage(request, reply, assets, {
        page: 'group-epics',
        title: `Epics · ${group.full_name}`,
        data: { ...base, roadmapPath: `/groups/${group.full_path}/-/roadmap` },
      });
    }
    if (section === 'roadmap') {
      return sendPage(request, reply, assets, {
        page: 'group-roadmap',
        title: `Roadmap · ${group.full_name}`,
        data: roadmapPageData(group, canCreateEpic, request.query as Record<string, unknown>),
      });
    }
    if (section === 'epics/new') {
      if (!request.actor.user)
        return reply.redirect(`/users/sign_in?redirect_to=${encodeURIComponent(request.url)}`);
      if (!canCreateEpic) return sendNotFoundPage(request, reply, assets);
      const returnTo = (request.query as Record<string, unknown>).return_to;
      return sendPage(request, reply, assets, {
        page: 'epic-new',
        title: `New epic · ${group.full_name}`,
        data: {
          ...base,
          listEpicsPath: epicsPath,
          returnTo: returnTo === undefined ? '' : safeRedirectPath(returnTo),
        },
      });
    }
    const epicMatch = /^epics\/(\d+)$/.exec(section);
    if (epicMatch) {
      const found = await findReadableEpic(
        db,
        request.access,
        { group, iid: Number(epicMatch[1]) },
        { missing: 'null' },
      );
      if (!found) return sendNotFoundPage(request, reply, assets);
      const { epic } = found;
      const state = await epicPageState(db, request.access, group, epic, deps.config.featureFlags);
      return sendPage(request, reply, assets, {
        page: 'epic',
        title: `${epic.title} (&${epic.iid}) · Epics · ${group.full_name}`,
        data: epicPageData(group, state, base),
      });
    }
    const milestoneIid = milestoneIidOf(section);
    if (milestoneIid !== undefined) {
      const milestone = await groupMilestonePage(db, request.access, group, milestoneIid);
      if (!milestone) return sendNotFoundPage(request, reply, assets);
      return sendPage(request, reply, assets, { page: 'milestone', ...milestone });
    }
    return sendNotFoundPage(request, reply, assets);
  });

  // Projects live at /<namespace path>/<project path>, like GitLab: everything else falls through here.
  app.get('/*', async (request, reply) => {
    const rest = (request.params as { '*': string })['*'].replace(/\/+$/, '');
    const [projectPath = '', section = ''] = rest.split('/-/');
    if (!projectPath.includes('/')) return sendNotFoundPage(request, reply, assets);
    const found = await findReadableProjectOrNull(db, request.access, projectPath);
    if (!found) return sendNotFoundPage(request, reply, assets);
    const { project, namespace } = found;
    const data = {
      fullPath: project.full_path,
      projectId: project.id,
      projectName: project.name,
      groupFullPath: namespace.full_path,
    };
    if (section === '')
      return sendPage(request, reply, assets, {
        page: 'project',
        title: `${namespace.full_name} / ${project.name}`,
        data,
      });
    if (section === 'issues') {
      return sendPage(request, reply, assets, {
        page: 'project-issues',
        title: `Issues · ${namespace.full_name} / ${project.name}`,
        data,
      });
    }
    const issueMatch = /^issues\/(\d+)$/.exec(section);
    if (issueMatch) {
      try {
        const issue = await findReadableIssue(db, request.access, found, Number(issueMatch[1]));
        return sendPage(request, reply, assets, {
          page: 'issue',
          title: `${issue.title} (#${issue.iid}) · Issues · ${project.name}`,
          data: { ...data, iid: issue.iid, issueId: issue.id },
        });
      } catch (error) {
        if (error instanceof NotFoundError) return sendNotFoundPage(request, reply, assets);
        throw error;
      }
    }
    const milestoneIid = milestoneIidOf(section);
    if (milestoneIid !== undefined) {
      const milestone = await projectMilestonePage(db, request.access, found, milestoneIid);
      if (!milestone) return sendNotFoundPage(request, reply, assets);
      return sendPage(request, reply, assets, { page: 'milestone', ...milestone });
    }
    return sendNotFoundPage(request, reply, assets);
  });
}
