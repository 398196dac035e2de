/**
 * AddItemDropdown — the tree card's Add menu button (spec: "Add dropdown, shown with adminEpic"): an
 * Issue section ('Add a new issue', 'Add an existing issue') and, with sub-epics, an Epic section
 * ('Add a new epic', 'Add an existing epic'). A WAI-ARIA menu button: Enter, Space or the arrows
 * open it, the arrows, Home and End move (wrapping), Escape closes it and returns focus to the
 * button, Tab or a click elsewhere closes it. It calls no endpoint: `onChoose` opens a form.
 */
import { autoUpdate, flip, offset, shift, useFloating } from '@floating-ui/react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { usePopover } from '../../../state/index.ts';
import { Icon } from '../../../ui/index.ts';
import { TREE_TEXT } from '../treeTexts.ts';
import { type AddItemAction, addItemSections, menuIndexAfterKey } from './addItemMenu.ts';

export interface AddItemDropdownProps {
  /** The parent epic's adminEpic permission; without it nothing renders. */
  readonly adminEpic: boolean;
  readonly allowSubEpics: boolean;
  readonly onChoose: (action: AddItemAction) => void;
}

export function AddItemDropdown({ adminEpic, allowSubEpics, onChoose }: AddItemDropdownProps) {
  const [open, setOpen] = usePopover('tree-add-item');
  const [focusIndex, setFocusIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const toggleId = useId();
  const sections = addItemSections(allowSubEpics);
  const count = sections.reduce((total, section) => total + section.items.length, 0);
  const { refs, floatingStyles } = useFloating({
    placement: 'bottom-end',
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

  if (!adminEpic) return null;

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
    const next = menuIndexAfterKey(focusIndex, event.key, count);
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

  let index = 0;
  return (
    <div className="tf-add-dropdown" ref={rootRef}>
      <button
        ref={(element) => {
          toggleRef.current = element;
          refs.setReference(element);
        }}
        id={toggleId}
        type="button"
        className="btn btn-default tf-add-toggle"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={TREE_TEXT.addMenu}
        data-testid="tree-add-dropdown"
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onToggleKeyDown}
      >
        {TREE_TEXT.add}
        <Icon name="chevronDown" size={12} />
      </button>
      {open ? (
        <div
          ref={refs.setFloating}
          id={menuId}
          role="menu"
          aria-labelledby={toggleId}
          className="tf-menu"
          style={floatingStyles}
          onKeyDown={onMenuKeyDown}
        >
          {sections.map((section) => (
            // biome-ignore lint/a11y/useSemanticElements: a menu groups its items with role="group"; no native element fits.
            <div
              key={section.key}
              role="group"
              aria-labelledby={`${menuId}-${section.key}`}
              className="tf-menu-group"
            >
              <div id={`${menuId}-${section.key}`} role="presentation" className="tf-menu-section">
                {section.label}
              </div>
              {section.items.map((item) => {
                const at = index++;
                return (
                  <button
                    key={item.action}
                    ref={(element) => {
                      itemRefs.current[at] = element;
                    }}
                    type="button"
                    role="menuitem"
                    tabIndex={at === focusIndex ? 0 : -1}
                    className="tf-menu-item"
                    data-testid={`tree-add-${item.action}`}
                    onClick={() => {
                      close(false);
                      onChoose(item.action);
                    }}
                  >
                    {item.label}
                  </button>
                );
              })}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
