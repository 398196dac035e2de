/**
 * Block 6: confidentiality (spec, "Confidentiality toggle"). Editing opens GitLab's
 * confirmation panel; its button reads 'Turn on' or 'Turn off', and 'Applying' while saving. A
 * refusal shows the server's first error in a dismissible danger alert.
 */
import { useState, useTransition } from 'react';
import { firstErrorMessage, type QueryState, type SidebarWriteResult } from '../../data/index.ts';
import { Button, Icon } from '../../ui/index.ts';
import { type BlockError, firstErrorOr } from './blockError.ts';
import { BlockAlert, BlockFetchError, CollapsedItem, SidebarBlock } from './SidebarParts.tsx';
import { CONFIDENTIALITY_TEXT, SIDEBAR_TEXT, type SidebarIssuable } from './sidebarTexts.ts';

/** An issuable's confidentiality as the block reads and saves it (the page's data hook gives it). */
export type ConfidentialityState = QueryState<{
  readonly confidential: boolean;
  /** A confidential parent accepts only confidential children (epics). */
  readonly parentConfidential?: boolean;
} | null> & { save(confidential: boolean): Promise<SidebarWriteResult> };

export function ConfidentialityBlock({
  issuable,
  state,
  canUpdate,
  collapsed,
  onExpand,
}: {
  issuable: SidebarIssuable;
  state: ConfidentialityState;
  canUpdate: boolean;
  collapsed: boolean;
  /** Expands a collapsed sidebar to this block (a sidebar that collapses gives it). */
  onExpand?: ((block: string) => void) | undefined;
}) {
  const texts = CONFIDENTIALITY_TEXT[issuable];
  const [editing, setEditing] = useState(false);
  const [applying, startApplying] = useTransition();
  const [error, setError] = useState<BlockError | null>(null);
  const view = state.data;
  const confidential = view?.confidential === true;
  const text = confidential ? texts.confidential : SIDEBAR_TEXT.notConfidential;
  // A confidential parent accepts only confidential children (spec).
  const editable = canUpdate && view !== null && view !== undefined && view.parentConfidential !== true;

  const apply = () => {
    setError(null);
    startApplying(async () => {
      const result = await state.save(!confidential);
      if (result.ok) setEditing(false);
      else setError(firstErrorOr(texts.error, result.error));
    });
  };

  if (collapsed) {
    return (
      <CollapsedItem
        block="confidentiality"
        label={view ? text : SIDEBAR_TEXT.confidentiality}
        icon={<Icon name={confidential ? 'eyeSlash' : 'eye'} />}
        onClick={() => onExpand?.('confidentiality')}
      />
    );
  }
  return (
    <SidebarBlock
      block="confidentiality"
      title={SIDEBAR_TEXT.confidentiality}
      busy={state.loading}
      editing={editing}
      onEdit={editable ? () => setEditing(!editing) : undefined}
    >
      {state.error ? <BlockFetchError text={texts.error} detail={firstErrorMessage(state.error)} /> : null}
      {editing ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel closes it.
        <div
          className="sidebar-confirm"
          data-testid="confidentiality-panel"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !applying) {
              event.stopPropagation();
              setEditing(false);
            }
          }}
        >
          <p>{confidential ? texts.turnOffWarning : texts.turnOnWarning}</p>
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
              data-testid="confidentiality-apply"
            >
              {applying ? SIDEBAR_TEXT.applying : confidential ? SIDEBAR_TEXT.turnOff : SIDEBAR_TEXT.turnOn}
            </Button>
          </div>
        </div>
      ) : null}
      {view ? (
        <p className="sidebar-value" data-testid="sidebar-confidentiality-value">
          <Icon
            name={confidential ? 'eyeSlash' : 'eye'}
            className={confidential ? 'sidebar-confidential-icon' : ''}
          />
          <span>{text}</span>
        </p>
      ) : null}
      {error ? <BlockAlert error={error} onDismiss={() => setError(null)} /> : null}
    </SidebarBlock>
  );
}
