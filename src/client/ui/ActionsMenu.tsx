import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './Button.tsx';

export interface MenuAction {
  readonly label: string;
  readonly testId: string;
  readonly run: () => void;
}

/**
 * A "More actions" menu (WAI-ARIA menu button): the toggle opens it with focus on the first item,
 * ↑ ↓ move, Esc closes it and gives focus back to the toggle, a click elsewhere closes it.
 */
export function ActionsMenu({
  label,
  actions,
  testId,
}: {
  /** The toggle's accessible name and the menu's. */
  label: string;
  actions: readonly MenuAction[];
  /** The toggle's test id. */
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    items.current[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const move = (from: number, by: number) => {
    const count = actions.length;
    items.current[(from + by + count) % count]?.focus();
  };

  return (
    <div className="actions-menu" ref={rootRef}>
      <Button
        ref={toggleRef}
        variant="tertiary"
        iconOnly
        icon="ellipsisV"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((shown) => !shown)}
        data-testid={testId}
      />
      {open ? (
        <div id={menuId} role="menu" aria-label={label} className="dropdown-menu actions-menu-list">
          {actions.map((action, index) => (
            <button
              key={action.testId}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitem"
              className="dropdown-item"
              onClick={() => {
                setOpen(false);
                action.run();
              }}
              onKeyDown={(event) => {
                if (event.key === 'Escape') close();
                else if (event.key === 'ArrowDown') move(index, 1);
                else if (event.key === 'ArrowUp') move(index, -1);
                else if (event.key === 'Tab') setOpen(false);
                else return;
                if (event.key !== 'Tab') event.preventDefault();
              }}
              data-testid={action.testId}
            >
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
