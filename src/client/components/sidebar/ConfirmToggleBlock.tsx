/**
 * A sidebar block for one on/off setting that asks before it changes (GitLab's confidentiality and
 * lock panels): Edit opens a panel with the warning for the change and Cancel / the apply button,
 * which reads 'Applying' while it saves. A refusal shows the server's first error in a dismissible
 * danger alert; Escape closes the panel.
 */
import { type ReactNode, useState, useTransition } from 'react';
import { firstErrorMessage, type QueryState, type SidebarWriteResult } from '../../data/index.ts';
import { Button } from '../../ui/index.ts';
import { type BlockError, firstErrorOr } from './blockError.ts';
import { BlockAlert, BlockFetchError, CollapsedItem, SidebarBlock } from './SidebarParts.tsx';
import { SIDEBAR_TEXT } from './sidebarTexts.ts';

export interface ConfirmToggleTexts {
  readonly title: string;
  /** The value shown when the setting is on, and when it is off. */
  readonly on: string;
  readonly off: string;
  /** The panel's question before turning it on, and before turning it off. */
  readonly turnOnWarning: ReactNode;
  readonly turnOffWarning: ReactNode;
  /** The apply button's label to turn it on, and to turn it off. */
  readonly turnOn: string;
  readonly turnOff: string;
  readonly error: string;
}

export function ConfirmToggleBlock({
  block,
  texts,
  icons,
  state,
  value,
  canUpdate,
  collapsed,
  onExpand,
}: {
  /** The block's name: its test ids (`sidebar-${block}-value`, `${block}-panel`, `${block}-apply`). */
  block: string;
  texts: ConfirmToggleTexts;
  /** The value's icon when on and when off. */
  icons: { readonly on: ReactNode; readonly off: ReactNode };
  state: QueryState<unknown> & { save(on: boolean): Promise<SidebarWriteResult> };
  /** The setting as read; undefined while it loads or when it could not be read. */
  value: boolean | undefined;
  canUpdate: boolean;
  collapsed: boolean;
  onExpand?: ((block: string) => void) | undefined;
}) {
  const [editing, setEditing] = useState(false);
  const [applying, startApplying] = useTransition();
  const [error, setError] = useState<BlockError | null>(null);
  const on = value === true;
  const text = on ? texts.on : texts.off;

  const apply = () => {
    setError(null);
    startApplying(async () => {
      const result = await state.save(!on);
      if (result.ok) setEditing(false);
      else setError(firstErrorOr(texts.error, result.error));
    });
  };

  if (collapsed) {
    return (
      <CollapsedItem
        block={block}
        label={value === undefined ? texts.title : text}
        icon={on ? icons.on : icons.off}
        onClick={() => onExpand?.(block)}
      />
    );
  }
  return (
    <SidebarBlock
      block={block}
      title={texts.title}
      busy={state.loading}
      editing={editing}
      onEdit={canUpdate && value !== undefined ? () => setEditing(!editing) : undefined}
    >
      {state.error ? <BlockFetchError text={texts.error} detail={firstErrorMessage(state.error)} /> : null}
      {editing ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel closes it.
        <div
          className="sidebar-confirm"
          data-testid={`${block}-panel`}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !applying) {
              event.stopPropagation();
              setEditing(false);
            }
          }}
        >
          <p>{on ? texts.turnOffWarning : texts.turnOnWarning}</p>
          <div className="sidebar-form-actions">
            <Button onClick={applying ? undefined : () => setEditing(false)} aria-disabled={applying}>
              {SIDEBAR_TEXT.cancel}
            </Button>
            <Button
              variant="confirm"
              // aria-disabled rather than disabled: focus stays on the button while it applies.
              onClick={applying ? undefined : apply}
              aria-disabled={applying}
              aria-busy={applying}
              autoFocus
              data-testid={`${block}-apply`}
            >
              {applying ? SIDEBAR_TEXT.applying : on ? texts.turnOff : texts.turnOn}
            </Button>
          </div>
        </div>
      ) : null}
      {value !== undefined ? (
        <p className="sidebar-value" data-testid={`sidebar-${block}-value`}>
          {on ? icons.on : icons.off}
          <span>{text}</span>
        </p>
      ) : null}
      {error ? <BlockAlert error={error} onDismiss={() => setError(null)} /> : null}
    </SidebarBlock>
  );
}
