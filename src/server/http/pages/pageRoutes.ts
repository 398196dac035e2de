import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DASHBOARD_ISSUES_PATH,
  DASHBOARD_MERGE_REQUESTS_PATH,
  DASHBOARD_TODOS_PATH,
  groupEpicsPath,
  groupIssuesBulkUpdatePath,
  groupRoadmapPath,
  HELP_PATH,
  INCIDENT_TAB_SEGMENTS,
  isHelpTopic,
  projectIssuesBulkUpdatePath,
  signInPath,
  workItemWebPath,
} from '../../../core/domain/webPaths.ts';
import { roadmapFirstQueries } from '../../../core/layout/roadmapQueries.ts';
import type { PageMountInput, PreloadedQuery } from '../../../core/pages/pageMount.ts';
import { calendarDateOf } from '../../../core/time/formatting.ts';
import { runPreloads } from '../../graphql/register.ts';
import type { ServerDeps } from '../../serverDeps.ts';
import { isAdministrator } from '../../services/access.ts';
import { canReadBilling } from '../../services/billing/gitlabSubscriptionService.ts';
import { epicPageState } from '../../services/epicPageService.ts';
import { findReadableEpic } from '../../services/epics/epicQueries.ts';
import { NotFoundError } from '../../services/errors.ts';
import { findReadableGroupOrNull } from '../../services/groupService.ts';
import { areEmailsDisabled } from '../../services/groupSettingsService.ts';
import { findReadableIssue } from '../../services/issueService.ts';
import { issueRights } from '../../services/issues/issueCommands.ts';
import { canManageIssueTemplates } from '../../services/issues/issueTemplateService.ts';
import { issueFieldsShown } from '../../services/issues/licensedIssueFields.ts';
import {
  findReadableMergeRequest,
  mergeRequestRights,
} from '../../services/mergeRequests/mergeRequestQueries.ts';
import { canManageMetricImages } from '../../services/metricImages/metricImageService.ts';
import { canAdminMilestones } from '../../services/milestoneService.ts';
import { findReadableProjectOrNull } from '../../services/projectService.ts';
import { findVisibleUserByUsername } from '../../services/userDirectoryService.ts';
import type { Params } from '../api/params.ts';
import { GROUP_JSON_PATH, groupJsonEndpoint } from '../autocompleteRoutes.ts';
import { safeRedirectPath } from '../redirectPath.ts';
import { billingJson, trialStatusOf } from './billingPages.ts';
import type { ClientAssets } from './clientAssets.ts';
import {
  ENVIRONMENTS_JSON_SECTION,
  environmentsJson,
  environmentsPage,
  isEnvironmentsSection,
} from './environmentPages.ts';
import { epicMount } from './epicMount.ts';
import { FLASH_COOKIE } from './flash.ts';
import { issueMount } from './issueMount.ts';
import { membersMountFields, membersPageJson } from './memberPages.ts';
import { mergeRequestMount } from './mergeRequestMount.ts';
import {
  groupMilestonePage,
  milestoneFormOf,
  milestoneFormPage,
  milestoneIidOf,
  projectMilestonePage,
} from './milestonePages.ts';
import { issueTemplatesPage, newIssuePage } from './projectIssuePages.ts';
import { projectMountBase } from './projectMountBase.ts';
import { PROJECT_MONITOR_SETTINGS_SECTION, projectMonitorSettingsPage } from './projectSettingsPages.ts';
import { NO_PAGE_DEFAULTS, roadmapMount } from './roadmapMount.ts';
import { renderShell } from './shell.ts';
import {
  GROUP_VULNERABILITY_REPORT_SECTION,
  UPSELL_LICENSED_FEATURES,
  UPSELL_PAGE_TITLES,
  upsellActions,
  upsellFeatureOf,
  VALUE_STREAM_ANALYTICS_SECTION,
} from './upsellPages.ts';
import { userProfileMount } from './userProfilePages.ts';
import {
  groupVulnerabilityReportPage,
  isVulnerabilitySection,
  projectVulnerabilityPage,
} from './vulnerabilityPages.ts';
import { workItemMount } from './workItemMount.ts';

export interface PageDeps extends ServerDeps {
  readonly assets: ClientAssets;
}

/** An issue's page: `issues/:iid`, or GitLab's incident alias at one of its tabs (`incident/:iid/metrics`). */
/** A merge request's page (GitLab's `merge_requests/:iid`). */
const MERGE_REQUEST_SECTION = /^merge_requests\/(\d{1,15})$/;
/** A work item's page (GitLab's `work_items/:iid`). */
const WORK_ITEM_SECTION = /^work_items\/(\d+)$/;
const ISSUE_SECTION = new RegExp(
  `^issues\\/(?:incident\\/(\\d+)(?:\\/(?:${INCIDENT_TAB_SEGMENTS.join('|')}))?|(\\d+))$`,
);

/** Renders a page shell for the request's user; the flash notice is shown once, then cleared. */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  assets: ClientAssets,
  page: {
    title: string;
    mount: PageMountInput;
    status?: number;
    preloaded?: readonly PreloadedQuery[];
  },
) {
  const flash = request.cookies[FLASH_COOKIE];
  if (flash) reply.clearCookie(FLASH_COOKIE, { path: '/' });
  return reply
    .code(page.status ?? 200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      renderShell(assets.forPage(page.mount.page), {
        title: page.title,
        mount: page.mount,
        csrfToken: request.csrfToken,
        user: request.actor.user,
        userStatus: request.actor.snapshot?.status,
        signInPath: signInPath(request.url),
        flash,
        preloaded: page.preloaded,
      }),
    );
}

export function sendNotFoundPage(request: FastifyRequest, reply: FastifyReply, assets: ClientAssets) {
  return sendPage(request, reply, assets, { title: 'Not found', mount: { page: 'not-found' }, status: 404 });
}

export function registerPageRoutes(app: FastifyInstance, deps: PageDeps): void {
  const { db, assets } = deps;
  const groupJson = groupJsonEndpoint(deps);

  app.get('/', (request, reply) =>
    sendPage(request, reply, assets, { title: 'Groups', mount: { page: 'home' } }),
  );

  // Signed-in only, as GitLab's dashboard: anonymous visitors sign in first and come back.
  app.get(DASHBOARD_TODOS_PATH, (request, reply) => {
    if (!request.actor.user) return reply.redirect(signInPath(request.url));
    return sendPage(request, reply, assets, { title: 'To-Do List', mount: { page: 'dashboard-todos' } });
  });
  app.get(HELP_PATH, (request, reply) =>
    sendPage(request, reply, assets, { title: 'Help', mount: { page: 'help-index' } }),
  );
  app.get('/help/*', (request, reply) => {
    const topic = (request.params as { '*': string })['*'];
    if (!isHelpTopic(topic)) return sendNotFoundPage(request, reply, assets);
    return sendPage(request, reply, assets, { title: 'Help', mount: { page: 'help', topic } });
  });
  app.get(DASHBOARD_ISSUES_PATH, (request, reply) => {
    if (!request.actor.user) return reply.redirect(signInPath(request.url));
    return sendPage(request, reply, assets, { title: 'Issues', mount: { page: 'dashboard-issues' } });
  });
  app.get(DASHBOARD_MERGE_REQUESTS_PATH, (request, reply) => {
    if (!request.actor.user) return reply.redirect(signInPath(request.url));
    return sendPage(request, reply, assets, {
      title: 'Merge requests',
      mount: { page: 'dashboard-merge-requests' },
    });
  });

  app.get('/groups/*', async (request, reply) => {
    const rest = (request.params as { '*': string })['*'].replace(/\/+$/, '');
    const json = GROUP_JSON_PATH.exec(rest);
    if (json) return groupJson(request, json[1]!, json[2] as 'labels' | 'milestones');
    const [groupPath = '', section = ''] = rest.split('/-/');
    const group = await findReadableGroupOrNull(db, request.access, groupPath);
    if (!group) return sendNotFoundPage(request, reply, assets);
    // The windowed members list's pages are data, not pages: nothing below is theirs.
    if (section === 'group_members.json') {
      const { json } = await membersPageJson(
        db,
        request.access,
        { kind: 'group', group },
        request.query as Params,
      );
      return json;
    }
    const canCreateEpic = await request.access.canInNamespace('create_epic', group);
    const today = calendarDateOf(deps.now());
    // What every group page's navigation shows its top-level group's owners: Billing (on the
    // top-level group's own pages) and the trial.
    const ownsRoot = await canReadBilling(db, request.access, group);
    const groupNav = {
      canReadBilling: group.parent_id === null && ownsRoot,
      trialStatus: ownsRoot
        ? await trialStatusOf(db, group, today, (await deps.settings.current()).trial_widget_variant)
        : '',
      // Value stream analytics, for Reporters and up where the plan has them.
      canReadCycleAnalytics: await request.access.canInNamespace('read_group_cycle_analytics', group),
      // Secure → Vulnerability report, for Developers and up where the plan has it (signed in).
      canReadVulnerabilities:
        request.actor.user !== null && (await request.access.canInNamespace('read_vulnerability', group)),
    };
    const base = {
      fullPath: group.full_path,
      groupId: group.id,
      groupName: group.name,
      canCreateEpic,
      ...groupNav,
    };
    const roadmapPath = groupRoadmapPath(group.full_path);
    const upsell = upsellFeatureOf(section);
    if (upsell && !(await request.access.hasFeature(group, UPSELL_LICENSED_FEATURES[upsell]))) {
      return sendPage(request, reply, assets, {
        title: `${UPSELL_PAGE_TITLES[upsell]} · ${group.full_name}`,
        mount: {
          page: 'feature-upsell',
          ...base,
          feature: upsell,
          ...(await upsellActions(db, group, today, ownsRoot)),
        },
      });
    }
    if (section === '')
      return sendPage(request, reply, assets, {
        title: group.full_name,
        mount: {
          page: 'group',
          ...base,
          roadmapPath,
          canInviteMembers: await request.access.canInNamespace('admin_group', group),
          canCreateSubgroup:
            request.actor.user !== null && (await request.access.canInNamespace('create_subgroup', group)),
          canCreateProject:
            request.actor.user !== null && (await request.access.canInNamespace('create_projects', group)),
        },
      });
    if (section === VALUE_STREAM_ANALYTICS_SECTION) {
      // GitLab's authorize_read_group_cycle_analytics!: visitors sign in, others below Reporter see 404.
      if (!groupNav.canReadCycleAnalytics) {
        if (!request.actor.user) return reply.redirect(signInPath(request.url));
        return sendNotFoundPage(request, reply, assets);
      }
      return sendPage(request, reply, assets, {
        title: `Value Stream Analytics · ${group.full_name}`,
        mount: {
          page: 'group-value-stream-analytics',
          ...base,
          canAdminValueStreams: await request.access.canInNamespace('admin_value_stream', group),
        },
      });
    }
    if (section === GROUP_VULNERABILITY_REPORT_SECTION) {
      const answer = await groupVulnerabilityReportPage(request.access, group, base);
      if (answer === 'sign-in') return reply.redirect(signInPath(request.url));
      if (!answer) return sendNotFoundPage(request, reply, assets);
      return sendPage(request, reply, assets, answer);
    }
    if (section === 'milestones') {
      return sendPage(request, reply, assets, {
        title: `Milestones · ${group.full_name}`,
        mount: {
          page: 'group-milestones',
          ...base,
          canAdminMilestones: await canAdminMilestones(request.access, { kind: 'group', group }),
        },
      });
    }
    const groupMilestoneForm = milestoneFormOf(section);
    if (groupMilestoneForm) {
      const answer = await milestoneFormPage(
        db,
        request.access,
        { kind: 'group', group },
        groupMilestoneForm.iid,
      );
      if (answer === 'sign-in') return reply.redirect(signInPath(request.url));
      if (!answer) return sendNotFoundPage(request, reply, assets);
      return sendPage(request, reply, assets, answer);
    }
    if (section === 'labels') {
      return sendPage(request, reply, assets, {
        title: `Labels · ${group.full_name}`,
        mount: {
          page: 'group-labels',
          ...base,
          canAdminLabels: await request.access.canInNamespace('admin_label', group),
          signedIn: request.actor.user !== null,
        },
      });
    }
    if (section === 'billings') {
      if (!groupNav.canReadBilling) return sendNotFoundPage(request, reply, assets);
      return sendPage(request, reply, assets, {
        title: `Billing · ${group.full_name}`,
        mount: {
          page: 'group-billing',
          ...base,
          billing: JSON.stringify(await billingJson(db, request.access, group, today)),
          canAssignPlan: isAdministrator(request.access),
        },
      });
    }
    if (section === 'group_members') {
      return sendPage(request, reply, assets, {
        title: `Members · ${group.full_name}`,
        mount: {
          page: 'group-members',
          ...base,
          ...(await membersMountFields(
            db,
            request.access,
            { kind: 'group', group },
            request.query as Params,
          )),
        },
      });
    }
    if (section === 'epics') {
      return sendPage(request, reply, assets, {
        title: `Epics · ${group.full_name}`,
        mount: { page: 'group-epics', ...base, roadmapPath },
      });
    }
    if (section === 'issues') {
      return sendPage(request, reply, assets, {
        title: `Issues · ${group.full_name}`,
        mount: {
          page: 'group-issues',
          ...base,
          canBulkUpdate: await request.access.canInNamespace('admin_issue', group),
          bulkUpdatePath: groupIssuesBulkUpdatePath(group.full_path),
        },
      });
    }
    // The list reads only the projects whose merge requests the viewer may read.
    if (section === 'merge_requests') {
      return sendPage(request, reply, assets, {
        title: `Merge requests · ${group.full_name}`,
        mount: { page: 'group-merge-requests', ...base },
      });
    }
    if (section === 'roadmap') {
      const query = queryStringOf(request.url);
      const first = roadmapFirstQueries(group.full_path, query, NO_PAGE_DEFAULTS, calendarDateOf(deps.now()));
      const preloaded = await runPreloads(app, { ...deps, actor: request.actor, access: request.access }, [
        { operationName: 'RoadmapEpics', variables: first.epics },
        ...(first.milestones ? [{ operationName: 'RoadmapMilestones', variables: first.milestones }] : []),
      ]);
      return sendPage(request, reply, assets, {
        title: `Roadmap · ${group.full_name}`,
        mount: roadmapMount(
          group,
          {
            canCreateEpic,
            ...groupNav,
            allowSubEpics: await request.access.hasFeature(group, 'subepics'),
            epicsLimit: (await deps.settings.current()).roadmap_epics_limit,
          },
          query,
        ),
        preloaded,
      });
    }
    if (section === 'epics/new') {
      if (!request.actor.user) return reply.redirect(signInPath(request.url));
      if (!canCreateEpic) return sendNotFoundPage(request, reply, assets);
      const returnTo = (request.query as Record<string, unknown>).return_to;
      return sendPage(request, reply, assets, {
        title: `New epic · ${group.full_name}`,
        mount: {
          page: 'epic-new',
          ...base,
          listEpicsPath: groupEpicsPath(group.full_path),
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
        title: `${epic.title} (&${epic.iid}) · Epics · ${group.full_name}`,
        mount: epicMount(group, state, groupNav),
      });
    }
    const milestoneIid = milestoneIidOf(section);
    if (milestoneIid !== undefined) {
      const milestone = await groupMilestonePage(db, request.access, group, milestoneIid);
      if (!milestone) return sendNotFoundPage(request, reply, assets);
      return sendPage(request, reply, assets, milestone);
    }
    return sendNotFoundPage(request, reply, assets);
  });

  // Projects live at /<namespace path>/<project path>, like GitLab: everything else falls through here.
  app.get('/*', async (request, reply) => {
    const rest = (request.params as { '*': string })['*'].replace(/\/+$/, '');
    const [projectPath = '', section = ''] = rest.split('/-/');
    if (!projectPath.includes('/')) {
      // One segment is a user's profile, as on GitLab (groups live under /groups/).
      const user = section === '' ? await findVisibleUserByUsername(db, request.access, projectPath) : null;
      if (!user) return sendNotFoundPage(request, reply, assets);
      return sendPage(request, reply, assets, {
        title: `${user.name} (@${user.username})`,
        mount: await userProfileMount(deps, request.access, user),
      });
    }
    const found = await findReadableProjectOrNull(db, request.access, projectPath);
    if (!found) return sendNotFoundPage(request, reply, assets);
    const { project, namespace } = found;
    const base = await projectMountBase(request.access, found);
    if (section === '')
      return sendPage(request, reply, assets, {
        title: `${namespace.full_name} / ${project.name}`,
        mount: {
          page: 'project',
          ...base,
          canManageIssueTemplates: await canManageIssueTemplates(request.access, found),
        },
      });
    if (section === 'issues') {
      return sendPage(request, reply, assets, {
        title: `Issues · ${namespace.full_name} / ${project.name}`,
        mount: {
          page: 'project-issues',
          ...base,
          groupId: namespace.id,
          canBulkUpdate: await request.access.canInProject('admin_issue', project, namespace),
          bulkUpdatePath: projectIssuesBulkUpdatePath(project.full_path),
          canCreateIssue: await request.access.canInProject('create_issue', project, namespace),
        },
      });
    }
    if (section === 'merge_requests') {
      if (!base.canReadMergeRequests) return sendNotFoundPage(request, reply, assets);
      return sendPage(request, reply, assets, {
        title: `Merge requests · ${namespace.full_name} / ${project.name}`,
        mount: { page: 'project-merge-requests', ...base },
      });
    }
    if (isEnvironmentsSection(section)) {
      if (section === ENVIRONMENTS_JSON_SECTION) {
        return environmentsJson(db, deps.config.externalUrl, request, reply, found);
      }
      const answer = await environmentsPage(db, request.access, found, base, section);
      if (answer === 'sign-in') return reply.redirect(signInPath(request.url));
      if (!answer) return sendNotFoundPage(request, reply, assets);
      return sendPage(request, reply, assets, answer);
    }
    if (isVulnerabilitySection(section)) {
      const answer = await projectVulnerabilityPage(db, request.access, found, base, section);
      if (answer === 'sign-in') return reply.redirect(signInPath(request.url));
      if (!answer) return sendNotFoundPage(request, reply, assets);
      return sendPage(request, reply, assets, answer);
    }
    if (section === 'milestones') {
      return sendPage(request, reply, assets, {
        title: `Milestones · ${namespace.full_name} / ${project.name}`,
        mount: {
          page: 'project-milestones',
          ...base,
          canAdminMilestones: await canAdminMilestones(request.access, { kind: 'project', ...found }),
        },
      });
    }
    if (section === 'labels') {
      return sendPage(request, reply, assets, {
        title: `Labels · ${namespace.full_name} / ${project.name}`,
        mount: {
          page: 'project-labels',
          ...base,
          canAdminLabels: await request.access.canInProject('admin_label', project, namespace),
          signedIn: request.actor.user !== null,
        },
      });
    }
    const projectMilestoneForm = milestoneFormOf(section);
    if (projectMilestoneForm) {
      const answer = await milestoneFormPage(
        db,
        request.access,
        { kind: 'project', ...found },
        projectMilestoneForm.iid,
      );
      if (answer === 'sign-in') return reply.redirect(signInPath(request.url));
      if (!answer) return sendNotFoundPage(request, reply, assets);
      return sendPage(request, reply, assets, answer);
    }
    if (section === 'project_members.json') {
      const of = { kind: 'project', project: found } as const;
      const { json } = await membersPageJson(db, request.access, of, request.query as Params);
      return json;
    }
    if (section === 'project_members') {
      return sendPage(request, reply, assets, {
        title: `Members · ${namespace.full_name} / ${project.name}`,
        mount: {
          page: 'project-members',
          ...base,
          ...(await membersMountFields(
            db,
            request.access,
            { kind: 'project', project: found },
            request.query as Params,
          )),
        },
      });
    }
    if (section === PROJECT_MONITOR_SETTINGS_SECTION) {
      if (!request.actor.user) return reply.redirect(signInPath(request.url));
      const answer = await projectMonitorSettingsPage(db, request.access, found);
      if (!answer) return sendNotFoundPage(request, reply, assets);
      return sendPage(request, reply, assets, answer);
    }
    if (section === 'issues/new' || section === 'issue_templates') {
      const answer =
        section === 'issues/new'
          ? await newIssuePage(request.access, found, request.query)
          : await issueTemplatesPage(request.access, found);
      if (answer === 'sign-in') return reply.redirect(signInPath(request.url));
      if (!answer) return sendNotFoundPage(request, reply, assets);
      return sendPage(request, reply, assets, answer);
    }
    // GitLab's incident alias names the same page, at one of its tabs (`incident/:iid/metrics`).
    const issueMatch = ISSUE_SECTION.exec(section);
    if (issueMatch) {
      try {
        const iid = Number(issueMatch[1] ?? issueMatch[2]);
        const issue = await findReadableIssue(db, request.access, found, iid);
        // GitLab shows a task at its work item page; the query (`?work_item_id=…`) goes along.
        if (issue.issue_type === 'task') {
          const query = queryStringOf(request.url);
          return reply.redirect(
            `${workItemWebPath(project.full_path, issue.iid)}${query ? `?${query}` : ''}`,
          );
        }
        const located = { ...found, issue };
        const viewer = {
          signedIn: request.access.actor.user !== null,
          ...(await issueRights(db, request.access, located)),
          canCreateIssue: await request.access.canInProject('create_issue', project, found.namespace),
          canManageMetricImages: await canManageMetricImages(request.access, located),
          emailsDisabled: await areEmailsDisabled(db, found.namespace),
        };
        return sendPage(request, reply, assets, {
          title: `${issue.title} (#${issue.iid}) · Issues · ${project.name}`,
          mount: issueMount(
            located,
            base,
            viewer,
            {
              ...deps.config.featureFlags,
              ...(await issueFieldsShown(request.access, found.namespace, deps.config.featureFlags)),
            },
            deps.config.metricImageMaxBytes,
          ),
        });
      } catch (error) {
        if (error instanceof NotFoundError) return sendNotFoundPage(request, reply, assets);
        throw error;
      }
    }
    const mergeRequestMatch = MERGE_REQUEST_SECTION.exec(section);
    if (mergeRequestMatch) {
      try {
        const located = await findReadableMergeRequest(
          db,
          request.access,
          found,
          Number(mergeRequestMatch[1]),
        );
        const { mergeRequest } = located;
        const viewer = {
          signedIn: request.access.actor.user !== null,
          emailsDisabled: await areEmailsDisabled(db, found.namespace),
          ...(await mergeRequestRights(request.access, located)),
        };
        return sendPage(request, reply, assets, {
          title: `${mergeRequest.title} (!${mergeRequest.iid}) · Merge requests · ${project.name}`,
          mount: mergeRequestMount(located, base, viewer),
        });
      } catch (error) {
        if (error instanceof NotFoundError) return sendNotFoundPage(request, reply, assets);
        throw error;
      }
    }
    const workItemMatch = WORK_ITEM_SECTION.exec(section);
    if (workItemMatch) {
      try {
        const issue = await findReadableIssue(db, request.access, found, Number(workItemMatch[1]));
        return sendPage(request, reply, assets, {
          title: `${issue.title} (#${issue.iid}) · Work items · ${project.name}`,
          mount: workItemMount({ ...found, issue }, base, {
            ...deps.config.featureFlags,
            ...(await issueFieldsShown(request.access, found.namespace, deps.config.featureFlags)),
          }),
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
      return sendPage(request, reply, assets, milestone);
    }
    return sendNotFoundPage(request, reply, assets);
  });
}

/** The query of a request URL, without its `?` ('' when none). */
function queryStringOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1);
}
