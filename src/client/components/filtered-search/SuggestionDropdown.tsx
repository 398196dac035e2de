import { Icon } from '../../ui/index.ts';
import type { BarOption, OptionGroup, OptionStatus } from './barOptions.ts';
import { TEXTS } from './texts.ts';

function OptionContent({ option }: { option: BarOption }) {
  switch (option.kind) {
    case 'recent':
      return (
        <>
          <Icon name="clock" className="fs-option-icon" />
          <span className="fs-option-title">{option.label}</span>
        </>
      );
    case 'clear-recent':
      return <span className="fs-option-title fs-option-muted">{option.label}</span>;
    case 'type':
      return (
        <>
          <span className="fs-option-title">{option.label}</span>
          {option.symbol ? (
            <span className="fs-option-detail" aria-hidden="true">
              {option.symbol}
            </span>
          ) : null}
        </>
      );
    case 'operator':
      return (
        <>
          <span className="fs-option-symbol" aria-hidden="true">
            {option.operator}
          </span>
          <span className="fs-option-title">{option.label}</span>
        </>
      );
    case 'value': {
      const { color, detail } = option.suggestion;
      return (
        <>
          {color ? <span className="fs-swatch" style={{ background: color }} aria-hidden="true" /> : null}
          <span className="fs-option-title">{option.label}</span>
          {detail ? <span className="fs-option-detail">{detail}</span> : null}
        </>
      );
    }
  }
}

/**
 * The listbox the combobox input controls (options grouped, the active one marked with
 * aria-selected and named by the input's aria-activedescendant) and the status line under it.
 */
export function SuggestionDropdown({
  listboxId,
  optionId,
  groups,
  active,
  status,
  expanded,
  onChoose,
  onActivate,
}: {
  listboxId: string;
  optionId: (index: number) => string;
  groups: readonly OptionGroup[];
  active: number;
  status: OptionStatus;
  expanded: boolean;
  onChoose: (option: BarOption) => void;
  onActivate: (index: number) => void;
}) {
  let index = 0;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keeps focus in the combobox input while the mouse picks an option.
    <div
      className="fs-dropdown"
      hidden={!expanded}
      data-testid="filtered-search-dropdown"
      onMouseDown={(event) => event.preventDefault()}
    >
      <div
        role="listbox"
        id={listboxId}
        aria-label={TEXTS.suggestions}
        className="fs-listbox"
        hidden={groups.length === 0}
      >
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group"; no native element fits.
          <div
            key={group.key}
            role="group"
            aria-labelledby={`${listboxId}-${group.key}`}
            className="fs-group"
          >
            <div id={`${listboxId}-${group.key}`} className="fs-group-label">
              {group.label}
            </div>
            {group.options.map((option) => {
              const at = index++;
              return (
                <div
                  key={option.key}
                  id={optionId(at)}
                  role="option"
                  aria-selected={at === active}
                  tabIndex={-1}
                  className={`fs-option fs-option-${option.kind}${at === active ? ' is-active' : ''}`}
                  onMouseMove={() => (at === active ? undefined : onActivate(at))}
                  onClick={() => onChoose(option)}
                  onKeyDown={(event) => (event.key === 'Enter' ? onChoose(option) : undefined)}
                >
                  <OptionContent option={option} />
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {status ? (
        <p className={`fs-status fs-status-${status.kind}`} data-testid="filtered-search-status">
          {status.text}
        </p>
      ) : null}
    </div>
  );
}
