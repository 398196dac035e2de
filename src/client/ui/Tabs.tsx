import { type KeyboardEvent, useRef } from 'react';
import { QueryLink } from './QueryLink.tsx';

export interface TabItem {
  readonly id: string;
  readonly label: string;
  readonly count?: number | null;
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
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []);
    const index = tabs.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    tabs[target]?.focus();
  };
  return (
    <div ref={listRef} className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
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
