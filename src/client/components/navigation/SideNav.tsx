import { type KeyboardEvent, type Ref, useEffect, useRef } from 'react';
import { Avatar, Button, Icon, trapTab } from '../../ui/index.ts';
import { type NavContext, navItemsOf, navTitleOf } from './navItems.ts';
import { TrialWidget } from './TrialWidget.tsx';

export const SIDE_NAV_ID = 'side-nav';

/** The navigation landmark's name, by whose navigation it is. */
const NAV_LABELS: Readonly<Record<NavContext['kind'], string>> = {
  group: 'Group',
  project: 'Project',
  admin: 'Admin Area',
};

/**
 * The left navigation of group and project pages and of the Admin Area, GitLab's sidebar: the group,
 * project or Admin Area, then its pages, the current one marked with `aria-current="page"`. Docked beside the page on wide screens
 * (hidden when collapsed); below lg a drawer over the page that takes focus when opened, keeps Tab
 * inside, and closes with Escape or a click outside.
 */
export function SideNav({
  context,
  open,
  drawer,
  onClose,
}: {
  context: NavContext;
  open: boolean;
  /** Shown as a drawer over the page (narrow screens) rather than docked beside it. */
  drawer: boolean;
  /** The drawer asks to close (Escape, a click outside); focus then goes back to its toggle. */
  onClose: () => void;
}) {
  const navRef = useRef<HTMLElement>(null);
  const items = navItemsOf(context);
  const title = navTitleOf(context);
  const asDrawer = drawer && open;

  useEffect(() => {
    const nav = navRef.current;
    if (!asDrawer || !nav) return;
    (nav.querySelector<HTMLElement>('[aria-current="page"]') ?? nav.querySelector<HTMLElement>('a'))?.focus();
  }, [asDrawer]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!asDrawer) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (navRef.current) {
      trapTab(navRef.current, event.nativeEvent);
    }
  };

  return (
    <>
      {asDrawer ? <div className="side-nav-backdrop" aria-hidden="true" onClick={onClose} /> : null}
      <nav
        ref={navRef}
        id={SIDE_NAV_ID}
        className={`side-nav${drawer ? ' side-nav-drawer' : ''}`}
        aria-label={NAV_LABELS[context.kind]}
        hidden={!open}
        onKeyDown={onKeyDown}
        data-testid="side-nav"
      >
        <a className="side-nav-context" href={items[0]?.href} data-testid="side-nav-context">
          <Avatar name={title} colorKey={context.fullPath || context.kind} size={24} />
          <span className="side-nav-context-name">{title}</span>
        </a>
        <ul className="side-nav-list">
          {items.map((item) => (
            <li key={item.id}>
              <a
                className="side-nav-item"
                href={item.href}
                aria-current={item.id === context.current ? 'page' : undefined}
                data-testid={`side-nav-${item.id}`}
              >
                <Icon name={item.icon} />
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        {context.trial?.state === 'running' ? <TrialWidget trial={context.trial} /> : null}
      </nav>
    </>
  );
}

/** The top bar's button that shows or hides the navigation (docked or as a drawer). */
export function SideNavToggle({
  open,
  onToggle,
  buttonRef,
}: {
  open: boolean;
  onToggle: () => void;
  buttonRef: Ref<HTMLButtonElement>;
}) {
  return (
    <Button
      ref={buttonRef}
      variant="tertiary"
      icon="sidebar"
      iconOnly
      className="side-nav-toggle"
      aria-controls={SIDE_NAV_ID}
      aria-expanded={open}
      aria-label="Navigation sidebar"
      title={open ? 'Hide sidebar' : 'Show sidebar'}
      onClick={onToggle}
      data-testid="side-nav-toggle"
    />
  );
}
