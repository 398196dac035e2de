import { lazy, Suspense } from 'react';
import type { PageMount, PageName, Session } from '../../core/pages/pageMount.ts';
import { NotFoundPage } from '../components/errors/index.ts';
import { Loading } from '../ui/index.ts';

/*
 * Every page is a code-split point, so that a page downloads and parses only its own code: PixiJS
 * only with the canvas pages, d3 only with value stream analytics, an issue's editor only with the
 * issue. The server preloads each page's chunk with its HTML (PAGE_CHUNKS in core/pages/pageMount.ts
 * names them); App wraps the page in one Suspense, which the preloaded chunk rarely leaves showing.
 */
const EpicPage = lazy(() =>
  import('../features/epic/EpicPage.tsx').then((module) => ({ default: module.EpicPage })),
);
const RoadmapPage = lazy(() =>
  import('../features/roadmap/RoadmapPage.tsx').then((module) => ({ default: module.RoadmapPage })),
);
/* Value stream analytics and its chart scales (d3) load only on its page. */
const ValueStreamAnalyticsPage = lazy(() =>
  import('../features/value-stream-analytics/ValueStreamAnalyticsPage.tsx').then((module) => ({
    default: module.ValueStreamAnalyticsPage,
  })),
);

const AdminGeoSitesPage = lazy(() =>
  import('../features/admin-geo/AdminGeoSitesPage.tsx').then((m) => ({ default: m.AdminGeoSitesPage })),
);
const AdminSettingsPage = lazy(() =>
  import('../features/admin-settings/AdminSettingsPage.tsx').then((m) => ({ default: m.AdminSettingsPage })),
);
const SignInPage = lazy(() =>
  import('../features/auth/SignInPage.tsx').then((m) => ({ default: m.SignInPage })),
);
const SignUpPage = lazy(() =>
  import('../features/auth/SignUpPage.tsx').then((m) => ({ default: m.SignUpPage })),
);
const BillingPage = lazy(() =>
  import('../features/billing/BillingPage.tsx').then((m) => ({ default: m.BillingPage })),
);
const CheckoutPage = lazy(() =>
  import('../features/checkout/CheckoutPage.tsx').then((m) => ({ default: m.CheckoutPage })),
);
const NewGroupPage = lazy(() =>
  import('../features/create/NewGroupPage.tsx').then((m) => ({ default: m.NewGroupPage })),
);
const NewProjectPage = lazy(() =>
  import('../features/create/NewProjectPage.tsx').then((m) => ({ default: m.NewProjectPage })),
);
const EnvironmentPage = lazy(() =>
  import('../features/environments/EnvironmentPage.tsx').then((m) => ({ default: m.EnvironmentPage })),
);
const EnvironmentsListPage = lazy(() =>
  import('../features/environments/EnvironmentsListPage.tsx').then((m) => ({
    default: m.EnvironmentsListPage,
  })),
);
const NewEpicPage = lazy(() =>
  import('../features/epic-new/NewEpicPage.tsx').then((m) => ({ default: m.NewEpicPage })),
);
const EpicsListPage = lazy(() =>
  import('../features/epics/EpicsListPage.tsx').then((m) => ({ default: m.EpicsListPage })),
);
const GroupPage = lazy(() =>
  import('../features/groups/GroupPage.tsx').then((m) => ({ default: m.GroupPage })),
);
const HelpIndexPage = lazy(() =>
  import('../features/help/HelpPage.tsx').then((m) => ({ default: m.HelpIndexPage })),
);
const HelpPage = lazy(() => import('../features/help/HelpPage.tsx').then((m) => ({ default: m.HelpPage })));
const DashboardIssuesPage = lazy(() =>
  import('../features/home/DashboardIssuesPage.tsx').then((m) => ({ default: m.DashboardIssuesPage })),
);
const HomePage = lazy(() => import('../features/home/HomePage.tsx').then((m) => ({ default: m.HomePage })));
const IssuePage = lazy(() =>
  import('../features/issue/IssuePage.tsx').then((m) => ({ default: m.IssuePage })),
);
const NewIssuePage = lazy(() =>
  import('../features/issue-new/NewIssuePage.tsx').then((m) => ({ default: m.NewIssuePage })),
);
const IssueTemplatesPage = lazy(() =>
  import('../features/issue-templates/IssueTemplatesPage.tsx').then((m) => ({
    default: m.IssueTemplatesPage,
  })),
);
const IssuesListPage = lazy(() =>
  import('../features/issues/IssuesListPage.tsx').then((m) => ({ default: m.IssuesListPage })),
);
const GroupLabelsPage = lazy(() =>
  import('../features/labels/GroupLabelsPage.tsx').then((m) => ({ default: m.GroupLabelsPage })),
);
const ProjectLabelsPage = lazy(() =>
  import('../features/labels/ProjectLabelsPage.tsx').then((m) => ({ default: m.ProjectLabelsPage })),
);
const InvitationPage = lazy(() =>
  import('../features/members/InvitationPage.tsx').then((m) => ({ default: m.InvitationPage })),
);
const MailboxPage = lazy(() =>
  import('../features/members/MailboxPage.tsx').then((m) => ({ default: m.MailboxPage })),
);
const MembersPage = lazy(() =>
  import('../features/members/MembersPage.tsx').then((m) => ({ default: m.MembersPage })),
);
const MergeRequestPage = lazy(() =>
  import('../features/merge-request/MergeRequestPage.tsx').then((m) => ({ default: m.MergeRequestPage })),
);
const DashboardMergeRequestsPage = lazy(() =>
  import('../features/merge-requests/DashboardMergeRequestsPage.tsx').then((m) => ({
    default: m.DashboardMergeRequestsPage,
  })),
);
const MergeRequestsListPage = lazy(() =>
  import('../features/merge-requests/MergeRequestsListPage.tsx').then((m) => ({
    default: m.MergeRequestsListPage,
  })),
);
const MilestoneFormPage = lazy(() =>
  import('../features/milestone/MilestoneFormPage.tsx').then((m) => ({ default: m.MilestoneFormPage })),
);
const MilestonePage = lazy(() =>
  import('../features/milestone/MilestonePage.tsx').then((m) => ({ default: m.MilestonePage })),
);
const MilestonesListPage = lazy(() =>
  import('../features/milestone/MilestonesListPage.tsx').then((m) => ({ default: m.MilestonesListPage })),
);
const MonitorSettingsPage = lazy(() =>
  import('../features/project-settings/MonitorSettingsPage.tsx').then((m) => ({
    default: m.MonitorSettingsPage,
  })),
);
const ProjectPage = lazy(() =>
  import('../features/projects/ProjectPage.tsx').then((m) => ({ default: m.ProjectPage })),
);
const SearchResultsPage = lazy(() =>
  import('../features/search/SearchResultsPage.tsx').then((m) => ({ default: m.SearchResultsPage })),
);
const AccessTokensPage = lazy(() =>
  import('../features/settings/AccessTokensPage.tsx').then((m) => ({ default: m.AccessTokensPage })),
);
const ActiveSessionsPage = lazy(() =>
  import('../features/settings/ActiveSessionsPage.tsx').then((m) => ({ default: m.ActiveSessionsPage })),
);
const PasswordPage = lazy(() =>
  import('../features/settings/PasswordPage.tsx').then((m) => ({ default: m.PasswordPage })),
);
const PreferencesPage = lazy(() =>
  import('../features/settings/PreferencesPage.tsx').then((m) => ({ default: m.PreferencesPage })),
);
const ProfileSettingsPage = lazy(() =>
  import('../features/settings/ProfileSettingsPage.tsx').then((m) => ({ default: m.ProfileSettingsPage })),
);
const TodosPage = lazy(() =>
  import('../features/todos/TodosPage.tsx').then((m) => ({ default: m.TodosPage })),
);
const TrialNewPage = lazy(() =>
  import('../features/trials/TrialNewPage.tsx').then((m) => ({ default: m.TrialNewPage })),
);
const FeatureUpsellPage = lazy(() =>
  import('../features/upsell/FeatureUpsellPage.tsx').then((m) => ({ default: m.FeatureUpsellPage })),
);
const UserProfilePage = lazy(() =>
  import('../features/user/UserProfilePage.tsx').then((m) => ({ default: m.UserProfilePage })),
);
const VulnerabilityPage = lazy(() =>
  import('../features/vulnerabilities/VulnerabilityPage.tsx').then((m) => ({ default: m.VulnerabilityPage })),
);
const VulnerabilityReportPage = lazy(() =>
  import('../features/vulnerabilities/VulnerabilityReportPage.tsx').then((m) => ({
    default: m.VulnerabilityReportPage,
  })),
);
const WorkItemPage = lazy(() =>
  import('../features/work-item/WorkItemPage.tsx').then((m) => ({ default: m.WorkItemPage })),
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
