/**
 * Every web path the app serves or links to, in GitLab's URL scheme: groups under `/groups/<full
 * path>`, projects and users at the root, a resource's pages after `/-/`. Paths carry no host
 * (prefix the external URL for a `web_url`). Each path segment is URI-encoded, the slashes kept,
 * so a path built here is safe in an `href` and in a `fetch`.
 */

type Iid = string | number;

/** `acme/platform` as it goes into a URL: each segment encoded, the slashes kept. */
export const encodeFullPath = (fullPath: string): string =>
  fullPath.split('/').map(encodeURIComponent).join('/');

const group = (fullPath: string): string => `/groups/${encodeFullPath(fullPath)}`;
const groupSection = (fullPath: string, rest: string): string => `${group(fullPath)}/-/${rest}`;
const project = (fullPath: string): string => `/${encodeFullPath(fullPath)}`;
const projectSection = (fullPath: string, rest: string): string => `${project(fullPath)}/-/${rest}`;

/** GitLab's GraphQL endpoint. */
export const GRAPHQL_PATH = '/api/graphql';

/** The sign-in page; with `redirectTo`, where it sends the user back to. */
export function signInPath(redirectTo?: string): string {
  return redirectTo === undefined
    ? '/users/sign_in'
    : `/users/sign_in?redirect_to=${encodeURIComponent(redirectTo)}`;
}

/** GitLab's forms that make a group (a subgroup with its parent) and a project. */
export const NEW_GROUP_PATH = '/groups/new';
export const NEW_PROJECT_PATH = '/projects/new';
export const newSubgroupPath = (parentId: number | string): string =>
  `${NEW_GROUP_PATH}?parent_id=${encodeURIComponent(parentId)}`;
export const newProjectPath = (namespaceId: number | string): string =>
  `${NEW_PROJECT_PATH}?namespace_id=${encodeURIComponent(namespaceId)}`;

/** GitLab's registration: the form, and where it posts. */
export const SIGN_UP_PATH = '/users/sign_up';
export const REGISTRATIONS_PATH = '/users';

export const userPath = (username: string): string => `/${encodeURIComponent(username)}`;

/** An email invitation's page (GitLab's `invite_path`): accept, decline, or create an account. */
export const invitationPath = (token: string): string => `/-/invites/${encodeURIComponent(token)}`;

/** The development mailbox: the mail kept while no SMTP server is configured. */
export const MAILBOX_PATH = '/-/mailbox';

/** GitLab's To-Do List (`dashboard_todos_path`): the signed-in user's to-dos. */
export const DASHBOARD_TODOS_PATH = '/dashboard/todos';

/** GitLab's issues dashboard (`issues_dashboard_path`): the issues assigned to the signed-in user. */
export const DASHBOARD_ISSUES_PATH = '/dashboard/issues';

/**
 * GitLab's merge requests dashboard (`merge_requests_dashboard_path`): those assigned to the
 * signed-in user, and those awaiting their review.
 */
export const DASHBOARD_MERGE_REQUESTS_PATH = '/dashboard/merge_requests';

/** Where a to-do is marked done (DELETE): GitLab's `dashboard_todo_path`. */
export const todoDonePath = (todoId: number): string => `/dashboard/todos/${todoId}`;

/** The help topics this server answers, at `/help/<topic>` (GitLab's documentation paths). */
export const HELP_TOPICS = ['user/group/epics/_index.md', 'user/markdown'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];
export const helpPath = (topic: HelpTopic): string => `/help/${topic}`;
/** GitLab's help page: the topics, listed. */
export const HELP_PATH = '/help';
export const isHelpTopic = (topic: string): topic is HelpTopic =>
  (HELP_TOPICS as readonly string[]).includes(topic);

export const EPICS_DOCS_PATH = helpPath('user/group/epics/_index.md');
export const MARKDOWN_DOCS_PATH = helpPath('user/markdown');
export const EMPTY_ROADMAP_ILLUSTRATION = '/illustrations/empty-roadmap.svg';
export const USERS_AUTOCOMPLETE_PATH = '/-/autocomplete/users.json';
export const AWARD_EMOJIS_AUTOCOMPLETE_PATH = '/-/autocomplete/award_emojis';

export const groupPath = group;
export const groupEpicsPath = (fullPath: string): string => groupSection(fullPath, 'epics');
/** The epics of the group as JSON (`epics.json`): the roadmap mount's epics path. */
export const groupEpicsJsonPath = (fullPath: string): string => groupSection(fullPath, 'epics.json');
export const newEpicPath = (fullPath: string): string => groupSection(fullPath, 'epics/new');
export const groupRoadmapPath = (fullPath: string): string => groupSection(fullPath, 'roadmap');
/**
 * GitLab's group value stream analytics page; its JSON routes (value streams, stages, summaries)
 * live under the same path.
 */
export const groupValueStreamAnalyticsPath = (fullPath: string): string =>
  groupSection(fullPath, 'analytics/value_stream_analytics');
/** GitLab's type-of-work analytics (the tasks by type chart's JSON routes). */
export const groupTypeOfWorkPath = (fullPath: string): string =>
  groupSection(fullPath, 'analytics/type_of_work');
export const groupLabelsPath = (fullPath: string): string => groupSection(fullPath, 'labels');
export const groupLabelsJsonPath = (fullPath: string): string => groupSection(fullPath, 'labels.json');
/** The group's milestones list (GitLab's path). */
export const groupMilestonesPath = (fullPath: string): string => groupSection(fullPath, 'milestones');
export const groupMilestonesJsonPath = (fullPath: string): string =>
  groupSection(fullPath, 'milestones.json');
export const groupMilestonePath = (fullPath: string, iid: Iid): string =>
  groupSection(fullPath, `milestones/${iid}`);
/** The issues of the group's projects and its subgroups' (GitLab's group issues list). */
export const groupIssuesPath = (fullPath: string): string => groupSection(fullPath, 'issues');
/** The merge requests of the group's projects and its subgroups' (GitLab's group merge requests list). */
export const groupMergeRequestsPath = (fullPath: string): string => groupSection(fullPath, 'merge_requests');
/** Where the group issues list's bulk edit posts. */
export const groupIssuesBulkUpdatePath = (fullPath: string): string =>
  groupSection(fullPath, 'issues/bulk_update');
/** The group's members, direct and inherited (GitLab's `group_group_members_path`). */
export const groupMembersPath = (fullPath: string): string => groupSection(fullPath, 'group_members');
export const groupTodosPath = (fullPath: string): string => groupSection(fullPath, 'todos');
export const groupMarkdownPreviewPath = (fullPath: string): string =>
  groupSection(fullPath, 'preview_markdown');
/** An autocomplete source of the group (`autocomplete_sources/epics`, `…/issues`). */
export const groupAutocompleteSourcePath = (fullPath: string, source: 'epics' | 'issues'): string =>
  groupSection(fullPath, `autocomplete_sources/${source}`);

/** The markdown fields' suggestion sources (GitLab's `autocomplete_sources`), each with `?search=` to come. */
export type GfmSourcePaths = Readonly<
  Record<'members' | 'issues' | 'epics' | 'milestones' | 'labels' | 'commands', string>
>;

const sourcePaths = (section: (source: string) => string, item: string): GfmSourcePaths => {
  const of = (source: string) => `${section(`autocomplete_sources/${source}`)}?${item}`;
  return {
    members: of('members'),
    issues: of('issues'),
    epics: of('epics'),
    milestones: of('milestones'),
    labels: of('labels'),
    commands: of('commands'),
  };
};

/** The sources of an issue's fields: the project's, naming the issue (`type=Issue&type_id=<iid>`). */
export const issueGfmSourcePaths = (projectFullPath: string, iid: Iid): GfmSourcePaths =>
  sourcePaths(
    (rest) => projectSection(projectFullPath, rest),
    `type=Issue&type_id=${encodeURIComponent(iid)}`,
  );

/** The sources of a merge request's fields: the project's, naming it (`type=MergeRequest&type_id=<iid>`). */
export const mergeRequestGfmSourcePaths = (projectFullPath: string, iid: Iid): GfmSourcePaths =>
  sourcePaths(
    (rest) => projectSection(projectFullPath, rest),
    `type=MergeRequest&type_id=${encodeURIComponent(iid)}`,
  );

/** The sources of an epic's fields: the group's, naming the epic (`type=Epic&type_id=<iid>`). */
export const epicGfmSourcePaths = (groupFullPath: string, iid: Iid): GfmSourcePaths =>
  sourcePaths((rest) => groupSection(groupFullPath, rest), `type=Epic&type_id=${encodeURIComponent(iid)}`);

/** Where a project's texts attach files (GitLab's uploads API). */
export const projectUploadsPath = (projectFullPath: string): string =>
  `/api/v4/projects/${encodeURIComponent(projectFullPath)}/uploads`;
/** Where a group's texts (its epics') attach files. */
export const groupUploadsPath = (groupFullPath: string): string =>
  `/api/v4/groups/${encodeURIComponent(groupFullPath)}/uploads`;

/** An epic's page: its `realtime_changes` live under it and its delete form posts to it. */
export const epicWebPath = (groupFullPath: string, iid: Iid): string =>
  groupSection(groupFullPath, `epics/${iid}`);
/** Where an epic's title, description and state are saved (PUT). */
export const epicJsonPath = (groupFullPath: string, iid: Iid): string =>
  `${epicWebPath(groupFullPath, iid)}.json`;
/** An epic's child epics (`links`), or one child's link when `childId` is given. */
export function epicChildLinksPath(groupFullPath: string, iid: Iid, childId?: number): string {
  const links = `${epicWebPath(groupFullPath, iid)}/links`;
  return childId === undefined ? links : `${links}/${childId}`;
}
export const epicIssuesPath = (groupFullPath: string, iid: Iid): string =>
  `${epicWebPath(groupFullPath, iid)}/issues`;
export const relatedEpicLinksPath = (groupFullPath: string, iid: Iid): string =>
  `${epicWebPath(groupFullPath, iid)}/related_epic_links`;

export const projectPath = project;
export const projectIssuesPath = (fullPath: string): string => projectSection(fullPath, 'issues');
/** Where the project issues list's bulk edit posts. */
export const projectIssuesBulkUpdatePath = (fullPath: string): string =>
  projectSection(fullPath, 'issues/bulk_update');
/** The project's issues list filtered by a query string (`label_name[]=…`), as GitLab links to it. */
export const projectIssuesSearchPath = (fullPath: string, query: string): string =>
  `${projectIssuesPath(fullPath)}?${query}`;
/** The project's labels page. */
export const projectLabelsPath = (fullPath: string): string => projectSection(fullPath, 'labels');
/** Where the project's labels page orders its prioritised labels (POST `label_ids[]`). */
export const projectLabelPrioritiesPath = (fullPath: string): string =>
  projectSection(fullPath, 'labels/set_priorities');
/** Where the project's labels page takes a label's priority away (DELETE). */
export const projectLabelRemovePriorityPath = (fullPath: string, labelId: number): string =>
  projectSection(fullPath, `labels/${labelId}/remove_priority`);
/** A group's or project's issues list filtered by one label (`label_name[]`), as a label's links go. */
export function labelIssuesPath(kind: 'group' | 'project', fullPath: string, title: string): string {
  const list = kind === 'group' ? groupIssuesPath(fullPath) : projectIssuesPath(fullPath);
  return `${list}?${new URLSearchParams([['label_name[]', title]])}`;
}
/** GitLab's new-issue page; with a template name, that template is chosen up front. */
export function newIssuePath(projectFullPath: string, template?: string): string {
  const path = projectSection(projectFullPath, 'issues/new');
  return template ? `${path}?issuable_template=${encodeURIComponent(template)}` : path;
}
/** The project's members, direct and inherited (GitLab's `project_project_members_path`). */
export const projectMembersPath = (projectFullPath: string): string =>
  projectSection(projectFullPath, 'project_members');
/** GitLab's Settings → Monitor of a project (its status page settings; Maintainers and up). */
export const projectMonitorSettingsPath = (projectFullPath: string): string =>
  projectSection(projectFullPath, 'settings/operations');
/** The project's issue description templates (Maintainers and up). */
export const projectIssueTemplatesPath = (projectFullPath: string): string =>
  projectSection(projectFullPath, 'issue_templates');
/** GitLab's project templates API for issue templates, or one template by name. */
export function issueTemplatesApiPath(projectId: string | number, name?: string): string {
  const list = `/api/v4/projects/${encodeURIComponent(String(projectId))}/templates/issues`;
  return name === undefined ? list : `${list}/${encodeURIComponent(name)}`;
}
export const projectIssuesApiPath = (projectId: string | number): string =>
  `/api/v4/projects/${encodeURIComponent(String(projectId))}/issues`;
/** GitLab's metric images of an incident (REST), or one image when `imageId` is given. */
export function metricImagesApiPath(projectId: string | number, iid: Iid, imageId?: number): string {
  const list = `${projectIssuesApiPath(projectId)}/${iid}/metric_images`;
  return imageId === undefined ? list : `${list}/${imageId}`;
}
export const issueWebPath = (projectFullPath: string, iid: Iid): string =>
  projectSection(projectFullPath, `issues/${iid}`);
/**
 * The tabs of an incident that GitLab names in its path (`issues/incident/:iid/:incident_tab`);
 * Summary, the first, has no segment of its own.
 */
export const INCIDENT_TAB_SEGMENTS = ['metrics', 'timeline'] as const;
export type IncidentTabSegment = (typeof INCIDENT_TAB_SEGMENTS)[number];
/** GitLab's incident alias of an issue's page, at one of its tabs ('' for Summary). */
export function incidentWebPath(
  projectFullPath: string,
  iid: Iid,
  tab: IncidentTabSegment | '' = '',
): string {
  const path = projectSection(projectFullPath, `issues/incident/${iid}`);
  return tab ? `${path}/${tab}` : path;
}
export const isIncidentTabSegment = (value: string): value is IncidentTabSegment =>
  (INCIDENT_TAB_SEGMENTS as readonly string[]).includes(value);
/** An issue's related issues ('Linked items'), or one link when `linkId` is given. */
export function issueLinksPath(projectFullPath: string, iid: Iid, linkId?: number): string {
  const links = `${issueWebPath(projectFullPath, iid)}/links`;
  return linkId === undefined ? links : `${links}/${linkId}`;
}
/** A work item's own page (GitLab's `/-/work_items/:iid`): where a task opens. */
export const workItemWebPath = (projectFullPath: string, iid: Iid): string =>
  projectSection(projectFullPath, `work_items/${iid}`);
/**
 * Where an issue row opens: a task on its own work item page (GitLab sends a task's issue URL
 * there), an issue or an incident on its issue page.
 */
export const issueOrTaskWebPath = (projectFullPath: string, iid: Iid, issueType: string): string =>
  issueType === 'task' ? workItemWebPath(projectFullPath, iid) : issueWebPath(projectFullPath, iid);
/** Where an issue's title, description and state are saved (PUT). */
export const issueJsonPath = (projectFullPath: string, iid: Iid): string =>
  `${issueWebPath(projectFullPath, iid)}.json`;
/** The milestones an issue of the project may take: its own and its groups'. */
/** The project's milestones list (GitLab's path). */
export const projectMilestonesPath = (projectFullPath: string): string =>
  projectSection(projectFullPath, 'milestones');
export const projectMilestonesJsonPath = (projectFullPath: string): string =>
  projectSection(projectFullPath, 'milestones.json');
export const projectMarkdownPreviewPath = (projectFullPath: string): string =>
  projectSection(projectFullPath, 'preview_markdown');
export const projectMilestonePath = (projectFullPath: string, iid: Iid): string =>
  projectSection(projectFullPath, `milestones/${iid}`);
/** The project's merge requests list. */
export const projectMergeRequestsPath = (fullPath: string): string =>
  projectSection(fullPath, 'merge_requests');
export const mergeRequestWebPath = (projectFullPath: string, iid: Iid): string =>
  projectSection(projectFullPath, `merge_requests/${iid}`);
/** Where a merge request's title, description and state are saved (PUT). */
export const mergeRequestJsonPath = (projectFullPath: string, iid: Iid): string =>
  `${mergeRequestWebPath(projectFullPath, iid)}.json`;
/** The REST path of one merge request (approvals, merge, the issues it closes hang off it). */
export const mergeRequestApiPath = (projectId: string | number, iid: Iid, rest = ''): string =>
  `/api/v4/projects/${encodeURIComponent(projectId)}/merge_requests/${iid}${rest ? `/${rest}` : ''}`;
/** The issue page's Development card: the merge requests that close it (GET, POST, DELETE …/:id). */
export const issueClosingMergeRequestsPath = (projectFullPath: string, iid: Iid): string =>
  projectSection(projectFullPath, `issues/${iid}/closing_merge_requests`);
/** The REST path of the merge requests that close an issue (the issue's Development list). */
export const issueClosedByApiPath = (projectId: string | number, iid: Iid): string =>
  `/api/v4/projects/${encodeURIComponent(projectId)}/issues/${iid}/closed_by`;

/** The project's environments (GitLab's Operate → Environments); `?scope=stopped` lists the stopped. */
export const projectEnvironmentsPath = (fullPath: string): string => projectSection(fullPath, 'environments');
/** One page of the environments list as JSON (`?scope=active&page=2`), with the scopes' counts. */
export const projectEnvironmentsJsonPath = (fullPath: string): string =>
  projectSection(fullPath, 'environments.json');
/** An environment's page: its deployments and their approvals. */
export const environmentPath = (projectFullPath: string, environmentId: Iid): string =>
  projectSection(projectFullPath, `environments/${environmentId}`);
/** The REST path of a project's environments, or of one of them (`stop` and the rest hang off it). */
export function environmentApiPath(projectId: string | number, environmentId?: Iid, rest = ''): string {
  const base = `/api/v4/projects/${encodeURIComponent(projectId)}/environments`;
  if (environmentId === undefined) return base;
  return `${base}/${environmentId}${rest ? `/${rest}` : ''}`;
}
/** The REST path of a project's deployments, or of one (`approval`, `merge_requests` hang off it). */
export function deploymentApiPath(projectId: string | number, deploymentId?: Iid, rest = ''): string {
  const base = `/api/v4/projects/${encodeURIComponent(projectId)}/deployments`;
  if (deploymentId === undefined) return base;
  return `${base}/${deploymentId}${rest ? `/${rest}` : ''}`;
}

/** GitLab's `open_modal` values: the members page opens its invite modal with the page. */
export const INVITE_MODALS = ['invite_members', 'invite_group'] as const;
export type InviteModal = (typeof INVITE_MODALS)[number];

/** The members page of a group or project with its invite modal open. */
export function inviteMembersPath(
  kind: 'group' | 'project',
  fullPath: string,
  modal: InviteModal = 'invite_members',
): string {
  const members = kind === 'group' ? groupMembersPath(fullPath) : projectMembersPath(fullPath);
  return `${members}?open_modal=${modal}`;
}

/** The members page's Access requests tab: where a `member_access_requested` to-do leads. */
export function accessRequestsPath(kind: 'group' | 'project', fullPath: string): string {
  const members = kind === 'group' ? groupMembersPath(fullPath) : projectMembersPath(fullPath);
  return `${members}?tab=access_requests`;
}

/** A page of a members page's list as JSON (`?search=…&page=…`): what its windowed list fetches. */
export function membersJsonPath(kind: 'group' | 'project', fullPath: string): string {
  return `${kind === 'group' ? groupMembersPath(fullPath) : projectMembersPath(fullPath)}.json`;
}

/** A top-level group's Billing page (GitLab's `/groups/:group/-/billings`). */
export const groupBillingPath = (fullPath: string): string => groupSection(fullPath, 'billings');

/** GitLab's free trial: the form, and where it posts. */
export const TRIALS_PATH = '/-/trials';
export const newTrialPath = (namespaceId?: string | number): string =>
  namespaceId === undefined
    ? `${TRIALS_PATH}/new`
    : `${TRIALS_PATH}/new?namespace_id=${encodeURIComponent(namespaceId)}`;

/** GitLab's checkout: buying a plan for a top-level group, and the calls its form makes. */
export const SUBSCRIPTIONS_PATH = '/-/subscriptions';
export const newSubscriptionPath = (namespaceId: string | number, plan: string): string =>
  `${SUBSCRIPTIONS_PATH}/new?namespace_id=${encodeURIComponent(namespaceId)}&plan_id=${encodeURIComponent(plan)}`;
export const COUNTRIES_PATH = '/-/countries';
export const countryStatesPath = (country: string): string =>
  `/-/country_states?country=${encodeURIComponent(country)}`;
export const paymentFormPath = (formId: string): string =>
  `${SUBSCRIPTIONS_PATH}/payment_form?id=${encodeURIComponent(formId)}`;
export const paymentMethodPath = (id: string): string =>
  `${SUBSCRIPTIONS_PATH}/payment_method?id=${encodeURIComponent(id)}`;
export const VALIDATE_PAYMENT_METHOD_PATH = `${SUBSCRIPTIONS_PATH}/validate_payment_method`;
/** GitLab's hand-raise lead: asking the sales team to get in touch. */
export const HAND_RAISE_LEADS_PATH = '/-/gitlab_subscriptions/hand_raise_leads';

/** The Admin Area's settings (GitLab's Admin → Settings), for administrators. */
export const ADMIN_SETTINGS_PATH = '/admin/application_settings';
/** GitLab's REST settings API, which the Admin Area's form saves through. */
export const APPLICATION_SETTINGS_API_PATH = '/api/v4/application/settings';

/** A project's vulnerability report (GitLab's `project_security_vulnerability_report_index_path`). */
export const projectVulnerabilityReportPath = (projectFullPath: string): string =>
  projectSection(projectFullPath, 'security/vulnerability_report');

/** A vulnerability's page (GitLab's `project_security_vulnerability_path`). */
export const vulnerabilityPath = (projectFullPath: string, vulnerabilityId: Iid): string =>
  projectSection(projectFullPath, `security/vulnerabilities/${encodeURIComponent(vulnerabilityId)}`);

/** A group's vulnerability report (GitLab's `group_security_vulnerabilities_path`). */
export const groupVulnerabilityReportPath = (groupFullPath: string): string =>
  groupSection(groupFullPath, 'security/vulnerabilities');

/** The Admin Area's Geo sites (GitLab's Admin → Geo → Sites), for administrators on the primary. */
export const ADMIN_GEO_SITES_PATH = '/admin/geo/sites';
