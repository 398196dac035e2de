/**
 * The child-items card's 'Tree view' / 'Roadmap view' switch (spec): WAI-ARIA tabs and their
 * panels. A hidden panel keeps its content mounted, so the tree and the roadmap keep their state.
 */
import type { ReactNode } from 'react';
import { useTabListKeys } from '../../ui/index.ts';
import { TREE_TEXT } from './treeTexts.ts';

export type CardView = 'tree' | 'roadmap';

const CARD_VIEWS: readonly { readonly view: CardView; readonly label: string }[] = [
  { view: 'tree', label: TREE_TEXT.treeView },
  { view: 'roadmap', label: TREE_TEXT.roadmapView },
];

const tabId = (idPrefix: string, view: CardView) => `${idPrefix}-${view}-tab`;
const panelId = (idPrefix: string, view: CardView) => `${idPrefix}-${view}-panel`;

/**
 * WAI-ARIA tabs with manual activation (the roadmap takes a moment to load): arrow keys, Home and
 * End move focus between the tabs, Enter, Space or a click selects one.
 */
export function CardViewTabs({
  idPrefix,
  labelledBy,
  selected,
  onSelect,
}: {
  idPrefix: string;
  labelledBy: string;
  selected: CardView;
  onSelect: (view: CardView) => void;
}) {
  const tabList = useTabListKeys();
  return (
    <div
      ref={tabList.ref}
      className="tree-card-tabs"
      role="tablist"
      aria-labelledby={labelledBy}
      onKeyDown={tabList.onKeyDown}
    >
      {CARD_VIEWS.map(({ view, label }) => (
        <button
          key={view}
          type="button"
          role="tab"
          id={tabId(idPrefix, view)}
          aria-selected={view === selected}
          aria-controls={panelId(idPrefix, view)}
          tabIndex={view === selected ? 0 : -1}
          className={`tree-card-tab${view === selected ? ' is-selected' : ''}`}
          onClick={() => onSelect(view)}
          data-testid={`tree-tab-${view}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

export function CardViewPanel({
  idPrefix,
  view,
  selected,
  testId,
  children,
}: {
  idPrefix: string;
  view: CardView;
  selected: CardView;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(idPrefix, view)}
      aria-labelledby={tabId(idPrefix, view)}
      hidden={view !== selected}
      className={`tree-card-panel tree-card-panel-${view}`}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
