import { QueryLink } from './QueryLink.tsx';
import { useTabListKeys } from './useTabListKeys.ts';

export interface TabItem {
  readonly id: string;
  readonly label: string;
  /** Null or undefined while unknown (no badge). */
  readonly count?: number | null | undefined;
  /** The query string this tab shows. */
  readonly search: string;
  readonly selected: boolean;
  readonly testId?: string;
}

/**
 * Tabs that switch a list between views kept in the URL (WAI-ARIA tabs, manual activation):
 * arrow keys, Home and End move focus; Enter or a click selects.
 */
export function Tabs({
  label,
  items,
  panelId,
  onNavigate,
}: {
  label: string;
  items: readonly TabItem[];
  panelId: string;
  onNavigate: (search: string) => void;
}) {
  const tabList = useTabListKeys();
  return (
    <div ref={tabList.ref} className="tabs" role="tablist" aria-label={label} onKeyDown={tabList.onKeyDown}>
      {items.map((item) => (
        <QueryLink
          key={item.id}
          search={item.search}
          onNavigate={onNavigate}
          className={item.selected ? 'tab tab-selected' : 'tab'}
          data-testid={item.testId}
          {...tabAttributes(item, panelId)}
        >
          <span>{item.label}</span>
          {item.count != null ? <span className="tab-count">{item.count}</span> : null}
        </QueryLink>
      ))}
    </div>
  );
}

function tabAttributes(item: TabItem, panelId: string) {
  return {
    id: tabId(panelId, item.id),
    role: 'tab',
    'aria-selected': item.selected,
    'aria-controls': panelId,
    tabIndex: item.selected ? 0 : -1,
  } as const;
}

export const tabId = (panelId: string, itemId: string): string => `${panelId}-tab-${itemId}`;
