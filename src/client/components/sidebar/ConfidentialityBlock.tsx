/**
 * Block 6: confidentiality (spec, "Confidentiality toggle"). Editing opens GitLab's
 * confirmation panel; its button reads 'Turn on' or 'Turn off', and 'Applying' while saving. A
 * refusal shows the server's first error in a dismissible danger alert.
 */
import type { QueryState, SidebarWriteResult } from '../../data/index.ts';
import { Icon } from '../../ui/index.ts';
import { ConfirmToggleBlock } from './ConfirmToggleBlock.tsx';
import { CONFIDENTIALITY_TEXT, SIDEBAR_TEXT, type SidebarIssuable } from './sidebarTexts.ts';

/** An issuable's confidentiality as the block reads and saves it (the page's data hook gives it). */
export type ConfidentialityState = QueryState<{
  readonly confidential: boolean;
  /** A confidential parent accepts only confidential children (epics). */
  readonly parentConfidential?: boolean;
} | null> & { save(confidential: boolean): Promise<SidebarWriteResult> };

const ICONS = {
  on: <Icon name="eyeSlash" className="sidebar-confidential-icon" />,
  off: <Icon name="eye" />,
};

export function ConfidentialityBlock({
  issuable,
  state,
  canUpdate,
  collapsed,
  onExpand,
}: {
  /** Merge requests are never confidential. */
  issuable: Exclude<SidebarIssuable, 'merge request'>;
  state: ConfidentialityState;
  canUpdate: boolean;
  collapsed: boolean;
  /** Expands a collapsed sidebar to this block (a sidebar that collapses gives it). */
  onExpand?: ((block: string) => void) | undefined;
}) {
  const texts = CONFIDENTIALITY_TEXT[issuable];
  const view = state.data;
  return (
    <ConfirmToggleBlock
      block="confidentiality"
      texts={{
        title: SIDEBAR_TEXT.confidentiality,
        on: texts.confidential,
        off: SIDEBAR_TEXT.notConfidential,
        turnOnWarning: texts.turnOnWarning,
        turnOffWarning: texts.turnOffWarning,
        turnOn: SIDEBAR_TEXT.turnOn,
        turnOff: SIDEBAR_TEXT.turnOff,
        error: texts.error,
      }}
      icons={ICONS}
      state={state}
      value={view?.confidential}
      // A confidential parent accepts only confidential children (spec).
      canUpdate={canUpdate && view?.parentConfidential !== true}
      collapsed={collapsed}
      onExpand={onExpand}
    />
  );
}
