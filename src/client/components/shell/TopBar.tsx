import type { ReactNode } from 'react';
import { HELP_PATH } from '../../../core/domain/webPaths.ts';
import { Button, PRODUCT_NAME } from '../../ui/index.ts';
import { ThemeToggle } from './ThemeToggle.tsx';
import { TodoLink } from './TodoLink.tsx';
import { type MenuUser, UserMenu } from './UserMenu.tsx';

export interface TopBarProps {
  readonly user: MenuUser | null;
  readonly signInPath: string;
  readonly csrfToken: string | null;
  readonly onShowShortcuts: () => void;
  /** Hides the Sign in link on the sign-in page itself. */
  readonly onSignInPage: boolean;
  /** Before the brand: the side navigation's toggle on group and project pages. */
  readonly leading?: ReactNode;
  /** The search box, between the navigation and the actions. */
  readonly search?: ReactNode;
}

export function TopBar({
  user,
  signInPath,
  csrfToken,
  onShowShortcuts,
  onSignInPage,
  leading,
  search,
}: TopBarProps) {
  return (
    <header className="top-bar" data-testid="top-bar">
      {leading}
      <a className="top-bar-brand" href="/" data-testid="brand-link">
        <span className="brand-mark" aria-hidden="true" />
        {PRODUCT_NAME}
      </a>
      <nav className="top-bar-nav" aria-label="Main">
        <ul>
          <li>
            <a href="/" data-testid="nav-groups">
              Groups
            </a>
          </li>
          <li className="top-bar-nav-secondary">
            <a href={HELP_PATH} data-testid="nav-help">
              Help
            </a>
          </li>
        </ul>
      </nav>
      {search}
      <div className="top-bar-actions">
        <Button
          variant="tertiary"
          icon="question"
          iconOnly
          className="top-bar-shortcuts"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts ?"
          aria-haspopup="dialog"
          onClick={onShowShortcuts}
          data-testid="shortcuts-button"
        />
        <ThemeToggle />
        {user ? <TodoLink /> : null}
        {user ? (
          <UserMenu user={user} csrfToken={csrfToken} />
        ) : onSignInPage ? null : (
          <a className="btn btn-confirm top-bar-sign-in" href={signInPath} data-testid="sign-in-link">
            Sign in
          </a>
        )}
      </div>
    </header>
  );
}
