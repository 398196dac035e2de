import { lazy, Suspense } from 'react';
import { NotFoundPage } from '../components/errors/index.ts';
import { SignInPage } from '../features/auth/SignInPage.tsx';
import { EpicPage } from '../features/epic/EpicPage.tsx';
import { NewEpicPage } from '../features/epic-new/NewEpicPage.tsx';
import { EpicsListPage } from '../features/epics/EpicsListPage.tsx';
import { GroupPage } from '../features/groups/GroupPage.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { IssuePage } from '../features/issue/IssuePage.tsx';
import { IssuesListPage } from '../features/issues/IssuesListPage.tsx';
import { MilestonePage } from '../features/milestone/MilestonePage.tsx';
import { ProjectPage } from '../features/projects/ProjectPage.tsx';
import { Loading } from '../ui/index.ts';
import type { PageData, PageName, Session } from './pageData.ts';

/** The roadmap brings PixiJS and its worker: loaded only on its page, so other pages stay light. */
const RoadmapPage = lazy(() =>
  import('../features/roadmap/RoadmapPage.tsx').then((module) => ({ default: module.RoadmapPage })),
);

/** Pages with a search box, where the `s`, `/` and `f` shortcuts are registered. */
export const PAGES_WITH_SEARCH: ReadonlySet<PageName> = new Set(['group-epics', 'project-issues']);

/** The one page component for the page the server rendered. */
export function PageView({ page, session }: { page: PageData; session: Session }) {
  switch (page.page) {
    case 'home':
      return <HomePage signedIn={session.currentUser !== null} signInPath={session.signInPath} />;
    case 'sign-in':
      return <SignInPage {...page} csrfToken={session.csrfToken} />;
    case 'group':
      return <GroupPage {...page} />;
    case 'group-epics':
      return <EpicsListPage {...page} />;
    case 'group-roadmap':
      return (
        <Suspense fallback={<Loading label="Loading the roadmap" />}>
          <RoadmapPage {...page} session={session} />
        </Suspense>
      );
    case 'epic-new':
      return <NewEpicPage {...page} />;
    case 'epic':
      return <EpicPage {...page} currentUsername={session.currentUser?.username ?? ''} />;
    case 'project':
      return <ProjectPage {...page} />;
    case 'project-issues':
      return <IssuesListPage {...page} />;
    case 'issue':
      return <IssuePage {...page} />;
    case 'milestone':
      return <MilestonePage {...page} />;
    case 'not-found':
      return <NotFoundPage />;
  }
}
