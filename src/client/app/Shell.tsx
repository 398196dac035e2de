import { type ReactNode, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Session } from '../../core/pages/pageMount.ts';
import { type NavContext, SideNav, SideNavToggle, TrialEndedBanner } from '../components/navigation/index.ts';
import { TopBar } from '../components/shell/index.ts';
import { type ShortcutSettings, ShortcutsDialog } from '../components/shortcuts/index.ts';
import { rememberVisit } from '../features/home/index.ts';
import { TopBarSearch } from '../features/search/index.ts';
import { systemClock } from '../lib/clock.ts';
import { browserStorage } from '../lib/index.ts';
import { useHelpDialog, useSideNav, useToasts } from '../state/index.ts';
import { ToastRegion } from '../ui/index.ts';
import type { CommandRegistry } from './commands.ts';
import { useShortcuts } from './useShortcuts.ts';

/**
 * The chrome every page shares: skip link, top bar, the group's or project's left navigation, main
 * landmark, toasts, shortcut help.
 */
export function Shell({
  session,
  registry,
  onSignInPage,
  nav,
  children,
}: {
  session: Session;
  registry: CommandRegistry;
  onSignInPage: boolean;
  /** The left navigation of a group, project or Admin Area page; null elsewhere. */
  nav: NavContext | null;
  children: ReactNode;
}) {
  const [helpOpen, setHelpOpen] = useHelpDialog();
  const { toasts, dismiss } = useToasts();
  const sideNav = useSideNav();
  const toggleRef = useRef<HTMLButtonElement>(null);
  useShortcuts(registry);
  useRememberVisit(session.currentUser?.username ?? null, nav);
  // The bindings and the switch change from the help dialog: it redraws with them.
  const version = useSyncExternalStore(
    (listener) => registry.subscribe(listener),
    () => registry.version(),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version is new groups.
  const groups = useMemo(() => registry.grouped(), [registry, version]);
  const shortcutSettings = useMemo(() => shortcutSettingsOf(registry), [registry]);
  return (
    <div className="layout">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <TopBar
        user={session.currentUser}
        signInPath={session.signInPath}
        csrfToken={session.csrfToken}
        onShowShortcuts={() => setHelpOpen(true)}
        onSignInPage={onSignInPage}
        search={
          onSignInPage ? null : (
            <TopBarSearch username={session.currentUser?.username ?? null} groupId={null} />
          )
        }
        leading={
          nav ? (
            <SideNavToggle
              open={sideNav.open}
              onToggle={() => sideNav.setOpen(!sideNav.open)}
              buttonRef={toggleRef}
            />
          ) : null
        }
      />
      <div className="layout-body">
        {nav ? (
          <SideNav
            context={nav}
            open={sideNav.open}
            drawer={sideNav.narrow}
            onClose={() => {
              sideNav.setOpen(false);
              toggleRef.current?.focus();
            }}
          />
        ) : null}
        <main id="main-content" className="main" tabIndex={-1}>
          {/* On the group's overview and its Billing, where its owners look after the group. */}
          {nav?.trial?.state === 'ended' && (nav.current === 'overview' || nav.current === 'billing') ? (
            <TrialEndedBanner trial={nav.trial} />
          ) : null}
          {children}
        </main>
      </div>
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
      <ShortcutsDialog
        open={helpOpen}
        groups={groups}
        settings={{ ...shortcutSettings, enabled: !registry.disabled() }}
        onClose={() => setHelpOpen(false)}
      />
    </div>
  );
}

/** A signed-in user's visit to a group or project page counts towards their frequently visited items. */
/** What the help dialog changes in the registry (the switch's state is read at each render). */
function shortcutSettingsOf(registry: CommandRegistry): Omit<ShortcutSettings, 'enabled'> {
  return {
    setEnabled: (enabled) => registry.setDisabled(!enabled),
    customize: (id, keys) => registry.customize(id, keys),
    reset: (id) => {
      const command = registry.list().find((candidate) => candidate.id === id);
      if (command) registry.customize(id, command.keys);
    },
  };
}

function useRememberVisit(username: string | null, nav: NavContext | null): void {
  // The Admin Area is no group or project to come back to.
  const kind = nav?.kind === 'group' ? 'groups' : nav?.kind === 'project' ? 'projects' : null;
  const fullPath = nav?.fullPath ?? '';
  const name = nav?.name ?? '';
  useEffect(() => {
    if (!username || !kind || !fullPath) return;
    const storage = browserStorage('Frequently visited items');
    rememberVisit(storage, username, kind, { fullPath, name }, systemClock.now().getTime());
  }, [username, kind, fullPath, name]);
}
