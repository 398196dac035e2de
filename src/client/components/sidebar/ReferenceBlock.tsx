/** The reference block: an issuable's full reference with a copy button ('Copied' for 1 second; spec). */
import { firstErrorMessage, type QueryState } from '../../data/index.ts';
import { Button, Icon, Tooltip } from '../../ui/index.ts';
import { BlockFetchError, CollapsedItem, SidebarBlock } from './SidebarParts.tsx';
import { SIDEBAR_TEXT } from './sidebarTexts.ts';
import { type CopyState, useCopyToClipboard } from './useCopyToClipboard.ts';

const COPY_TOOLTIP: Readonly<Record<CopyState, string>> = {
  idle: SIDEBAR_TEXT.copyReference,
  copied: SIDEBAR_TEXT.copied,
  failed: SIDEBAR_TEXT.copyFailed,
};

/** The issuable's full reference (`group/project#1`, `group&1`), read by the page's data hook. */
export function ReferenceBlock({
  reference,
  collapsed,
}: {
  reference: QueryState<string | null>;
  collapsed: boolean;
}) {
  const clipboard = useCopyToClipboard();
  const text = reference.data ?? null;
  const tooltip = COPY_TOOLTIP[clipboard.state];

  // The confirmation is announced, not only shown.
  const announcement = (
    <span className="sr-only" role="status">
      {clipboard.state === 'idle' ? '' : tooltip}
    </span>
  );
  if (collapsed) {
    return (
      <>
        <CollapsedItem
          block="reference"
          label={SIDEBAR_TEXT.copyReference}
          tooltip={clipboard.state === 'idle' && text ? `${SIDEBAR_TEXT.copyReference}: ${text}` : tooltip}
          icon={<Icon name="copy" />}
          forceTooltip={clipboard.state !== 'idle'}
          disabled={!text}
          onClick={() => (text ? clipboard.copy(text) : undefined)}
        />
        {announcement}
      </>
    );
  }
  return (
    <SidebarBlock block="reference" title={SIDEBAR_TEXT.reference} busy={reference.loading}>
      {reference.error ? (
        <BlockFetchError text={SIDEBAR_TEXT.referenceError} detail={firstErrorMessage(reference.error)} />
      ) : null}
      {text ? (
        <div className="sidebar-reference">
          <span className="sidebar-reference-text" data-testid="sidebar-reference-value">
            {text}
          </span>
          <Tooltip text={tooltip} placement="left" forceOpen={clipboard.state !== 'idle'}>
            {(tooltipId) => (
              <Button
                variant="tertiary"
                iconOnly
                icon={clipboard.state === 'copied' ? 'check' : 'copy'}
                aria-label={SIDEBAR_TEXT.copyReference}
                aria-describedby={clipboard.state === 'idle' ? undefined : tooltipId}
                onClick={() => clipboard.copy(text)}
                onBlur={clipboard.state === 'failed' ? clipboard.reset : undefined}
                data-testid="sidebar-reference-copy"
              />
            )}
          </Tooltip>
        </div>
      ) : null}
      {announcement}
    </SidebarBlock>
  );
}
