import { type ReactNode, useMemo } from 'react';
import type { Session } from '../../core/pages/pageMount.ts';
import { TopBar } from '../components/shell/index.ts';
import { ShortcutsDialog } from '../components/shortcuts/index.ts';
import { useHelpDialog, useToasts } from '../state/index.ts';
import { ToastRegion } from '../ui/index.ts';
import type { CommandRegistry } from './commands.ts';
import { useShortcuts } from './useShortcuts.ts';

/** The chrome every page shares: skip link, top bar, main landmark, toasts, shortcut help. */
export function Shell({
  session,
  registry,
  onSignInPage,
  children,
}: {
  session: Session;
  registry: CommandRegistry;
  onSignInPage: boolean;
  children: ReactNode;
}) {
  const [helpOpen, setHelpOpen] = useHelpDialog();
  const { toasts, dismiss } = useToasts();
  useShortcuts(registry);
  const groups = useMemo(() => registry.grouped(), [registry]);
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
      />
      <main id="main-content" className="main" tabIndex={-1}>
        {children}
      </main>
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
      <ShortcutsDialog open={helpOpen} groups={groups} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
