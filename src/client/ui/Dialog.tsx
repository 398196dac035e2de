import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './Button.tsx';
import { trapTab } from './focus.ts';

/**
 * A modal dialog on the native `<dialog>`: the rest of the page is inert while it is open, Esc
 * closes it, Tab stays inside, and focus returns to where it was when it closes.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  testId,
  labelledBy,
  className,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  /**
   * The id of a heading inside `children` that names the dialog: then the dialog draws no header of
   * its own (its content carries the title and a close button); `title` names it until that heading shows.
   */
  labelledBy?: string | undefined;
  className?: string | undefined;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const onKeyDown = (event: KeyboardEvent) => {
      trapTab(dialog, event);
    };
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('keydown', onKeyDown);
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a backdrop click is a mouse shortcut; keyboards close with Esc
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={labelledBy ?? titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) onClose();
      }}
    >
      {open && labelledBy !== undefined ? <div className="dialog-body">{children}</div> : null}
      {open && labelledBy === undefined ? (
        <div className="dialog-body">
          <header className="dialog-header">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            <Button variant="tertiary" icon="close" iconOnly aria-label="Close" onClick={onClose} />
          </header>
          <div className="dialog-content">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
