import { autoUpdate, flip, offset, type Placement, shift, useFloating } from '@floating-ui/react';
import { type ReactNode, useId, useState } from 'react';

/**
 * A short text next to a control, shown while the pointer is over it or it has keyboard focus,
 * hidden by Escape (WCAG 1.4.13) and kept on screen by floating-ui. `children` receives the
 * tooltip's id for the control's `aria-describedby` when the text adds to the control's name.
 * `forceOpen` shows it regardless (a 'Copied' confirmation).
 */
export function Tooltip({
  text,
  placement = 'top',
  forceOpen = false,
  children,
}: {
  text: string;
  placement?: Placement;
  forceOpen?: boolean;
  children: (tooltipId: string) => ReactNode;
}) {
  const id = useId();
  const [pointerOver, setPointerOver] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = forceOpen || ((pointerOver || focused) && !dismissed);
  const { refs, floatingStyles } = useFloating({
    placement,
    strategy: 'fixed',
    open,
    middleware: [offset(6), flip({ padding: 4 }), shift({ padding: 4 })],
    whileElementsMounted: autoUpdate,
  });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only watches hover and focus of the control inside it.
    <span
      ref={refs.setReference}
      className="tooltip-anchor"
      onPointerEnter={() => {
        setPointerOver(true);
        setDismissed(false);
      }}
      onPointerLeave={() => setPointerOver(false)}
      onFocus={() => {
        setFocused(true);
        setDismissed(false);
      }}
      onBlur={() => setFocused(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open && !forceOpen) setDismissed(true);
      }}
    >
      {children(id)}
      <span
        ref={refs.setFloating}
        id={id}
        role="tooltip"
        className="tooltip"
        style={floatingStyles}
        hidden={!open}
      >
        {text}
      </span>
    </span>
  );
}
