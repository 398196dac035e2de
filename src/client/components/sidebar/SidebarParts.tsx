/** The pieces every sidebar block is built from: its frame, its collapsed icon and its error alert. */
import { type ReactNode, useEffect, useRef } from 'react';
import { Alert, Button, Tooltip } from '../../ui/index.ts';
import type { BlockError } from './blockError.ts';
import { SIDEBAR_TEXT } from './sidebarTexts.ts';

/** The id of a block's heading: the collapsed icon focuses it after expanding the sidebar. */
export const blockHeadingId = (block: string) => `epic-sidebar-${block}-title`;

/**
 * A titled block. With `onEdit`, an Edit button (named after the block) opens and closes the
 * block's editor; `busy` marks the block while its data loads (`aria-busy`, read by tests too).
 */
export function SidebarBlock({
  block,
  title,
  busy,
  editing = false,
  onEdit,
  action,
  children,
}: {
  block: string;
  title: ReactNode;
  busy: boolean;
  editing?: boolean;
  onEdit?: (() => void) | undefined;
  /** A control in the block's title row instead of an Edit button (the notifications switch). */
  action?: ReactNode;
  children?: ReactNode;
}) {
  const headingId = blockHeadingId(block);
  const sectionRef = useRef<HTMLElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    // Closing the editor removes the focused control: focus goes back to the Edit button.
    const active = document.activeElement;
    const focusLost = !active || active === document.body || sectionRef.current?.contains(active);
    if (wasEditing.current && !editing && focusLost) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return (
    <section
      ref={sectionRef}
      className="sidebar-block"
      aria-labelledby={headingId}
      aria-busy={busy}
      data-testid={`sidebar-${block}`}
    >
      <div className="sidebar-block-head">
        <h2 id={headingId} className="sidebar-block-title" tabIndex={-1}>
          {title}
        </h2>
        {onEdit ? (
          <Button
            ref={editRef}
            variant="tertiary"
            className="sidebar-edit"
            aria-expanded={editing}
            aria-describedby={headingId}
            onClick={onEdit}
            data-testid={`sidebar-${block}-edit`}
            // The issuable keys (l, a, m) press it (app/commands.ts).
            data-shortcut-target={`sidebar-${block}`}
          >
            {SIDEBAR_TEXT.edit}
          </Button>
        ) : null}
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * A block in the collapsed sidebar: an icon button whose name and tooltip tell the block's value.
 * By default it expands the sidebar and moves focus to the block.
 */
export function CollapsedItem({
  block,
  label,
  icon,
  onClick,
  pressed,
  disabled = false,
  tooltip = label,
  forceTooltip = false,
}: {
  block: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  pressed?: boolean | undefined;
  disabled?: boolean;
  tooltip?: string;
  /** Shows the tooltip without hover or focus (a 'Copied' confirmation). */
  forceTooltip?: boolean;
}) {
  return (
    <div className="sidebar-collapsed-item" data-testid={`sidebar-${block}-collapsed`}>
      <Tooltip text={tooltip} placement="left" forceOpen={forceTooltip}>
        {(tooltipId) => (
          <Button
            variant="tertiary"
            iconOnly
            aria-label={label}
            aria-describedby={tooltip === label ? undefined : tooltipId}
            aria-pressed={pressed}
            aria-disabled={disabled || undefined}
            onClick={disabled ? undefined : onClick}
          >
            {icon}
          </Button>
        )}
      </Tooltip>
    </div>
  );
}

/** A block's failure, announced at once; the person dismisses it. */
export function BlockAlert({ error, onDismiss }: { error: BlockError; onDismiss: () => void }) {
  return (
    <div className="sidebar-alert">
      <Alert variant="danger" testId="sidebar-alert">
        <div className="sidebar-alert-row">
          <div>
            <p>{error.message}</p>
            {error.detail ? <p className="sidebar-alert-detail">{error.detail}</p> : null}
          </div>
          <Button
            variant="tertiary"
            icon="close"
            iconOnly
            aria-label={SIDEBAR_TEXT.dismiss}
            onClick={onDismiss}
          />
        </div>
      </Alert>
    </div>
  );
}

/** A fetch failure inside a block: the block's own text (and the server's first error), announced once. */
export function BlockFetchError({ text, detail = null }: { text: string; detail?: string | null }) {
  return (
    <div className="sidebar-fetch-error" role="alert" data-testid="sidebar-fetch-error">
      <p>{text}</p>
      {detail && detail !== text ? <p className="sidebar-alert-detail">{detail}</p> : null}
    </div>
  );
}
