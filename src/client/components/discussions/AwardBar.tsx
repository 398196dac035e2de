import { useEffect, useId, useRef, useState } from 'react';
import {
  AWARD_EMOJI,
  awardTooltip,
  FREQUENT_AWARD_EMOJI,
  type GivenAward,
  groupAwards,
  searchAwardEmoji,
} from '../../../core/domain/awardEmoji.ts';
import { Button } from '../../ui/index.ts';
import { DISCUSSION_TEXT } from './discussionTexts.ts';

/** The frequently used first, then the rest, as GitLab's picker lists them. */
const PICKER_ORDER = [
  ...FREQUENT_AWARD_EMOJI,
  ...Object.keys(AWARD_EMOJI).filter((name) => !FREQUENT_AWARD_EMOJI.includes(name)),
];

/**
 * The emoji picker behind 'Add reaction', searchable by name. `align` says which edge of the button
 * the menu hangs from: 'end' in a note's header (at the right), 'start' at the end of an award bar.
 */
export function AwardPicker({
  onPick,
  testId,
  align = 'end',
}: {
  onPick: (name: string) => void;
  testId: string;
  align?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) searchField.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    setSearch('');
    toggle.current?.focus();
  };
  const pick = (name: string) => {
    close();
    onPick(name);
  };
  const found = searchAwardEmoji(PICKER_ORDER, search);
  return (
    <span className="award-picker">
      <Button
        ref={toggle}
        variant="tertiary"
        iconOnly
        icon="smile"
        aria-label={DISCUSSION_TEXT.addReaction}
        title={DISCUSSION_TEXT.addReaction}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => (open ? close() : setOpen(true))}
        data-testid={testId}
      />
      {open ? (
        <div
          id={id}
          className={`award-picker-menu is-${align}`}
          role="dialog"
          aria-label={DISCUSSION_TEXT.addReaction}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <input
            ref={searchField}
            type="search"
            className="input input-sm award-picker-search"
            placeholder={DISCUSSION_TEXT.searchEmoji}
            aria-label={DISCUSSION_TEXT.searchEmoji}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              const first = found[0];
              if (event.key === 'Enter' && first !== undefined) {
                event.preventDefault();
                pick(first);
              }
            }}
            data-testid="award-picker-search"
          />
          {found.length === 0 ? (
            <p className="muted award-picker-empty">{DISCUSSION_TEXT.noEmojiFound}</p>
          ) : (
            <div className="award-picker-grid">
              {found.map((name) => (
                <button
                  key={name}
                  type="button"
                  className="award-picker-emoji"
                  aria-label={name}
                  title={`:${name}:`}
                  onClick={() => pick(name)}
                  data-testid={`award-pick-${name}`}
                >
                  {AWARD_EMOJI[name]}
                </button>
              ))}
            </div>
          )}
        </div>
      ) : null}
    </span>
  );
}

/**
 * The reactions given, one button per emoji with its count and a tooltip naming who reacted
 * (GitLab's awards list); pressing one toggles the reader's own. `defaults` are offered even at
 * zero (an epic's or issue's thumbs up and down); `pickerTestId` adds the picker at the end.
 */
export function AwardBar({
  awards,
  currentUsername,
  canAward,
  onToggle,
  defaults = [],
  pickerTestId,
}: {
  awards: readonly GivenAward[];
  currentUsername: string | null;
  canAward: boolean;
  onToggle: (name: string) => void;
  defaults?: readonly string[];
  pickerTestId?: string;
}) {
  const groups = groupAwards(awards, defaults);
  if (groups.length === 0 && !(canAward && pickerTestId)) return null;
  return (
    <div className="award-bar" data-testid="award-bar">
      {groups.map(({ name, awards: given }) => {
        const mine = given.some((award) => award.user.username === currentUsername);
        const tooltip = awardTooltip(given, name, currentUsername);
        return (
          <button
            key={name}
            type="button"
            className={`award-button${mine ? ' is-active' : ''}`}
            aria-pressed={mine}
            aria-label={DISCUSSION_TEXT.awardLabel(name, given.length)}
            title={tooltip || undefined}
            disabled={!canAward}
            onClick={() => onToggle(name)}
            data-testid={`award-${name}`}
          >
            <span aria-hidden="true">{AWARD_EMOJI[name] ?? `:${name}:`}</span>
            <span className="award-count">{given.length}</span>
          </button>
        );
      })}
      {canAward && pickerTestId ? (
        <AwardPicker onPick={onToggle} testId={pickerTestId} align="start" />
      ) : null}
    </div>
  );
}
