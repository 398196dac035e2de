import type { CSSProperties } from 'react';
import type { GfmSuggestion } from '../../data/index.ts';
import { Avatar, Icon } from '../../ui/index.ts';
import { ISSUABLE_TEXT } from './issuableTexts.ts';

export const gfmOptionId = (listboxId: string, index: number): string => `${listboxId}-option-${index}`;

function SuggestionRow({ item }: { item: GfmSuggestion }) {
  switch (item.kind) {
    case 'user':
      return (
        <>
          <Avatar name={item.name} colorKey={item.username} size={24} />
          <span className="gfm-option-main">{item.name}</span>
          <span className="gfm-option-aside">@{item.username}</span>
        </>
      );
    case 'issue':
    case 'epic':
      return (
        <>
          {item.confidential ? (
            <span className="gfm-option-aside" title={ISSUABLE_TEXT.confidential}>
              <Icon name="eyeSlash" size={14} />
              <span className="sr-only">{ISSUABLE_TEXT.confidential}</span>
            </span>
          ) : null}
          <span className="gfm-option-aside">{item.reference}</span>
          <span className="gfm-option-main">{item.title}</span>
        </>
      );
    case 'milestone':
      return (
        <>
          <span className="gfm-option-main">{item.title}</span>
          {item.expired ? <span className="gfm-option-aside">{ISSUABLE_TEXT.expired}</span> : null}
        </>
      );
    case 'label':
      return (
        <>
          <span className="gfm-label-swatch" style={{ background: item.color }} aria-hidden="true" />
          <span className="gfm-option-main">{item.title}</span>
        </>
      );
    case 'command':
      return (
        <span className="gfm-option-main gfm-command">
          <span>
            <strong>/{item.name}</strong>
            {item.params ? <span className="gfm-option-aside"> {item.params}</span> : null}
          </span>
          <span className="gfm-option-aside gfm-command-description">{item.description}</span>
        </span>
      );
    case 'emoji':
      return (
        <>
          <span className="gfm-emoji" aria-hidden="true">
            {item.unicode}
          </span>
          <span className="gfm-option-main">:{item.name}:</span>
        </>
      );
  }
}

/**
 * The suggestion listbox under a markdown field's caret: the textarea keeps focus (it is the
 * combobox and names the highlighted row through aria-activedescendant); the mouse picks without
 * taking focus away.
 */
export function GfmSuggestionList({
  listboxId,
  items,
  active,
  loading,
  position,
  onPick,
  onHighlight,
}: {
  listboxId: string;
  items: readonly GfmSuggestion[];
  active: number;
  loading: boolean;
  position: CSSProperties;
  onPick: (index: number) => void;
  onHighlight: (index: number) => void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keeps focus in the textarea while the mouse picks.
    <div
      className="gfm-dropdown"
      style={position}
      data-testid="gfm-suggestions"
      onMouseDown={(event) => event.preventDefault()}
    >
      <div
        role="listbox"
        id={listboxId}
        aria-label={ISSUABLE_TEXT.suggestions}
        aria-busy={loading}
        className="gfm-listbox"
      >
        {items.map((item, index) => (
          <div
            key={item.key}
            id={gfmOptionId(listboxId, index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={`gfm-option${index === active ? ' is-active' : ''}`}
            onMouseMove={() => (index === active ? undefined : onHighlight(index))}
            onClick={() => onPick(index)}
            onKeyDown={(event) => (event.key === 'Enter' ? onPick(index) : undefined)}
          >
            <SuggestionRow item={item} />
          </div>
        ))}
      </div>
      {loading && items.length === 0 ? (
        <p className="gfm-status" role="status">
          {ISSUABLE_TEXT.searchingSuggestions}
        </p>
      ) : null}
    </div>
  );
}
