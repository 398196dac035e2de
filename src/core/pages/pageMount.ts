/**
 * The page mount contract: the server renders each page as `<div id="app" data-page="…">` whose
 * `data-*` attributes carry what the page needs up front, and the client reads them once. Both sides
 * use this module: the server serialises a typed mount with `mountAttributes`, the client parses the
 * element's dataset with `parsePageMount`, so a field added to a page here reaches both at once.
 *
 * Attribute values are strings: booleans are "true"/"false", a missing text is ''. A page whose
 * required attribute is missing reads as the not-found page.
 */
import { signInPath } from '../domain/webPaths.ts';

/** A text attribute; '' when absent. */
const TEXT = 'text';
/** A text attribute without which the page cannot show (read as not-found when absent). */
const REQUIRED = 'required';
/** A boolean attribute: "true" is true, anything else false. */
const FLAG = 'flag';

/** One of a fixed set of texts; the first is the default. */
type Choice = readonly [string, ...string[]];
type FieldKind = typeof TEXT | typeof REQUIRED | typeof FLAG | Choice;
type FieldSchema = Readonly<Record<string, FieldKind>>;

const GROUP_FIELDS = {
  fullPath: REQUIRED,
  groupId: TEXT,
  groupName: TEXT,
  canCreateEpic: FLAG,
  /** A top-level group's owners and administrators: the navigation shows its Billing. */
  canReadBilling: FLAG,
  /** JSON: a `TrialStatusJson` for those owners while a trial runs or once it ended; else ''. */
  trialStatus: TEXT,
  /**
   * GitLab's read_group_cycle_analytics (Reporters and up, where the plan has value stream analytics):
   * the navigation shows Value stream analytics.
   */
  canReadCycleAnalytics: FLAG,
  /**
   * A signed-in viewer with GitLab's read_vulnerability in the group (Developers and up, on
   * Ultimate): the navigation shows Secure → Vulnerability report.
   */
  canReadVulnerabilities: FLAG,
} as const;

/** Which of a project's sidebar items the viewer may open (a project milestone's pages carry them too). */
const PROJECT_NAV_FIELDS = {
  /** GitLab's read_merge_request (Reporters and up in a private project): the navigation shows Merge requests. */
  canReadMergeRequests: FLAG,
  /**
   * A signed-in viewer with GitLab's read_environment (Reporters and up in a private project): the
   * navigation shows Environments.
   */
  canReadEnvironments: FLAG,
  /**
   * A signed-in viewer with GitLab's read_vulnerability (Developers and up, on Ultimate): the
   * navigation shows Secure → Vulnerability report.
   */
  canReadVulnerabilities: FLAG,
} as const;

const PROJECT_FIELDS = {
  fullPath: REQUIRED,
  projectId: TEXT,
  projectName: TEXT,
  groupFullPath: TEXT,
  /** GitLab's admin_project (Maintainers and up): the navigation shows the project's Settings. */
  canAdminProject: FLAG,
  ...PROJECT_NAV_FIELDS,
} as const;

const GROUP_PAGE_FIELDS = { ...GROUP_FIELDS, roadmapPath: TEXT } as const;

/** An issues list's bulk edit (GitLab's `can_bulk_update`, `bulk_update_path`). */
const BULK_EDIT_FIELDS = {
  /** GitLab's admin_issue in the project or group (Reporters and up): the Bulk edit button. */
  canBulkUpdate: FLAG,
  /** `POST` target of the bulk edit. */
  bulkUpdatePath: TEXT,
} as const;

/**
 * GitLab's admin_vulnerability here (Maintainers and up, on Ultimate): the report's and the page's
 * status changes.
 */
const VULNERABILITY_ADMIN_FIELDS = { canAdminVulnerability: FLAG } as const;

/** A milestones list: who may create, edit, close and delete (GitLab's admin_milestone). */
const MILESTONE_ADMIN_FIELDS = { canAdminMilestones: FLAG } as const;
/**
 * A members page (GitLab's `data-members-data`): one page of members as JSON (see
 * `MembersPageJson`), the search it answers and where the page stands among the others.
 */
const MEMBERS_FIELDS = {
  /** JSON: a `MembersPageJson`. */
  members: TEXT,
  /** The name or username searched for ('' for everyone). */
  search: TEXT,
  /** JSON: a `MembersManagementJson`, what the viewer may do here. */
  management: TEXT,
  /** The members tab shown: members, groups, invited or access_requests. */
  tab: ['members', 'groups', 'invited', 'access_requests'],
} as const;

/** Every page and its attributes. */
export const PAGE_MOUNTS = {
  home: {},
  'not-found': {},
  /** `/groups/:path/-/milestones`: the group's milestones and its subgroups' and projects'. */
  'group-milestones': { ...GROUP_FIELDS, ...MILESTONE_ADMIN_FIELDS },
  /** `/:project/-/milestones`. */
  'project-milestones': { ...PROJECT_FIELDS, ...MILESTONE_ADMIN_FIELDS },
  /**
   * `…/-/milestones/new` and `…/-/milestones/:iid/edit` of a group or a project: GitLab's milestone
   * form, for those who may manage milestones. An edit carries the milestone's current values.
   */
  'milestone-form': {
    kind: ['group', 'project'],
    fullPath: REQUIRED,
    ...PROJECT_NAV_FIELDS,
    /** The group's or project's name, and its full name for the breadcrumbs. */
    ownerName: TEXT,
    ownerFullName: TEXT,
    /** '' for a new milestone. */
    milestoneId: TEXT,
    iid: TEXT,
    title: TEXT,
    description: TEXT,
    /** YYYY-MM-DD, '' for none. */
    startDate: TEXT,
    dueDate: TEXT,
    markdownPreviewPath: TEXT,
  },
  /** `/groups/:path/-/labels`: the group's labels; Reporters and up manage its own. */
  'group-labels': { ...GROUP_FIELDS, canAdminLabels: FLAG, signedIn: FLAG },
  /**
   * `/:project/-/labels`: the project's labels and its groups'; Reporters and up manage its own and
   * its priorities; signed-in viewers subscribe.
   */
  'project-labels': { ...PROJECT_FIELDS, canAdminLabels: FLAG, signedIn: FLAG },
  /**
   * `/groups/:path/-/billings`, for a top-level group's owners: its plan, seats and dates.
   */
  'group-billing': {
    ...GROUP_FIELDS,
    /** JSON: a `BillingJson`. */
    billing: TEXT,
    /** Administrators assign the group a plan directly (GitLab's gitlab_subscription API). */
    canAssignPlan: FLAG,
  },
  /** `/groups/:path/-/group_members`: the group's members, direct and inherited (read-only). */
  'group-members': { ...GROUP_FIELDS, ...MEMBERS_FIELDS },
  /** `/:project/-/project_members`: the project's members, direct and inherited (read-only). */
  'project-members': { ...PROJECT_FIELDS, ...MEMBERS_FIELDS },
  /**
   * `/:project/-/settings/operations` (GitLab's Settings → Monitor), for the project's maintainers:
   * its status page settings.
   */
  'project-settings-monitor': {
    ...PROJECT_FIELDS,
    /** JSON: the status page settings as the form shows them (the secret only as `hasSecret`). */
    statusPage: TEXT,
  },
  /** `/help/<topic>`: one of the help topics the app links to (core/domain/webPaths: HELP_TOPICS). */
  help: { topic: REQUIRED },
  /** `/help`: the help topics, listed. */
  'help-index': {},
  /**
   * `/search?search=…&scope=…&group_id=…`: the search results, a tab per scope with its count. The
   * page reads results and counts itself; a group the viewer cannot read is not named.
   */
  search: { search: TEXT, scope: TEXT, groupId: TEXT, groupName: TEXT },
  /** `/dashboard/issues`: the issues assigned to the signed-in user (signed-in only). */
  'dashboard-issues': {},
  /**
   * `/dashboard/merge_requests`: the merge requests assigned to the signed-in user, or awaiting their
   * review (signed-in only).
   */
  'dashboard-merge-requests': {},
  /** `/:project/-/merge_requests`: the project's merge requests, for those who may read them. */
  'project-merge-requests': PROJECT_FIELDS,
  /** `/groups/:path/-/merge_requests`: the merge requests of the group's projects and its subgroups'. */
  'group-merge-requests': GROUP_FIELDS,
  /**
   * `/:project/-/environments` (`?scope=stopped`, `?page=2`): the project's environments with their
   * newest deployments, for those who may read them.
   */
  'project-environments': {
    ...PROJECT_FIELDS,
    /** `Group / Subgroup / Project`, for the breadcrumbs' names. */
    projectFullName: TEXT,
    /** Where the list reads a page of a scope (`projectEnvironmentsJsonPath`). */
    environmentsEndpoint: TEXT,
  },
  /**
   * `/:project/-/environments/:id`: the environment, its deployments newest first, and the approvals
   * of those waiting for them.
   */
  environment: {
    ...PROJECT_FIELDS,
    projectFullName: TEXT,
    environmentId: REQUIRED,
    environmentName: TEXT,
    /**
     * One of the environment's approval rules names the viewer, who may update deployments here
     * (Developers and up): Approve and Reject show on its deployments waiting for approval.
     */
    canApproveDeployments: FLAG,
  },
  /**
   * `/:project/-/security/vulnerability_report`: GitLab's vulnerability report of the project, for
   * Developers and up where the plan has it. Filters, order and page are the URL's query.
   */
  'project-vulnerability-report': {
    ...PROJECT_FIELDS,
    /** `Group / Subgroup / Project`, for the breadcrumbs' names. */
    projectFullName: TEXT,
    ...VULNERABILITY_ADMIN_FIELDS,
  },
  /** `/:project/-/security/vulnerabilities/:id`: a vulnerability of the project, for its report's readers. */
  vulnerability: {
    ...PROJECT_FIELDS,
    projectFullName: TEXT,
    /** The vulnerability's number (the path's, not a global id). */
    vulnerabilityId: REQUIRED,
    ...VULNERABILITY_ADMIN_FIELDS,
  },
  /** `/:username`: a user's profile. */
  user: {
    username: REQUIRED,
    name: TEXT,
    /** Their status in force ('' and false when none). */
    statusEmoji: TEXT,
    statusMessage: TEXT,
    statusBusy: FLAG,
    bio: TEXT,
    /** ISO 8601: when the account was made ('Member since'). */
    createdAt: TEXT,
    /** The profile shows the issues they opened to a signed-in viewer (GitLab's `GET /issues`). */
    signedIn: FLAG,
    /** JSON: a `UserMembershipsView` (domain/userMemberships.ts), the groups and projects the viewer may see them a member of. */
    memberships: TEXT,
  },
  /** `/users/sign_in`; `signUpPath` links the registration page while sign-up is enabled ('' else). */
  'sign-in': { error: TEXT, login: TEXT, redirectTo: TEXT, signUpPath: TEXT },
  /**
   * `/users/sign_up` (GitLab's registration, while `signup_enabled`): the form, with what was typed
   * and the server's refusals (JSON by field) after one.
   */
  'sign-up': { name: TEXT, username: TEXT, email: TEXT, errors: TEXT },
  /**
   * `/-/invites/:token`: an email invitation, to accept or decline, or to make an account with.
   * `state` says whether the link still works.
   */
  invitation: {
    token: TEXT,
    state: ['open', 'expired', 'invalid'],
    sourceKind: ['group', 'project'],
    sourceName: TEXT,
    sourcePath: TEXT,
    inviterName: TEXT,
    /** The role offered ('Developer'). */
    role: TEXT,
    /** The address the invitation was sent to. */
    email: TEXT,
    /** The signed-in user's address ('' when signed out). */
    signedInEmail: TEXT,
    /** JSON: the sign-up form's refusals by field, and what was typed (name, username). */
    signUpErrors: TEXT,
    name: TEXT,
    username: TEXT,
  },
  /** `/-/mailbox`: the development mailbox (administrators; only while no SMTP server is set). */
  mailbox: {
    /** JSON: `MailboxMessageJson[]`, newest first. */
    messages: TEXT,
  },
  /** GitLab's To-Do List at /dashboard/todos (signed-in only); its filters are the URL's. */
  'dashboard-todos': {},
  /**
   * `/-/trials/new?namespace_id=…` (signed in): GitLab's free trial, for a top-level group on Free
   * that its owner chooses; the form posts to `/-/trials`.
   */
  'trial-new': {
    /** JSON: `[{ id, name, full_path }]`, the groups that may start one. */
    groups: TEXT,
    /** The group the form starts with ('' for the first). */
    namespaceId: TEXT,
    /** Why the last attempt was refused ('' when there was none). */
    error: TEXT,
    /** How many days a trial lasts here (the instance's trial_duration_days). */
    trialDays: TEXT,
  },
  /**
   * `/-/subscriptions/new?namespace_id=…&plan_id=…` (signed in): GitLab's checkout, buying a plan for
   * a top-level group its owner chooses.
   */
  'subscription-new': {
    /** JSON: `CheckoutGroupJson[]`, the groups the person may buy a plan for. */
    groups: TEXT,
    /** The group the checkout starts with ('' for the first). */
    namespaceId: TEXT,
    /** The plan asked for: a paid plan's code. */
    planId: TEXT,
    /** The buyer's id, which `validate_payment_method` is asked with (GitLab's `gitlab_user_id`). */
    userId: TEXT,
    /** The payment provider the card form hands the card to (`sandbox`). */
    paymentProvider: TEXT,
    /** `YYYY-MM-DD`, the server's today: a term bought now starts on it. */
    today: TEXT,
  },
  /**
   * `/groups/new` (signed in), and `?parent_id=` for a subgroup (the parent's Maintainers and up):
   * the new group's form.
   */
  'group-new': {
    /** '' for a top-level group. */
    parentId: TEXT,
    parentFullPath: TEXT,
    parentName: TEXT,
    /** JSON: a `VisibilityChoicesJson`, the levels and the one the form starts at. */
    visibility: TEXT,
  },
  /** `/projects/new` (signed in): the new project's form, in a group the person may create in. */
  'project-new': {
    /** JSON: `ProjectTargetJson[]`, each group with its levels. */
    groups: TEXT,
    /** The group the form starts with ('' for the first). */
    namespaceId: TEXT,
  },
  /** `/admin/application_settings` (administrators): the instance's settings to change. */
  'admin-settings': {
    /** JSON: the settings in force, by GitLab's names (core/domain/applicationSettings). */
    settings: TEXT,
  },
  /**
   * `/admin/geo/sites` (administrators): GitLab's Geo sites, read and changed through its REST Geo
   * API (`/api/v4/geo_nodes`). What this server is, so that the first site the form offers is it.
   */
  'admin-geo-sites': {
    /** This server's Geo site name (GEO_NODE_NAME, by default its external URL). */
    siteName: TEXT,
    /** This server's external URL, ending with '/'. */
    siteUrl: TEXT,
    /** This server replicates a primary (GEO_PRIMARY_URL): its sites are read-only here. */
    secondary: FLAG,
  },
  /** A group's overview; its owners see 'Invite members' (GitLab's admin_group_member). */
  group: {
    ...GROUP_PAGE_FIELDS,
    canInviteMembers: FLAG,
    /** GitLab's create_subgroup (Maintainers and up) and create_projects (Developers and up). */
    canCreateSubgroup: FLAG,
    canCreateProject: FLAG,
  },
  'group-epics': GROUP_PAGE_FIELDS,
  /**
   * A group's epics, roadmap or epic page when its top-level group's plan lacks epics: GitLab's
   * upsell empty state in their place. The data stays stored and shows again on upgrade.
   */
  'feature-upsell': {
    ...GROUP_FIELDS,
    /** Which page was asked for. */
    feature: ['epics', 'roadmap', 'value_stream_analytics', 'vulnerability_report'],
    /** The plan the group is on now, by its title. */
    planTitle: TEXT,
    /** The free trial's form for this group, when its owner may start one; else ''. */
    trialPath: TEXT,
    /** The top-level group's Billing page, for its owners; else ''. */
    billingPath: TEXT,
  },
  /**
   * `/groups/:path/-/analytics/value_stream_analytics`: GitLab's group value stream analytics, for
   * Reporters and up where the plan has it. The view (value stream, stage, dates, filters, sort,
   * page) is the URL's query; the page reads its data from the JSON routes under the same path.
   */
  'group-value-stream-analytics': {
    ...GROUP_FIELDS,
    /** GitLab's admin_value_stream: create, edit and delete the group's value streams. */
    canAdminValueStreams: FLAG,
  },
  /**
   * `/groups/:path/-/security/vulnerabilities`: GitLab's vulnerability report of the group's projects
   * and its subgroups', for Developers and up where the plan has it. Filters, order and page are the
   * URL's query; the page reads its data over GraphQL.
   */
  'group-vulnerability-report': { ...GROUP_FIELDS, ...VULNERABILITY_ADMIN_FIELDS },
  /** The issues of the group's projects and its subgroups'. */
  'group-issues': { ...GROUP_FIELDS, ...BULK_EDIT_FIELDS },
  /**
   * GitLab's roadmap mount. The range, layout, state and sort are the URL's, read with the
   * roadmap's own settings parser; the page reads the URL again as it changes.
   */
  'group-roadmap': {
    ...GROUP_FIELDS,
    newEpicPath: TEXT,
    listEpicsPath: TEXT,
    epicsPath: TEXT,
    epicsDocsPath: TEXT,
    groupLabelsEndpoint: TEXT,
    groupMilestonesEndpoint: TEXT,
    timeframeRangeType: TEXT,
    presetType: TEXT,
    epicsState: TEXT,
    sortedBy: TEXT,
    hasFiltersApplied: FLAG,
    allowSubEpics: FLAG,
    childEpics: FLAG,
    innerHeight: TEXT,
    iid: TEXT,
    emptyStateIllustration: TEXT,
    /** The most epics the roadmap loads (the instance's `roadmap_epics_limit`). */
    epicsLimit: TEXT,
  },
  'epic-new': {
    ...GROUP_FIELDS,
    listEpicsPath: TEXT,
    /** Where to go after creating (the roadmap that asked), '' for the new epic's page. */
    returnTo: TEXT,
  },
  /** GitLab's epic page mount, with the sidebar's and the issuable widgets' attributes. */
  epic: {
    ...GROUP_FIELDS,
    groupPath: TEXT,
    iid: REQUIRED,
    epicId: TEXT,
    /** The viewer is signed in: the to-do toggle shows and subscribing is possible. */
    signedIn: FLAG,
    canUpdate: FLAG,
    /** The delete button and the delete button of the edit form. */
    canDestroy: FLAG,
    /** The New epic link. */
    canCreate: FLAG,
    /** Link and unlink related epics (GitLab's `admin_epic_relation`): the Linked items card. */
    canAdmin: FLAG,
    /** Sub-epics are allowed (the sidebar's ancestors block). */
    allowSubEpics: FLAG,
    /** GitLab's `epic_color_highlight` flag (the sidebar's colour block). */
    epicColorHighlight: FLAG,
    /** The work item modal of the tree's issues: GitLab's `work_items_mvc_2` and issue weights. */
    workItemsMvc2: FLAG,
    issueWeights: FLAG,
    state: TEXT,
    confidential: FLAG,
    created: TEXT,
    lockVersion: TEXT,
    todoExists: FLAG,
    todoId: TEXT,
    subscribed: FLAG,
    /** Notifications are switched off by the owner of the group or of a group above it. */
    emailsDisabled: FLAG,
    authorName: TEXT,
    authorUsername: TEXT,
    authorUrl: TEXT,
    /** The milestone an inherited start or due date comes from; '' when none. */
    startDateSourcingMilestoneTitle: TEXT,
    dueDateSourcingMilestoneTitle: TEXT,
    /** The epic's page path: realtime_changes lives under it and the delete form posts to it. */
    endpoint: TEXT,
    /** `PUT` target of title, description and state saves. */
    updateEndpoint: TEXT,
    todoPath: TEXT,
    todoDeletePath: TEXT,
    listEpicsPath: TEXT,
    epicsWebUrl: TEXT,
    newEpicWebUrl: TEXT,
    labelsPath: TEXT,
    labelsWebUrl: TEXT,
    markdownPreviewPath: TEXT,
    markdownDocsPath: TEXT,
  },
  project: {
    ...PROJECT_FIELDS,
    /** Maintainers and up: the link to the issue templates page. */
    canManageIssueTemplates: FLAG,
  },
  'project-issues': {
    ...PROJECT_FIELDS,
    ...BULK_EDIT_FIELDS,
    /** The project's group: its members come first among suggested assignees. */
    groupId: TEXT,
    /** GitLab's create_issue: the New issue button. */
    canCreateIssue: FLAG,
  },
  /** `/:project/-/issues/new`: GitLab's new-issue form. */
  'issue-new': {
    ...PROJECT_FIELDS,
    /** `Group / Subgroup / Project`, for the breadcrumbs' names. */
    projectFullName: TEXT,
    /** The project's group: its members come first among suggested assignees. */
    groupId: TEXT,
    /** GitLab's admin_issue: labels, milestone, assignee, due date and weight may be set. */
    canAdmin: FLAG,
    /** GitLab's create_incident (Reporters and up): the type selector offers Incident. */
    canCreateIncident: FLAG,
    /** `?issuable_template=<name>`: the template chosen up front ('' for none). */
    issuableTemplate: TEXT,
    markdownPreviewPath: TEXT,
  },
  /** `/:project/-/issue_templates`: the project's description templates, for Maintainers and up. */
  'issue-templates': { ...PROJECT_FIELDS, projectFullName: TEXT },
  /** The issue page: its title and description editor and close / reopen, as the epic page's. */
  issue: {
    ...PROJECT_FIELDS,
    iid: REQUIRED,
    issueId: TEXT,
    /** The project's group: its members come first among suggested assignees. */
    groupId: TEXT,
    signedIn: FLAG,
    /** GitLab's update_issue: Reporters and up, and the issue's author. */
    canUpdate: FLAG,
    /** GitLab's admin_issue (Reporters and up): the sidebar's metadata editors. */
    canAdmin: FLAG,
    /** GitLab's destroy_issue (project Owners and administrators): the edit form's Delete. */
    canDestroy: FLAG,
    /** GitLab's create_issue: the New issue button. */
    canCreateIssue: FLAG,
    /** An incident whose metric images the viewer may add, edit and delete (Reporters and up). */
    canManageMetricImages: FLAG,
    /** The largest metric image the server takes, in bytes (METRIC_IMAGE_MAX_BYTES). */
    metricImageMaxBytes: TEXT,
    /** Notifications are switched off by the owner of the project's group or of a group above it. */
    emailsDisabled: FLAG,
    state: TEXT,
    /** The issue's page path: realtime_changes lives under it. */
    endpoint: TEXT,
    /** `PUT` target of title, description and state saves. */
    updateEndpoint: TEXT,
    markdownPreviewPath: TEXT,
    markdownDocsPath: TEXT,
    /** GitLab's `work_items_mvc_2` (config WORK_ITEMS_MVC_2): the work item view shows assignees and labels. */
    workItemsMvc2: FLAG,
    /**
     * GitLab's issue-weights feature (config ISSUE_WEIGHTS) where the plan sells weights (Premium and
     * up): the sidebar and the work item view show weight.
     */
    issueWeights: FLAG,
    /** The plan sells health statuses (Ultimate): the sidebar shows the issue's. */
    healthStatus: FLAG,
    /** The plan sells blocking issues (Premium and up): links may block. */
    blockedIssues: FLAG,
    /** The plan sells epics (Premium and up): the sidebar's Epic block shows. */
    epics: FLAG,
  },
  /** The merge request page: its editor, merge widget, approvals, sidebar and activity. */
  'merge-request': {
    ...PROJECT_FIELDS,
    iid: REQUIRED,
    /** The project's group: its members come first among suggested assignees and reviewers. */
    groupId: TEXT,
    signedIn: FLAG,
    /** GitLab's update_merge_request: Developers and up, and the author (title, description, state). */
    canUpdate: FLAG,
    /** GitLab's admin_merge_request (Developers and up): the sidebar's metadata editors. */
    canAdmin: FLAG,
    /** The viewer may merge it when it is ready (Developers and up). */
    canMerge: FLAG,
    /** The viewer may approve it (Developers and up, never its author). */
    canApprove: FLAG,
    /** Notifications are switched off by the owner of the project's group or of a group above it. */
    emailsDisabled: FLAG,
    /** The merge request's page path: realtime_changes, discussions and awards live under it. */
    endpoint: TEXT,
    /** `PUT` target of title, description and state saves. */
    updateEndpoint: TEXT,
    markdownPreviewPath: TEXT,
    markdownDocsPath: TEXT,
  },
  /** `/:project/-/work_items/:iid`: GitLab's work item page, the detail view embedded (a task's page). */
  'work-item': {
    ...PROJECT_FIELDS,
    iid: REQUIRED,
    /** `Group / Subgroup / Project`, for the breadcrumbs' names. */
    projectFullName: TEXT,
    /** GitLab's `work_items_mvc_2`: the view shows assignees and labels. */
    workItemsMvc2: FLAG,
    /** GitLab's issue-weights feature: the view shows weight. */
    issueWeights: FLAG,
  },
  /** GitLab's User settings pages (signed-in only): the user's own profile, status and settings. */
  'profile-settings': {
    username: REQUIRED,
    name: TEXT,
    /** The status in force ('' fields when none). */
    statusEmoji: TEXT,
    statusMessage: TEXT,
    statusBusy: FLAG,
    /** ISO 8601: when the status clears itself; '' for never. */
    statusClearAt: TEXT,
  },
  'profile-preferences': {
    /** 'light', 'dark' or 'auto'; 'unset' until chosen (the browser's choice then stands). */
    colorMode: ['unset', 'light', 'dark', 'auto'],
    /** '0', '1' or '6'; '' for the system default (Sunday). */
    firstDayOfWeek: TEXT,
  },
  'profile-password': {
    /** The problems of the last attempt, one a line ('' for none). */
    errors: TEXT,
  },
  'profile-access-tokens': {
    /** The server's calendar day: the expiry date's default and bounds count from it. */
    today: REQUIRED,
    /** GitLab's prefill link (`?name=…&scopes=api,read_user`). */
    prefillName: TEXT,
    prefillScopes: TEXT,
  },
  'profile-active-sessions': {},
  milestone: {
    /** Whose milestone: a group's (`/groups/:group/-/milestones/:iid`) or a project's. */
    kind: ['group', 'project'],
    /** The owning group's or project's full path. */
    fullPath: REQUIRED,
    ...PROJECT_NAV_FIELDS,
    /** The group's or project's name. */
    ownerName: TEXT,
    iid: REQUIRED,
    milestoneId: REQUIRED,
    milestoneTitle: TEXT,
    /** GitLab's admin_milestone (Reporters and up): edit, close, reopen and delete. */
    canAdmin: FLAG,
  },
} as const satisfies Readonly<Record<string, FieldSchema>>;

type Schemas = typeof PAGE_MOUNTS;
export type PageName = keyof Schemas;

type ValueOf<K> = K extends typeof FLAG ? boolean : K extends Choice ? K[number] : string;
/** What a producer may hand over: numbers are written as text, and a null or absent text as ''. */
type InputOf<K> = K extends typeof FLAG
  ? boolean
  : K extends Choice
    ? K[number]
    : K extends typeof REQUIRED
      ? string | number
      : string | number | null | undefined;

type MountOf<P extends PageName> = { readonly page: P } & {
  readonly [F in keyof Schemas[P]]: ValueOf<Schemas[P][F]>;
};
type MountInputOf<P extends PageName> = { readonly page: P } & {
  readonly [F in keyof Schemas[P]]: InputOf<Schemas[P][F]>;
};

/**
 * Each page's code-split chunk (app/pages.tsx loads every page but the not-found one lazily), by the
 * name of the module that starts it: the server names the chunk and what it imports in the page's
 * HTML, so they download with the entry instead of after it, and a page parses only its own code.
 */
export const PAGE_CHUNKS: Partial<Record<PageName, string>> = {
  'admin-geo-sites': 'AdminGeoSitesPage',
  'admin-settings': 'AdminSettingsPage',
  'dashboard-issues': 'DashboardIssuesPage',
  'dashboard-merge-requests': 'DashboardMergeRequestsPage',
  'dashboard-todos': 'TodosPage',
  environment: 'EnvironmentPage',
  epic: 'EpicPage',
  'epic-new': 'NewEpicPage',
  'feature-upsell': 'FeatureUpsellPage',
  group: 'GroupPage',
  'group-billing': 'BillingPage',
  'group-epics': 'EpicsListPage',
  'group-issues': 'IssuesListPage',
  'group-labels': 'GroupLabelsPage',
  'group-members': 'MembersPage',
  'group-merge-requests': 'MergeRequestsListPage',
  'group-milestones': 'MilestonesListPage',
  'group-new': 'NewGroupPage',
  'group-roadmap': 'RoadmapPage',
  'group-value-stream-analytics': 'ValueStreamAnalyticsPage',
  'group-vulnerability-report': 'VulnerabilityReportPage',
  help: 'HelpPage',
  'help-index': 'HelpPage',
  home: 'HomePage',
  invitation: 'InvitationPage',
  issue: 'IssuePage',
  'issue-new': 'NewIssuePage',
  'issue-templates': 'IssueTemplatesPage',
  mailbox: 'MailboxPage',
  'merge-request': 'MergeRequestPage',
  milestone: 'MilestonePage',
  'milestone-form': 'MilestoneFormPage',
  'profile-access-tokens': 'AccessTokensPage',
  'profile-active-sessions': 'ActiveSessionsPage',
  'profile-password': 'PasswordPage',
  'profile-preferences': 'PreferencesPage',
  'profile-settings': 'ProfileSettingsPage',
  project: 'ProjectPage',
  'project-environments': 'EnvironmentsListPage',
  'project-issues': 'IssuesListPage',
  'project-labels': 'ProjectLabelsPage',
  'project-members': 'MembersPage',
  'project-merge-requests': 'MergeRequestsListPage',
  'project-milestones': 'MilestonesListPage',
  'project-new': 'NewProjectPage',
  'project-settings-monitor': 'MonitorSettingsPage',
  'project-vulnerability-report': 'VulnerabilityReportPage',
  search: 'SearchResultsPage',
  'sign-in': 'SignInPage',
  'sign-up': 'SignUpPage',
  'subscription-new': 'CheckoutPage',
  'trial-new': 'TrialNewPage',
  user: 'UserProfilePage',
  vulnerability: 'VulnerabilityPage',
  'work-item': 'WorkItemPage',
};

/** A page as the client reads it. */
export type PageMount = { [P in PageName]: MountOf<P> }[PageName];
/** A page as the server writes it. */
export type PageMountInput = { [P in PageName]: MountInputOf<P> }[PageName];
/** One page's mount without its name: a page component's props. */
export type PageMountOf<P extends PageName> = Omit<MountOf<P>, 'page'>;

/** The attribute values, keyed as a dataset keys them (`canCreateEpic` for `data-can-create-epic`). */
export type MountDataset = Readonly<Record<string, string | undefined>>;

const isPageName = (name: string): name is PageName => Object.hasOwn(PAGE_MOUNTS, name);

function readField(kind: FieldKind, raw: string | undefined): string | boolean | undefined {
  const value = raw?.trim() ?? '';
  if (kind === FLAG) return value === 'true';
  if (kind === REQUIRED) return value === '' ? undefined : value;
  if (kind === TEXT) return value;
  return kind.includes(value) ? value : kind[0];
}

/** The page the dataset describes; the not-found page when it names none or lacks a required value. */
export function parsePageMount(dataset: MountDataset): PageMount {
  const page = dataset.page?.trim() ?? '';
  if (!isPageName(page)) return { page: 'not-found' };
  const mount: Record<string, string | boolean> = { page };
  for (const [field, kind] of Object.entries<FieldKind>(PAGE_MOUNTS[page])) {
    const value = readField(kind, dataset[field]);
    if (value === undefined) return { page: 'not-found' };
    mount[field] = value;
  }
  // Each field was read by the kind its page's schema gives it.
  return mount as PageMount;
}

/** `canCreateEpic` → `data-can-create-epic`. */
export const mountAttributeName = (field: string): string =>
  `data-${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

type AttributeValue = string | number | boolean | null | undefined;

function attributesOf(values: Readonly<Record<string, AttributeValue>>): [string, string][] {
  const attributes: [string, string][] = [];
  for (const [field, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    const text = typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value);
    attributes.push([mountAttributeName(field), text]);
  }
  return attributes;
}

/** The mount element's attributes, name and unescaped value; null and absent texts are left out. */
export function mountAttributes(mount: PageMountInput): [string, string][] {
  return attributesOf(mount);
}

/** A status as the top bar shows it beside a name. */
export interface ShownStatus {
  readonly emoji: string;
  readonly message: string;
  readonly busy: boolean;
}

export interface CurrentUser {
  readonly id: number;
  readonly username: string;
  readonly name: string;
  readonly admin: boolean;
  /** Their status in force, if any. */
  readonly status?: ShownStatus | null | undefined;
  /** 0 Sunday, 1 Monday, 6 Saturday: where the app's calendars start a week. */
  readonly firstDayOfWeek?: number | undefined;
}

/** Who is looking, on every page: the user, where to sign in, a notice to show once. */
export interface Session {
  readonly currentUser: CurrentUser | null;
  readonly signInPath: string;
  readonly flash: string | null;
  readonly csrfToken: string | null;
}

/** The session as the server writes it onto every mount element (the token goes in a meta tag). */
export interface SessionMountInput {
  readonly currentUser: CurrentUser | null;
  readonly signInPath: string;
  readonly flash: string | null | undefined;
}

export function sessionMountAttributes(session: SessionMountInput): [string, string][] {
  return attributesOf({
    signInPath: session.signInPath,
    flash: session.flash,
    currentUser: session.currentUser ? JSON.stringify(session.currentUser) : null,
  });
}

export function parseCurrentUser(raw: string | undefined): CurrentUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const user = value as Record<string, unknown>;
    if (typeof user.username !== 'string' || typeof user.name !== 'string') return null;
    return {
      id: Number(user.id),
      username: user.username,
      name: user.name,
      admin: user.admin === true,
      status: parseShownStatus(user.status),
      firstDayOfWeek: user.firstDayOfWeek === 1 || user.firstDayOfWeek === 6 ? user.firstDayOfWeek : 0,
    };
  } catch {
    // A malformed attribute is treated as anonymous rather than breaking the page.
    return null;
  }
}

function parseShownStatus(value: unknown): ShownStatus | null {
  if (typeof value !== 'object' || value === null) return null;
  const status = value as Record<string, unknown>;
  return {
    emoji: typeof status.emoji === 'string' ? status.emoji : '',
    message: typeof status.message === 'string' ? status.message : '',
    busy: status.busy === true,
  };
}

export function parseSession(dataset: MountDataset, csrfToken: string | null): Session {
  return {
    currentUser: parseCurrentUser(dataset.currentUser),
    signInPath: dataset.signInPath?.trim() || signInPath(),
    flash: dataset.flash?.trim() || null,
    csrfToken,
  };
}

/** One member as a members page lists it (GitLab's MemberEntity, in its snake_case). */
export interface MemberJson {
  readonly id: number;
  readonly access_level: { readonly integer_value: number; readonly string_value: string };
  /** ISO 8601: when the membership began ('Member since'). */
  readonly created_at: string;
  /** `YYYY-MM-DD`, or null when the membership does not expire. */
  readonly expires_at: string | null;
  readonly is_direct_member: boolean;
  /** The group or project the membership is held on. */
  readonly source: { readonly id: number; readonly full_name: string; readonly web_path: string };
  readonly user: {
    readonly id: number;
    readonly name: string;
    readonly username: string;
    readonly web_path: string;
  };
  /** The viewer may change the role and expiry (a direct member, at or below their own level). */
  readonly can_update: boolean;
  readonly can_remove: boolean;
}

/** A members page's management: what the viewer may do, and what only managers see. */
export interface MembersManagementJson {
  readonly can_manage: boolean;
  /** The levels the viewer may give, lowest first. */
  readonly grantable_levels: readonly number[];
  readonly viewer_id: number | null;
  readonly can_leave: boolean;
  readonly can_request_access: boolean;
  readonly access_requested: boolean;
  /** The REST base of the source: `/api/v4/groups/:id` or `/api/v4/projects/:id`. */
  readonly api_path: string;
  readonly invitations: readonly {
    readonly email: string;
    readonly access_level: number;
    readonly expires_at: string | null;
    readonly created_by_name: string | null;
    readonly created_at: string;
  }[];
  readonly invitations_total: number;
  readonly access_requests: readonly {
    readonly user_id: number;
    readonly name: string;
    readonly username: string;
    readonly web_path: string;
    readonly requested_at: string;
  }[];
  readonly shares: readonly {
    readonly group_id: number;
    readonly full_name: string;
    readonly web_path: string;
    readonly access_level: number;
    readonly expires_at: string | null;
  }[];
}

/** A message of the development mailbox. */
export interface MailboxMessageJson {
  readonly id: number;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** ISO 8601. */
  readonly created_at: string;
}

/** The `billing` attribute of a group's Billing page (plan codes are core/domain/plans' PlanCode). */
export interface BillingJson {
  readonly plan: string;
  readonly trial: boolean;
  readonly trial_ends_on: string | null;
  readonly seats_in_subscription: number;
  readonly seats_in_use: number;
  readonly max_seats_used: number;
  readonly seats_owed: number;
  readonly subscription_start_date: string | null;
  readonly subscription_end_date: string | null;
  readonly auto_renew: boolean | null;
  readonly exclude_guests: boolean;
  /** On Free and never on a trial: 'Start a free trial' shows. */
  readonly trial_available: boolean;
  /** The plan and last day of a trial that ran out, else null. */
  readonly ended_trial_plan: string | null;
  readonly ended_trial_on: string | null;
  /** A subscription is on record: an administrator changes it (PUT) rather than creates one (POST). */
  readonly has_subscription: boolean;
  /** `YYYY-MM-DD`, the server's today. */
  readonly today: string;
  /** The group's invoices, the newest first. */
  readonly invoices: readonly InvoiceJson[];
}

/** An invoice of a paid order, as the Billing page lists it. */
export interface InvoiceJson {
  readonly number: string;
  /** ISO 8601. */
  readonly created_at: string;
  readonly plan: string;
  readonly seats: number;
  readonly amount_cents: number;
  readonly currency: string;
  /** `YYYY-MM-DD`: the term it pays for. */
  readonly period_start: string;
  readonly period_end: string;
  /** 'Visa •••• 4242'. */
  readonly card: string;
}

/** A group the checkout offers: its plan now, and the seats it would be billed for on each paid plan. */
export interface CheckoutGroupJson {
  readonly id: number;
  readonly name: string;
  readonly full_path: string;
  readonly plan: string;
  readonly trial: boolean;
  readonly seats_in_use: Readonly<Record<string, number>>;
}

/** The `trialStatus` attribute of group pages (for the top-level group's owners). */
export interface TrialStatusJson {
  readonly state: 'running' | 'ended';
  readonly plan: string;
  readonly group_name: string;
  readonly billing_path: string;
  /** The checkout for the trial's plan. */
  readonly upgrade_path: string;
  /** The top-level group's id (a request to the sales team names it). */
  readonly namespace_id: number;
  /** What the popover offers: the upgrade, or the sales team's form (an instance setting). */
  readonly variant: 'upgrade' | 'contact_sales';
  /** `YYYY-MM-DD`: the first day, the day it ends (or ended), and the server's today. */
  readonly starts_on: string;
  readonly ends_on: string;
  readonly today: string;
}

/** The `members` attribute of a members page: one page of members and the pages around it. */
export interface MembersPageJson {
  readonly members: readonly MemberJson[];
  readonly total: number;
  /** From 1. */
  readonly page: number;
  readonly per_page: number;
}

/** The id of the page's embedded query answers: `<script type="application/json" id="…">`. */
export const PRELOADED_QUERIES_ID = 'preloaded-queries';

/**
 * A query the server ran for the page as it rendered it, with its variables and answer: the page
 * takes the answer instead of asking again when it would send the same query with the same variables.
 */
export interface PreloadedQuery {
  readonly operationName: string;
  readonly variables: object;
  readonly data: unknown;
}
