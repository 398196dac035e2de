import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Icon, Loading } from '../../ui/index.ts';

export interface ChecklistItem {
  readonly id: string;
  readonly label: string;
  readonly detail?: string | undefined;
  /** A label's colour swatch. */
  readonly color?: string | undefined;
}

/**
 * A button that opens a searchable list of checkboxes under it (GitLab's multi-select dropdowns):
 * the projects of the filter row, the labels of the tasks by type chart. Escape, the button again or
 * a click elsewhere closes it; focus returns to the button.
 */
export function ChecklistPopover({
  buttonText,
  label,
  searchLabel,
  search,
  onSearch,
  items,
  selected,
  onToggle,
  loading,
  emptyText,
  notice,
  footer,
  testId,
  align = 'start',
}: {
  buttonText: string;
  /** The list's accessible name. */
  label: string;
  searchLabel: string;
  search: string;
  onSearch: (search: string) => void;
  items: readonly ChecklistItem[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  loading: boolean;
  emptyText: string;
  /** A line over the list (a limit reached). */
  notice?: string | null;
  footer?: ReactNode;
  testId: string;
  align?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const searchId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside closes the list.
    <div
      ref={root}
      className="vsa-popover-root"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-default vsa-popover-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid={testId}
      >
        <span className="vsa-popover-button-text">{buttonText}</span>
        <Icon name="chevronDown" />
      </button>
      {open ? (
        <div id={panelId} className={`vsa-popover vsa-popover-${align}`} data-testid={`${testId}-panel`}>
          <label htmlFor={searchId} className="sr-only">
            {searchLabel}
          </label>
          <input
            id={searchId}
            type="search"
            className="input vsa-popover-search"
            placeholder={searchLabel}
            value={search}
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: the list opens for searching in it.
            autoFocus
            onChange={(event) => onSearch(event.target.value)}
          />
          {notice ? <p className="vsa-popover-notice muted">{notice}</p> : null}
          <fieldset className="vsa-popover-list" aria-busy={loading}>
            <legend className="sr-only">{label}</legend>
            {items.map((item) => (
              <label key={item.id} className="vsa-popover-item">
                <input
                  type="checkbox"
                  checked={selected.has(item.id)}
                  onChange={(event) => onToggle(item.id, event.target.checked)}
                />
                {item.color ? (
                  <span
                    className="vsa-label-swatch"
                    style={{ '--swatch': item.color } as CSSProperties}
                    aria-hidden="true"
                  />
                ) : null}
                <span className="vsa-popover-item-text">
                  {item.label}
                  {item.detail ? <span className="muted vsa-popover-item-detail">{item.detail}</span> : null}
                </span>
              </label>
            ))}
            {loading && items.length === 0 ? <Loading /> : null}
            {!loading && items.length === 0 ? <p className="muted vsa-popover-empty">{emptyText}</p> : null}
          </fieldset>
          {footer}
        </div>
      ) : null}
    </div>
  );
}
