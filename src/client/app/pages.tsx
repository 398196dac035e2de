import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { appendTo } from '../../core/lib/multiMap.ts';
import { PAGE_CHUNKS, type PageMount, type PageName, type Session } from '../../core/pages/pageMount.ts';
import { NotFoundPage } from '../components/errors/index.ts';
import { Loading } from '../ui/index.ts';

/** Each page chunk's loaders, by the chunk's name (PAGE_CHUNKS' values). */
const chunkLoaders = new Map<string, (() => Promise<unknown>)[]>();

/**
 * A page component whose code is its own chunk (React's lazy, inside App's Suspense). Once
 * preloadPage has loaded it, its lazy factory answers with a thenable that calls back at once, which
 * React's lazy reads as already resolved: the page renders in the first pass, with no spinner frame.
 */
function pageComponent<P extends object>(
  chunk: string,
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  let loaded: { default: ComponentType<P> } | null = null;
  const loading = () =>
    load().then((component) => {
      loaded = { default: component };
      return loaded;
    });
  appendTo(chunkLoaders, chunk, loading);
  return lazy(() => (loaded ? resolvedThenable(loaded) : loading()));
}

/**
 * A thenable that calls back at once. React's lazy only calls `then` on what its factory returns and
 * reads the result right after, so a synchronous callback makes it render without suspending; its
 * types ask for a Promise, which a real one could not do (its callbacks always wait a microtask).
 */
function resolvedThenable<T>(value: T): Promise<T> {
  const thenable = {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is the point (see above).
    then: (onFulfilled?: (value: T) => unknown) => Promise.resolve(onFulfilled?.(value)),
  };
  return thenable as unknown as Promise<T>;
}

/**
 * Loads the page's code before the first render (main.tsx awaits it): its chunk was preloaded with
 * the HTML, so this costs a module evaluation, and the page then renders whole in the first frame.
 */
export async function preloadPage(page: PageName): Promise<void> {
  const chunk = PAGE_CHUNKS[page];
  await Promise.all((chunk ? (chunkLoaders.get(chunk) ?? []) : []).map((load) => load()));
}

/** Whether a chunk's pages are registered here (PAGE_CHUNKS must name chunks that exist). */
export function hasPageChunk(chunk: string): boolean {
  return chunkLoaders.has(chunk);
}

/*
 * Every page is a code-split point, so that a page downloads and parses only its own code: PixiJS
 * only with the canvas pages, d3 only with value stream analytics, an issue's editor only with the
 * issue. The server preloads each page's chunk with its HTML (PAGE_CHUNKS in core/pages/pageMount.ts
 * names them); App wraps the page in one Suspense, which the preloaded chunk rarely leaves showing.
 */
const EpicPage = pageComponent('EpicPage', () =>
  import('../features/epic/EpicPage.tsx').then((m) => m.EpicPage),
);
const RoadmapPage = pageComponent('RoadmapPage', () =>
  import('../features/roadmap/RoadmapPage.tsx').then((m) => m.RoadmapPage),
);
/* Value stream analytics and its chart scales (d3) load only on its page. */
const ValueStreamAnalyticsPage = pageComponent('ValueStreamAnalyticsPage', () =>
  import('../features/value-stream-analytics/ValueStreamAnalyticsPage.tsx').then(
    (m) => m.ValueStreamAnalyticsPage,
  ),
);

const AdminGeoSitesPage = pageComponent('AdminGeoSitesPage', () =>
  import('../features/admin-geo/AdminGeoSitesPage.tsx').then((m) => m.AdminGeoSitesPage),
);
const AdminSettingsPage = pageComponent('AdminSettingsPage', () =>
  import('../features/admin-settings/AdminSettingsPage.tsx').then((m) => m.AdminSettingsPage),
);
const SignInPage = pageComponent('SignInPage', () =>
  import('../features/auth/SignInPage.tsx').then((m) => m.SignInPage),
);
const SignUpPage = pageComponent('SignUpPage', () =>
  import('../features/auth/SignUpPage.tsx').then((m) => m.SignUpPage),
);
const BillingPage = pageComponent('BillingPage', () =>
  import('../features/billing/BillingPage.tsx').then((m) => m.BillingPage),
);
const CheckoutPage = pageComponent('CheckoutPage', () =>
  import('../features/checkout/CheckoutPage.tsx').then((m) => m.CheckoutPage),
);
const NewGroupPage = pageComponent('NewGroupPage', () =>
  import('../features/create/NewGroupPage.tsx').then((m) => m.NewGroupPage),
);
const NewProjectPage = pageComponent('NewProjectPage', () =>
  import('../features/create/NewProjectPage.tsx').then((m) => m.NewProjectPage),
);
const EnvironmentPage = pageComponent('EnvironmentPage', () =>
  import('../features/environments/EnvironmentPage.tsx').then((m) => m.EnvironmentPage),
);
const EnvironmentsListPage = pageComponent('EnvironmentsListPage', () =>
  import('../features/environments/EnvironmentsListPage.tsx').then((m) => m.EnvironmentsListPage),
);
const NewEpicPage = pageComponent('NewEpicPage', () =>
  import('../features/epic-new/NewEpicPage.tsx').then((m) => m.NewEpicPage),
);
const EpicsListPage = pageComponent('EpicsListPage', () =>
  import('../features/epics/EpicsListPage.tsx').then((m) => m.EpicsListPage),
);
const GroupPage = pageComponent('GroupPage', () =>
  import('../features/groups/GroupPage.tsx').then((m) => m.GroupPage),
);
const HelpIndexPage = pageComponent('HelpPage', () =>
  import('../features/help/HelpPage.tsx').then((m) => m.HelpIndexPage),
);
const HelpPage = pageComponent('HelpPage', () =>
  import('../features/help/HelpPage.tsx').then((m) => m.HelpPage),
);
const DashboardIssuesPage = pageComponent('DashboardIssuesPage', () =>
  import('../features/home/DashboardIssuesPage.tsx').then((m) => m.DashboardIssuesPage),
);
const HomePage = pageComponent('HomePage', () =>
  import('../features/home/HomePage.tsx').then((m) => m.HomePage),
);
const IssuePage = pageComponent('IssuePage', () =>
  import('../features/issue/IssuePage.tsx').then((m) => m.IssuePage),
);
const NewIssuePage = pageComponent('NewIssuePage', () =>
  import('../features/issue-new/NewIssuePage.tsx').then((m) => m.NewIssuePage),
);
const IssueTemplatesPage = pageComponent('IssueTemplatesPage', () =>
  import('../features/issue-templates/IssueTemplatesPage.tsx').then((m) => m.IssueTemplatesPage),
);
const IssuesListPage = pageComponent('IssuesListPage', () =>
  import('../features/issues/IssuesListPage.tsx').then((m) => m.IssuesListPage),
);
const GroupLabelsPage = pageComponent('GroupLabelsPage', () =>
  import('../features/labels/GroupLabelsPage.tsx').then((m) => m.GroupLabelsPage),
);
const ProjectLabelsPage = pageComponent('ProjectLabelsPage', () =>
  import('../features/labels/ProjectLabelsPage.tsx').then((m) => m.ProjectLabelsPage),
);
const InvitationPage = pageComponent('InvitationPage', () =>
  import('../features/members/InvitationPage.tsx').then((m) => m.InvitationPage),
);
const MailboxPage = pageComponent('MailboxPage', () =>
  import('../features/members/MailboxPage.tsx').then((m) => m.MailboxPage),
);
const MembersPage = pageComponent('MembersPage', () =>
  import('../features/members/MembersPage.tsx').then((m) => m.MembersPage),
);
const MergeRequestPage = pageComponent('MergeRequestPage', () =>
  import('../features/merge-request/MergeRequestPage.tsx').then((m) => m.MergeRequestPage),
);
const DashboardMergeRequestsPage = pageComponent('DashboardMergeRequestsPage', () =>
  import('../features/merge-requests/DashboardMergeRequestsPage.tsx').then(
    (m) => m.DashboardMergeRequestsPage,
  ),
);
const MergeRequestsListPage = pageComponent('MergeRequestsListPage', () =>
  import('../features/merge-requests/MergeRequestsListPage.tsx').then((m) => m.MergeRequestsListPage),
);
const MilestoneFormPage = pageComponent('MilestoneFormPage', () =>
  import('../features/milestone/MilestoneFormPage.tsx').then((m) => m.MilestoneFormPage),
);
const MilestonePage = pageComponent('MilestonePage', () =>
  import('../features/milestone/MilestonePage.tsx').then((m) => m.MilestonePage),
);
const MilestonesListPage = pageComponent('MilestonesListPage', () =>
  import('../features/milestone/MilestonesListPage.tsx').then((m) => m.MilestonesListPage),
);
const MonitorSettingsPage = pageComponent('MonitorSettingsPage', () =>
  import('../features/project-settings/MonitorSettingsPage.tsx').then((m) => m.MonitorSettingsPage),
);
const ProjectPage = pageComponent('ProjectPage', () =>
  import('../features/projects/ProjectPage.tsx').then((m) => m.ProjectPage),
);
const SearchResultsPage = pageComponent('SearchResultsPage', () =>
  import('../features/search/SearchResultsPage.tsx').then((m) => m.SearchResultsPage),
);
const AccessTokensPage = pageComponent('AccessTokensPage', () =>
  import('../features/settings/AccessTokensPage.tsx').then((m) => m.AccessTokensPage),
);
const ActiveSessionsPage = pageComponent('ActiveSessionsPage', () =>
  import('../features/settings/ActiveSessionsPage.tsx').then((m) => m.ActiveSessionsPage),
);
const PasswordPage = pageComponent('PasswordPage', () =>
  import('../features/settings/PasswordPage.tsx').then((m) => m.PasswordPage),
);
const PreferencesPage = pageComponent('PreferencesPage', () =>
  import('../features/settings/PreferencesPage.tsx').then((m) => m.PreferencesPage),
);
const ProfileSettingsPage = pageComponent('ProfileSettingsPage', () =>
  import('../features/settings/ProfileSettingsPage.tsx').then((m) => m.ProfileSettingsPage),
);
const TodosPage = pageComponent('TodosPage', () =>
  import('../features/todos/TodosPage.tsx').then((m) => m.TodosPage),
);
const TrialNewPage = pageComponent('TrialNewPage', () =>
  import('../features/trials/TrialNewPage.tsx').then((m) => m.TrialNewPage),
);
const FeatureUpsellPage = pageComponent('FeatureUpsellPage', () =>
  import('../features/upsell/FeatureUpsellPage.tsx').then((m) => m.FeatureUpsellPage),
);
const UserProfilePage = pageComponent('UserProfilePage', () =>
  import('../features/user/UserProfilePage.tsx').then((m) => m.UserProfilePage),
);
const VulnerabilityPage = pageComponent('VulnerabilityPage', () =>
  import('../features/vulnerabilities/VulnerabilityPage.tsx').then((m) => m.VulnerabilityPage),
);
const VulnerabilityReportPage = pageComponent('VulnerabilityReportPage', () =>
  import('../features/vulnerabilities/VulnerabilityReportPage.tsx').then((m) => m.VulnerabilityReportPage),
);
const WorkItemPage = pageComponent('WorkItemPage', () =>
  import('../features/work-item/WorkItemPage.tsx').then((m) => m.WorkItemPage),
);

/** Pages with a search box, where the `s`, `/` and `f` shortcuts are registered. */
export const PAGES_WITH_SEARCH: ReadonlySet<PageName> = new Set([
  'group-epics',
  'group-issues',
  'project-issues',
  'group-merge-requests',
  'project-merge-requests',
  'dashboard-merge-requests',
]);

/** The one page component for the page the server rendered. */
export function PageView({ page, session }: { page: PageMount; session: Session }) {
  switch (page.page) {
    case 'home':
      return <HomePage user={session.currentUser} signInPath={session.signInPath} />;
    case 'sign-in':
      return <SignInPage {...page} csrfToken={session.csrfToken} />;
    case 'sign-up':
      return <SignUpPage {...page} csrfToken={session.csrfToken} />;
    case 'invitation':
      return (
        <InvitationPage {...page} csrfToken={session.csrfToken} signedIn={session.currentUser !== null} />
      );
    case 'mailbox':
      return <MailboxPage messages={page.messages} />;
    case 'dashboard-todos':
      return <TodosPage />;
    case 'trial-new':
      return <TrialNewPage {...page} csrfToken={session.csrfToken} />;
    case 'subscription-new':
      return <CheckoutPage {...page} />;
    case 'admin-settings':
      return <AdminSettingsPage {...page} />;
    case 'admin-geo-sites':
      return <AdminGeoSitesPage {...page} />;
    case 'group-new':
      return <NewGroupPage {...page} />;
    case 'project-new':
      return <NewProjectPage {...page} />;
    case 'dashboard-issues':
      return <DashboardIssuesPage />;
    case 'dashboard-merge-requests':
      return <DashboardMergeRequestsPage username={session.currentUser?.username ?? ''} />;
    case 'help':
      return <HelpPage topic={page.topic} />;
    case 'help-index':
      return <HelpIndexPage />;
    case 'search':
      return <SearchResultsPage groupName={page.groupName} />;
    case 'group':
      return <GroupPage {...page} />;
    case 'group-epics':
      return <EpicsListPage {...page} />;
    case 'feature-upsell':
      return <FeatureUpsellPage {...page} />;
    case 'group-roadmap':
      return (
        <Suspense fallback={<Loading label="Loading the roadmap" />}>
          <RoadmapPage {...page} session={session} />
        </Suspense>
      );
    case 'group-value-stream-analytics':
      return (
        <Suspense fallback={<Loading label="Loading value stream analytics" />}>
          <ValueStreamAnalyticsPage {...page} session={session} />
        </Suspense>
      );
    case 'epic-new':
      return <NewEpicPage {...page} />;
    case 'epic':
      return (
        <Suspense fallback={<Loading label="Loading the epic" />}>
          <EpicPage {...page} currentUsername={session.currentUser?.username ?? ''} />
        </Suspense>
      );
    case 'project':
      return <ProjectPage {...page} />;
    case 'project-issues':
      return (
        <IssuesListPage
          kind="project"
          fullPath={page.fullPath}
          name={page.projectName}
          labelsGroupPath={page.groupFullPath}
          groupId={page.groupId}
          canBulkUpdate={page.canBulkUpdate}
          bulkUpdatePath={page.bulkUpdatePath}
          canCreateIssue={page.canCreateIssue}
        />
      );
    case 'group-issues':
      return (
        <IssuesListPage
          kind="group"
          fullPath={page.fullPath}
          name={page.groupName}
          labelsGroupPath={page.fullPath}
          groupId={page.groupId}
          canBulkUpdate={page.canBulkUpdate}
          bulkUpdatePath={page.bulkUpdatePath}
          canCreateIssue={false}
        />
      );
    case 'merge-request':
      return <MergeRequestPage {...page} currentUsername={session.currentUser?.username ?? ''} />;
    case 'project-merge-requests':
      return <MergeRequestsListPage kind="project" fullPath={page.fullPath} name={page.projectName} />;
    case 'group-merge-requests':
      return <MergeRequestsListPage kind="group" fullPath={page.fullPath} name={page.groupName} />;
    case 'project-environments':
      return <EnvironmentsListPage {...page} />;
    case 'environment':
      return <EnvironmentPage {...page} currentUserId={session.currentUser?.id ?? null} />;
    case 'project-vulnerability-report':
      return (
        <VulnerabilityReportPage
          kind="project"
          fullPath={page.fullPath}
          name={page.projectName}
          fullName={page.projectFullName}
          canAdminVulnerability={page.canAdminVulnerability}
        />
      );
    case 'group-vulnerability-report':
      return (
        <VulnerabilityReportPage
          kind="group"
          fullPath={page.fullPath}
          name={page.groupName}
          fullName=""
          canAdminVulnerability={page.canAdminVulnerability}
        />
      );
    case 'vulnerability':
      return <VulnerabilityPage {...page} />;
    case 'issue':
      return <IssuePage {...page} currentUsername={session.currentUser?.username ?? ''} />;
    case 'work-item':
      return <WorkItemPage {...page} />;
    case 'issue-new':
      return <NewIssuePage {...page} />;
    case 'issue-templates':
      return <IssueTemplatesPage {...page} />;
    case 'group-milestones':
      return (
        <MilestonesListPage
          kind="group"
          fullPath={page.fullPath}
          name={page.groupName}
          canAdmin={page.canAdminMilestones}
        />
      );
    case 'project-milestones':
      return (
        <MilestonesListPage
          kind="project"
          fullPath={page.fullPath}
          name={page.projectName}
          canAdmin={page.canAdminMilestones}
        />
      );
    case 'milestone-form':
      return <MilestoneFormPage {...page} />;
    case 'group-labels':
      return <GroupLabelsPage {...page} />;
    case 'project-labels':
      return <ProjectLabelsPage {...page} />;
    case 'group-billing':
      return <BillingPage {...page} />;
    case 'group-members':
      return (
        <MembersPage
          kind="group"
          fullPath={page.fullPath}
          name={page.groupName}
          members={page.members}
          search={page.search}
          management={page.management}
          tab={page.tab}
        />
      );
    case 'project-members':
      return (
        <MembersPage
          kind="project"
          fullPath={page.fullPath}
          name={page.projectName}
          members={page.members}
          search={page.search}
          management={page.management}
          tab={page.tab}
        />
      );
    case 'project-settings-monitor':
      return <MonitorSettingsPage {...page} />;
    case 'user':
      return <UserProfilePage {...page} />;
    case 'milestone':
      return <MilestonePage {...page} />;
    case 'profile-settings':
      return <ProfileSettingsPage {...page} />;
    case 'profile-preferences':
      return <PreferencesPage {...page} />;
    case 'profile-password':
      return <PasswordPage {...page} />;
    case 'profile-access-tokens':
      return <AccessTokensPage {...page} />;
    case 'profile-active-sessions':
      return <ActiveSessionsPage />;
    case 'not-found':
      return <NotFoundPage signInPath={session.currentUser ? null : session.signInPath} />;
  }
}
