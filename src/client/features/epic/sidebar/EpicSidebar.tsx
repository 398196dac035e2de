/**
 * The epic page's right sidebar (spec): its ten blocks in GitLab's order, each reading and
 * writing its own data. Collapsed, it shows one icon per block; an icon expands the sidebar and
 * moves focus to its block. Below the lg breakpoint it starts collapsed and opens over the page.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { PageMountOf } from '../../../../core/pages/pageMount.ts';
import {
  blockHeadingId,
  ConfidentialityBlock,
  LabelsBlock,
  ParticipantsBlock,
  ReferenceBlock,
  SIDEBAR_TEXT,
  SubscriptionBlock,
  TodoBlock,
} from '../../../components/sidebar/index.ts';
import {
  useEpicConfidential,
  useEpicLabels,
  useEpicParticipants,
  useEpicReference,
  useEpicSubscription,
  useEpicTodo,
  useQueriesSettled,
} from '../../../data/index.ts';
import { isSmallScreen, useCollapseBelowLargeScreens, useEpicSidebarCollapse } from '../../../state/index.ts';
import { Button } from '../../../ui/index.ts';
import { AncestorsBlock } from './AncestorsBlock.tsx';
import { ColorBlock } from './ColorBlock.tsx';
import { DateBlock } from './DateBlock.tsx';

/** What the sidebar needs from the epic page's server data. */
export type EpicSidebarProps = Pick<
  PageMountOf<'epic'>,
  | 'fullPath'
  | 'iid'
  | 'signedIn'
  | 'canUpdate'
  | 'allowSubEpics'
  | 'epicColorHighlight'
  | 'emailsDisabled'
  | 'listEpicsPath'
  | 'startDateSourcingMilestoneTitle'
  | 'dueDateSourcingMilestoneTitle'
>;

/** The sidebar's element id, for the header's small-screen toggle (aria-controls). */
export const EPIC_SIDEBAR_ID = 'epic-sidebar';
export const EPIC_SIDEBAR_HEADER_TOGGLE_ID = 'epic-sidebar-header-toggle';

export function EpicSidebar(props: EpicSidebarProps) {
  const { fullPath, iid, signedIn, canUpdate } = props;
  const scope = useMemo(() => ({ fullPath, iid }), [fullPath, iid]);
  const { collapsed, setCollapsed } = useEpicSidebarCollapse();
  useCollapseBelowLargeScreens();
  const blocksId = useId();
  const [focusBlock, setFocusBlock] = useState<string | null>(null);
  useEffect(() => {
    if (collapsed || focusBlock === null) return;
    document.getElementById(blockHeadingId(focusBlock))?.focus();
    setFocusBlock(null);
  }, [collapsed, focusBlock]);
  const expandTo = useCallback(
    (block: string) => {
      setFocusBlock(block);
      setCollapsed(false);
    },
    [setCollapsed],
  );
  const blockProps = { scope, collapsed, onExpand: expandTo };
  const confidentiality = useEpicConfidential(scope);
  const reference = useEpicReference(scope);
  const labels = useEpicLabels(scope);
  const participants = useEpicParticipants(scope);
  const subscription = useEpicSubscription(scope);
  const todo = useEpicTodo(scope);
  // The labels key (l) presses the block's Edit button, shown once the labels arrived.
  useQueriesSettled([confidentiality, reference, labels, participants, subscription, todo]);

  return (
    <aside
      id={EPIC_SIDEBAR_ID}
      className={collapsed ? 'epic-sidebar is-collapsed' : 'epic-sidebar'}
      aria-label={SIDEBAR_TEXT.sidebar}
      data-testid="epic-sidebar"
      data-collapsed={collapsed}
      onKeyDown={(event) => {
        // The blocks' own editors stop their Escape; one that reaches here closes the overlay, and
        // focus goes back to the header's toggle that opened it.
        if (event.key !== 'Escape' || collapsed || !isSmallScreen()) return;
        setCollapsed(true);
        document.getElementById(EPIC_SIDEBAR_HEADER_TOGGLE_ID)?.focus();
      }}
    >
      <div className="epic-sidebar-top">
        {signedIn && !collapsed ? <TodoBlock issuable="epic" todo={todo} collapsed={false} /> : null}
        <Button
          variant="tertiary"
          iconOnly
          icon={collapsed ? 'chevronLeft' : 'chevronRight'}
          className="epic-sidebar-toggle"
          aria-label={collapsed ? SIDEBAR_TEXT.expand : SIDEBAR_TEXT.collapse}
          aria-controls={blocksId}
          onClick={() => setCollapsed(!collapsed)}
          data-testid="epic-sidebar-toggle"
        />
      </div>
      <div id={blocksId} className="epic-sidebar-blocks">
        {signedIn && collapsed ? <TodoBlock issuable="epic" todo={todo} collapsed /> : null}
        <DateBlock
          kind="start"
          canUpdate={canUpdate}
          milestoneTitle={props.startDateSourcingMilestoneTitle}
          {...blockProps}
        />
        <DateBlock
          kind="due"
          canUpdate={canUpdate}
          milestoneTitle={props.dueDateSourcingMilestoneTitle}
          {...blockProps}
        />
        <LabelsBlock
          labels={labels}
          labelsGroupPath={fullPath}
          canUpdate={canUpdate}
          listPath={props.listEpicsPath}
          filterTitle={SIDEBAR_TEXT.filterByLabel}
          collapsed={collapsed}
          onExpand={expandTo}
        />
        {props.epicColorHighlight ? <ColorBlock canUpdate={canUpdate} {...blockProps} /> : null}
        <ConfidentialityBlock
          issuable="epic"
          state={confidentiality}
          canUpdate={canUpdate}
          collapsed={collapsed}
          onExpand={expandTo}
        />
        {props.allowSubEpics ? <AncestorsBlock {...blockProps} /> : null}
        <ParticipantsBlock
          issuable="epic"
          participants={participants}
          collapsed={collapsed}
          onExpand={expandTo}
        />
        <SubscriptionBlock
          issuable="epic"
          subscription={subscription}
          signedIn={signedIn}
          emailsDisabledByPage={props.emailsDisabled}
          collapsed={collapsed}
        />
        <ReferenceBlock reference={reference} collapsed={collapsed} />
      </div>
    </aside>
  );
}
