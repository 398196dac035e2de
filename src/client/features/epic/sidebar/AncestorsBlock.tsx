/** Block 7: the epic's ancestors, each a link with its open or closed icon, or 'None' (spec). */

import {
  BlockFetchError,
  CollapsedItem,
  SIDEBAR_TEXT,
  SidebarBlock,
} from '../../../components/sidebar/index.ts';
import { type EpicSidebarScope, firstErrorMessage, useEpicAncestors } from '../../../data/index.ts';
import { Icon } from '../../../ui/index.ts';

export function AncestorsBlock({
  scope,
  collapsed,
  onExpand,
}: {
  scope: EpicSidebarScope;
  collapsed: boolean;
  onExpand: (block: string) => void;
}) {
  const ancestors = useEpicAncestors(scope);
  const list = ancestors.data ?? [];
  if (collapsed) {
    const titles = list.map((ancestor) => ancestor.title).join(', ');
    return (
      <CollapsedItem
        block="ancestors"
        label={`${SIDEBAR_TEXT.ancestors}: ${titles || SIDEBAR_TEXT.none}`}
        icon={<Icon name="epic" />}
        onClick={() => onExpand('ancestors')}
      />
    );
  }
  return (
    <SidebarBlock block="ancestors" title={SIDEBAR_TEXT.ancestors} busy={ancestors.loading}>
      {ancestors.error ? (
        <BlockFetchError text={SIDEBAR_TEXT.ancestorsError} detail={firstErrorMessage(ancestors.error)} />
      ) : null}
      {ancestors.data && list.length === 0 ? <p className="muted">{SIDEBAR_TEXT.none}</p> : null}
      {list.length > 0 ? (
        <ul className="sidebar-ancestors">
          {list.map((ancestor) => (
            <li key={ancestor.id} className="sidebar-ancestor">
              <span
                className={`sidebar-state sidebar-state-${ancestor.state}`}
                title={stateText(ancestor.state)}
              >
                <Icon name={ancestor.state === 'closed' ? 'stateClosed' : 'stateOpen'} />
                <span className="sr-only">{stateText(ancestor.state)}</span>
              </span>
              <a href={ancestor.webPath}>{ancestor.title}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </SidebarBlock>
  );
}

const stateText = (state: 'opened' | 'closed') =>
  state === 'closed' ? SIDEBAR_TEXT.closed : SIDEBAR_TEXT.open;
