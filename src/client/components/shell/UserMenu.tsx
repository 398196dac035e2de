import { useEffect, useId, useRef } from 'react';
import { PREFERENCES_PATH, PROFILE_SETTINGS_PATH } from '../../../core/domain/settingsPaths.ts';
import { ADMIN_SETTINGS_PATH, userPath } from '../../../core/domain/webPaths.ts';
import type { ShownStatus } from '../../../core/pages/pageMount.ts';
import { usePopover } from '../../state/index.ts';
import { Avatar, Icon, StatusEmoji, UserName } from '../../ui/index.ts';

export interface MenuUser {
  readonly username: string;
  readonly name: string;
  readonly status?: ShownStatus | null | undefined;
  /** An instance administrator: the menu leads to the Admin Area. */
  readonly admin?: boolean;
}

/**
 * The signed-in user's disclosure menu: their name (with their status) leads to their profile, then
 * 'Edit profile' and 'Preferences' (GitLab's User settings); Sign out is a real form post (the server
 * ends the session and redirects), carrying the CSRF token.
 */
export function UserMenu({ user, csrfToken }: { user: MenuUser; csrfToken: string | null }) {
  const [open, setOpen] = usePopover('user-menu');
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, setOpen]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape inside the menu closes it and returns focus
    <div
      className="user-menu"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          toggleRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className="user-menu-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid="user-menu-toggle"
      >
        <Avatar name={user.name} colorKey={user.username} />
        <span className="user-menu-name">
          <UserName name={user.name} busy={user.status?.busy} />
        </span>
        {user.status ? <StatusEmoji emoji={user.status.emoji} message={user.status.message} /> : null}
        <span className="sr-only">, user menu</span>
        <Icon name="chevronDown" size={12} />
      </button>
      <div id={panelId} className="user-menu-panel" hidden={!open} data-testid="user-menu">
        <a className="user-menu-identity" href={userPath(user.username)} data-testid="user-menu-profile">
          <strong>
            <UserName name={user.name} busy={user.status?.busy} />
          </strong>
          <span className="muted">@{user.username}</span>
          {user.status?.message || user.status?.emoji ? (
            <span className="user-menu-status" data-testid="user-menu-status">
              <StatusEmoji emoji={user.status.emoji} message="" /> {user.status.message}
            </span>
          ) : null}
        </a>
        <a className="user-menu-item" href={PROFILE_SETTINGS_PATH} data-testid="user-menu-edit-profile">
          <Icon name="user" />
          Edit profile
        </a>
        <a className="user-menu-item" href={PREFERENCES_PATH} data-testid="user-menu-preferences">
          <Icon name="settings" />
          Preferences
        </a>
        {user.admin ? (
          <a className="user-menu-item" href={ADMIN_SETTINGS_PATH} data-testid="user-menu-admin">
            <Icon name="shield" />
            Admin Area
          </a>
        ) : null}
        <form method="post" action="/users/sign_out" className="user-menu-form">
          <input type="hidden" name="authenticity_token" value={csrfToken ?? ''} />
          <button type="submit" className="user-menu-item" data-testid="sign-out-button">
            <Icon name="signOut" />
            Sign out
          </button>
        </form>
      </div>
    </div>
  );
}
