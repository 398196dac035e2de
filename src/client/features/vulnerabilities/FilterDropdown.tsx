import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../ui/index.ts';

export interface FilterOption {
  readonly value: string;
  readonly label: string;
  /** Drawn before the label (a severity's shape). */
  readonly icon?: ReactNode;
  readonly detail?: string | undefined;
}

/** The button's words: the choice, the first choice and how many more, or the filter's "All …". */
export function filterButtonText(
  options: readonly FilterOption[],
  selected: readonly string[],
  allLabel: string,
): string {
  const chosen = options.filter((option) => selected.includes(option.value));
  const [first] = chosen;
  if (!first) return allLabel;
  return chosen.length === 1 ? first.label : `${first.label} +${chosen.length - 1} more`;
}

/**
 * One of the report's filters, as GitLab's: a button naming what is chosen that opens a list of
 * checkboxes, "All …" first (which clears the others). Every change applies at once. Escape closes
 * it back onto its button; so do the button, a click elsewhere, and Tab out of it.
 */
export function FilterDropdown({
  label,
  allLabel,
  options,
  selected,
  onChange,
  testId,
}: {
  /** The filter's name ('Status'), shown above the button. */
  label: string;
  allLabel: string;
  options: readonly FilterOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  const labelId = useId();
  const panelId = useId();
  const { refs, floatingStyles } = useFloating({
    placement: 'bottom-start',
    strategy: 'fixed',
    open,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      size({
        padding: 8,
        apply({ availableWidth, elements }) {
          elements.floating.style.maxWidth = `${Math.max(200, availableWidth)}px`;
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const toggle = (value: string, checked: boolean) =>
    onChange(
      options
        .map((option) => option.value)
        .filter((known) => (known === value ? checked : selected.includes(known))),
    );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside closes the list, and focus leaving it closes it.
    <div
      ref={root}
      className="vuln-filter"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && !root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <span id={labelId} className="vuln-filter-label">
        {label}
      </span>
      <button
        ref={(element) => {
          button.current = element;
          refs.setReference(element);
        }}
        type="button"
        className="btn btn-default vuln-filter-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-labelledby={`${labelId} ${panelId}-value`}
        onClick={() => setOpen(!open)}
        data-testid={testId}
      >
        <span id={`${panelId}-value`} className="vuln-filter-value">
          {filterButtonText(options, selected, allLabel)}
        </span>
        <Icon name="chevronDown" size={12} />
      </button>
      {open ? (
        <div
          ref={refs.setFloating}
          id={panelId}
          className="vuln-filter-panel"
          style={floatingStyles}
          data-testid={`${testId}-panel`}
        >
          <fieldset className="vuln-filter-list">
            <legend className="sr-only">{label}</legend>
            <label className="vuln-filter-option">
              <input
                type="checkbox"
                checked={selected.length === 0}
                // biome-ignore lint/a11y/noAutofocus: the list opens to choose in it.
                autoFocus
                onChange={() => onChange([])}
              />
              <span>{allLabel}</span>
            </label>
            {options.map((option) => (
              <label key={option.value} className="vuln-filter-option">
                <input
                  type="checkbox"
                  checked={selected.includes(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
                {option.icon}
                <span className="vuln-filter-option-text">
                  {option.label}
                  {option.detail ? (
                    <span className="muted vuln-filter-option-detail">{option.detail}</span>
                  ) : null}
                </span>
              </label>
            ))}
          </fieldset>
        </div>
      ) : null}
    </div>
  );
}
