/**
 * The client entry: reads the server's page contract from `#app`, builds the Apollo client and the
 * UI store, registers the keyboard commands and mounts the page.
 */
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { assert } from '../../core/lib/assert.ts';
import {
  type PageMount,
  type PageName,
  parsePageMount,
  parseSession,
  type Session,
} from '../../core/pages/pageMount.ts';
import { prestartRoadmapLayoutWorker } from '../bridge/roadmapLayoutClient.ts';
import { REPLY_EVENT } from '../components/discussions/index.ts';
import { SEARCH_TARGET } from '../components/filters/index.ts';
import { createApolloClient, csrfToken } from '../data/index.ts';
import { GLOBAL_SEARCH_TARGET } from '../features/search/index.ts';
import { browserStorage } from '../lib/index.ts';
import {
  applyTheme,
  bindLocation,
  closeOverlays,
  createAppStore,
  initialTheme,
  isHelpOpen,
  pushToast,
  toggleHelp,
} from '../state/index.ts';
import { App } from './App.tsx';
import { appCommands, CommandRegistry, type ProjectShortcutContext } from './commands.ts';
import { pageNavOf } from './pageNav.ts';
import { PAGES_WITH_SEARCH, preloadPage } from './pages.tsx';
import { keepShortcutPreferences } from './shortcutPreferences.ts';

/** The control a shortcut presses, when the page shows it (`data-shortcut-target`). */
function shortcutTarget(target: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-shortcut-target="${target}"]`);
}

function focusSearch(): void {
  const input = document.querySelector<HTMLInputElement>(`[data-shortcut-target="${SEARCH_TARGET}"]`);
  input?.focus();
  input?.select();
}

function focusGlobalSearch(): void {
  const input = document.querySelector<HTMLInputElement>(`[data-shortcut-target="${GLOBAL_SEARCH_TARGET}"]`);
  input?.focus();
  input?.select();
}

/** The project whose go-to keys a project page offers; none elsewhere. */
function projectShortcutContext(page: PageMount, session: Session): ProjectShortcutContext | null {
  const nav = pageNavOf(page);
  if (nav?.kind !== 'project') return null;
  // Whoever is signed in and reads the project may open its new-issue form (GitLab's create_issue).
  return { fullPath: nav.fullPath, canCreateIssue: session.currentUser !== null };
}

/** The pages that show an issuable, and which: its shortcut keys are registered there. */
const ISSUABLE_OF_PAGE: Partial<Record<PageName, 'epic' | 'issue' | 'merge_request'>> = {
  issue: 'issue',
  epic: 'epic',
  'merge-request': 'merge_request',
};

function start(): void {
  const root = document.getElementById('app');
  assert(root, 'the page has no #app mount element');
  applyTheme(initialTheme());
  document.body.dataset.idle = 'false';

  const session = parseSession(root.dataset, csrfToken());
  const page = parsePageMount(root.dataset);
  if (page.page === 'group-roadmap') prestartRoadmapLayoutWorker();
  const store = createAppStore();
  bindLocation(store);
  const client = createApolloClient(session.csrfToken);

  const registry = new CommandRegistry();
  const commands = appCommands(
    {
      toggleHelp: () => toggleHelp(store),
      isHelpOpen: () => isHelpOpen(store),
      closeOverlays: () => closeOverlays(store),
      goTo: (path) => window.location.assign(path),
      focusSearch,
      focusGlobalSearch,
      press: (target) => {
        const control = shortcutTarget(target);
        control?.click();
        return control !== null;
      },
      shows: (target) => shortcutTarget(target) !== null,
      reply: () =>
        window.dispatchEvent(
          new CustomEvent(REPLY_EVENT, { detail: window.getSelection()?.toString() ?? '' }),
        ),
    },
    {
      hasSearch: PAGES_WITH_SEARCH.has(page.page),
      signedIn: session.currentUser !== null,
      project: projectShortcutContext(page, session),
      issuable: ISSUABLE_OF_PAGE[page.page] ?? null,
    },
  );
  for (const command of commands) registry.register(command);
  keepShortcutPreferences(registry, browserStorage('Shortcut settings'));

  if (session.flash) pushToast(store, session.flash, 'info');

  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <App page={page} session={session} store={store} client={client} registry={registry} />
      </StrictMode>,
    );
  // The page's chunk came with the HTML: evaluating it first lets the page render whole, without a
  // spinner frame. Should it fail to load, the page renders lazily and reports the failure there.
  preloadPage(page.page).then(render, render);
}

start();
