import { autoUpdate, flip, offset, type Placement, shift, useFloating } from '@floating-ui/react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Icon, type IconName } from './Icon.tsx';

export interface MenuItem {
  readonly key: string;
  readonly label: string;
  readonly onSelect: () => void;
  readonly testId?: string | undefined;
}

/** A labelled group of a menu's items (WAI-ARIA `group`), set off from the one before. */
export interface MenuSection {
  readonly key: string;
  readonly label: string;
  readonly items: readonly MenuItem[];
}

/**
 * The index a menu key moves to among `count` items: the arrows move and wrap (from none, -1, to
 * the first or the last), Home and End jump; null for other keys.
 */
export function menuIndexAfter(index: number, key: string, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown') return index < 0 ? 0 : (index + 1) % count;
  if (key === 'ArrowUp') return index < 0 ? count - 1 : (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A WAI-ARIA menu button with a flat list of actions: Enter, Space or the arrows open it on an item,
 * the arrows move, Escape closes it back onto the button, Tab or a click outside closes it.
 */
export function MenuButton({
  label,
  text,
  icon,
  items,
  sections,
  placement = 'bottom-end',
  className,
  testId,
  openState,
}: {
  /** The button's accessible name (also its title when it shows only an icon). */
  label: string;
  /** Visible text; without it the button shows only `icon`. */
  text?: ReactNode;
  icon?: IconName;
  /** The actions, in one list; or `sections`, in labelled groups. */
  items?: readonly MenuItem[];
  sections?: readonly MenuSection[];
  placement?: Placement;
  className?: string;
  testId?: string;
  /** Whether it is open, when the page keeps that (one popover open at a time); else its own. */
  openState?: readonly [open: boolean, setOpen: (open: boolean) => void];
}) {
  const ownOpenState = useState(false);
  const [open, setOpen] = openState ?? ownOpenState;
  const groups: readonly MenuSection[] = sections ?? [{ key: '', label: '', items: items ?? [] }];
  const count = groups.reduce((total, group) => total + group.items.length, 0);
  const [focusIndex, setFocusIndex] = useState(0);
  const rootRef = useRef<HTMLSpanElement>(null);
  const toggleRef = useRef<HTMLButtonElement | null>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const toggleId = useId();
  const { refs, floatingStyles } = useFloating({
    placement,
    strategy: 'fixed',
    open,
    middleware: [offset(4), flip({ padding: 4 }), shift({ padding: 4 })],
    whileElementsMounted: autoUpdate,
  });

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, setOpen]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };
  const onToggleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : count - 1);
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = menuIndexAfter(focusIndex, event.key, count);
    if (next !== null) {
      event.preventDefault();
      setFocusIndex(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  let next = 0;
  const renderItem = (item: MenuItem) => {
    const index = next++;
    return (
      <button
        key={item.key}
        ref={(element) => {
          itemRefs.current[index] = element;
        }}
        type="button"
        role="menuitem"
        tabIndex={index === focusIndex ? 0 : -1}
        className="menu-item"
        data-testid={item.testId}
        onClick={() => {
          close(true);
          item.onSelect();
        }}
      >
        {item.label}
      </button>
    );
  };

  return (
    <span className={['menu-button', className ?? ''].filter(Boolean).join(' ')} ref={rootRef}>
      <button
        ref={(element) => {
          toggleRef.current = element;
          refs.setReference(element);
        }}
        id={toggleId}
        type="button"
        className={`btn ${text ? 'btn-default' : 'btn-tertiary btn-icon'}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={text ? undefined : label}
        data-testid={testId}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onToggleKeyDown}
      >
        {icon ? <Icon name={icon} /> : null}
        {text}
        {text ? <Icon name="chevronDown" size={12} /> : null}
      </button>
      {open ? (
        <div
          ref={refs.setFloating}
          id={menuId}
          role="menu"
          aria-labelledby={toggleId}
          className="menu-popup"
          style={floatingStyles}
          onKeyDown={onMenuKeyDown}
        >
          {groups.map((group) =>
            group.label ? (
              // biome-ignore lint/a11y/useSemanticElements: a menu groups its items with role="group"; no native element fits.
              <div
                key={group.key}
                role="group"
                aria-labelledby={`${menuId}-${group.key}`}
                className="menu-group"
              >
                <div id={`${menuId}-${group.key}`} role="presentation" className="menu-section">
                  {group.label}
                </div>
                {group.items.map(renderItem)}
              </div>
            ) : (
              group.items.map(renderItem)
            ),
          )}
        </div>
      ) : null}
    </span>
  );
}
