import { Suspense } from 'react';
import type { PageMount, Session } from '../../core/pages/pageMount.ts';
import type { createApolloClient } from '../data/index.ts';
import { DataProvider } from '../data/index.ts';
import { type AppStore, StateProvider } from '../state/index.ts';
import { Loading } from '../ui/index.ts';
import type { CommandRegistry } from './commands.ts';
import { pageNavOf } from './pageNav.ts';
import { PageView } from './pages.tsx';
import { Shell } from './Shell.tsx';

export interface AppProps {
  readonly page: PageMount;
  readonly session: Session;
  readonly store: AppStore;
  readonly client: ReturnType<typeof createApolloClient>;
  readonly registry: CommandRegistry;
}

/** While a page's code loads (only when main.tsx could not load it before the first render). */
function PageLoading() {
  return (
    <div data-testid="page-loading">
      <Loading label="Loading the page" />
    </div>
  );
}

/** Providers, chrome and the page. */
export function App({ page, session, store, client, registry }: AppProps) {
  return (
    <StateProvider store={store}>
      <DataProvider client={client}>
        <Shell
          session={session}
          registry={registry}
          onSignInPage={page.page === 'sign-in'}
          nav={pageNavOf(page)}
        >
          {/* Each page is its own chunk, preloaded with the HTML: the fallback is a moment at most. */}
          <Suspense fallback={<PageLoading />}>
            <PageView page={page} session={session} />
          </Suspense>
        </Shell>
      </DataProvider>
    </StateProvider>
  );
}
