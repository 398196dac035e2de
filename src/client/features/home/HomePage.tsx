import { NAMESPACE_TEXTS } from '../../../core/domain/namespaceCreation.ts';
import { NEW_GROUP_PATH } from '../../../core/domain/webPaths.ts';
import type { CurrentUser } from '../../../core/pages/pageMount.ts';
import { PageHeader } from '../../components/navigation/index.ts';
import { useDocumentTitle } from '../../ui/index.ts';
import { AssignedIssuesCard } from './AssignedIssuesCard.tsx';
import { FrequentlyVisited } from './FrequentlyVisited.tsx';
import { GroupsList } from './GroupsList.tsx';
import { HOME_TEXTS } from './homeTexts.ts';
import { TodosCard } from './TodosCard.tsx';

/**
 * The home page. A signed-in user finds their open assigned issues, their pending to-dos and the
 * groups and projects they visit most, then the groups list; a visitor finds the groups they can see.
 */
export function HomePage({ user, signInPath }: { user: CurrentUser | null; signInPath: string }) {
  useDocumentTitle(user ? HOME_TEXTS.title : HOME_TEXTS.groups);
  if (!user) {
    return (
      <>
        <PageHeader title={HOME_TEXTS.groups} />
        <GroupsList signedIn={false} signInPath={signInPath} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={HOME_TEXTS.greeting(user.name || user.username)}
        actions={
          <a className="btn btn-confirm" href={NEW_GROUP_PATH} data-testid="new-group-link">
            {NAMESPACE_TEXTS.newGroup}
          </a>
        }
      />
      <div className="home-grid">
        <AssignedIssuesCard />
        <TodosCard />
        <FrequentlyVisited username={user.username} />
      </div>
      <section className="content-section" aria-labelledby="home-groups">
        <h2 id="home-groups" className="section-title">
          {HOME_TEXTS.groups}
        </h2>
        <GroupsList signedIn signInPath={signInPath} />
      </section>
    </>
  );
}
