import { lazy, Suspense } from 'react';
import type { PageMount, PageName, Session } from '../../core/pages/pageMount.ts';

/*
 * The pages that draw on a canvas are code-split points: their code, and PixiJS, load only on their
 * pages. The server preloads these chunks with the page (core/pages/pageModules.ts names them).
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

import { NotFoundPage } from '../components/errors/index.ts';
import { AdminGeoSitesPage } from '../features/admin-geo/index.ts';
import { AdminSettingsPage } from '../features/admin-settings/index.ts';
import { SignInPage, SignUpPage } from '../features/auth/index.ts';
import { BillingPage } from '../features/billing/index.ts';
import { CheckoutPage } from '../features/checkout/index.ts';
import { NewGroupPage, NewProjectPage } from '../features/create/index.ts';
import { EnvironmentPage, EnvironmentsListPage } from '../features/environments/index.ts';
import { NewEpicPage } from '../features/epic-new/index.ts';
import { EpicsListPage } from '../features/epics/index.ts';
import { GroupPage } from '../features/groups/index.ts';
import { HelpIndexPage, HelpPage } from '../features/help/index.ts';
import { DashboardIssuesPage, HomePage } from '../features/home/index.ts';
import { IssuePage } from '../features/issue/index.ts';
import { NewIssuePage } from '../features/issue-new/index.ts';
import { IssueTemplatesPage } from '../features/issue-templates/index.ts';
import { IssuesListPage } from '../features/issues/index.ts';
import { GroupLabelsPage, ProjectLabelsPage } from '../features/labels/index.ts';
import { InvitationPage, MailboxPage, MembersPage } from '../features/members/index.ts';
import { MergeRequestPage } from '../features/merge-request/index.ts';
import { DashboardMergeRequestsPage, MergeRequestsListPage } from '../features/merge-requests/index.ts';
import { MilestoneFormPage, MilestonePage, MilestonesListPage } from '../features/milestone/index.ts';
import { MonitorSettingsPage } from '../features/project-settings/index.ts';
import { ProjectPage } from '../features/projects/index.ts';
import { SearchResultsPage } from '../features/search/index.ts';
import {
  AccessTokensPage,
  ActiveSessionsPage,
  PasswordPage,
  PreferencesPage,
  ProfileSettingsPage,
} from '../features/settings/index.ts';
import { TodosPage } from '../features/todos/index.ts';
import { TrialNewPage } from '../features/trials/index.ts';
import { FeatureUpsellPage } from '../features/upsell/index.ts';
import { UserProfilePage } from '../features/user/index.ts';
import { VulnerabilityPage, VulnerabilityReportPage } from '../features/vulnerabilities/index.ts';
import { WorkItemPage } from '../features/work-item/index.ts';
import { Loading } from '../ui/index.ts';

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
