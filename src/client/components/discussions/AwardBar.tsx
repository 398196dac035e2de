import { useId, useState } from 'react';
import { AWARD_EMOJI, FREQUENT_AWARD_EMOJI, groupAwards } from '../../../core/domain/awardEmoji.ts';
import type { NoteAwardJson } from '../../../core/domain/discussions.ts';
import { Button } from '../../ui/index.ts';
import { DISCUSSION_TEXT } from './discussionTexts.ts';

const ALL_NAMES = Object.keys(AWARD_EMOJI);

/** The emoji picker behind 'Add reaction': the frequently used first, then the rest. */
export function AwardPicker({ onPick, testId }: { onPick: (name: string) => void; testId: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const pick = (name: string) => {
    setOpen(false);
    onPick(name);
  };
  return (
    <span className="award-picker">
      <Button
        variant="tertiary"
        iconOnly
        icon="smile"
        aria-label={DISCUSSION_TEXT.addReaction}
        title={DISCUSSION_TEXT.addReaction}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        data-testid={testId}
      />
      {open ? (
        <fieldset
          id={id}
          className="award-picker-menu"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
        >
          <legend className="sr-only">{DISCUSSION_TEXT.addReaction}</legend>
          {[...FREQUENT_AWARD_EMOJI, ...ALL_NAMES.filter((name) => !FREQUENT_AWARD_EMOJI.includes(name))].map(
            (name) => (
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
            ),
          )}
        </fieldset>
      ) : null}
    </span>
  );
}

/** The reactions given, one button per emoji with its count; pressing one toggles the reader's own. */
export function AwardBar({
  awards,
  currentUsername,
  canAward,
  onToggle,
}: {
  awards: readonly NoteAwardJson[];
  currentUsername: string | null;
  canAward: boolean;
  onToggle: (name: string) => void;
}) {
  if (awards.length === 0) return null;
  return (
    <div className="award-bar" data-testid="award-bar">
      {groupAwards(awards).map(({ name, awards: given }) => {
        const mine = given.some((award) => award.user.username === currentUsername);
        const names = given.map((award) => award.user.name).join(', ');
        return (
          <button
            key={name}
            type="button"
            className={`award-button${mine ? ' is-active' : ''}`}
            aria-pressed={mine}
            aria-label={`${name}: ${DISCUSSION_TEXT.reactedBy(names)}`}
            title={DISCUSSION_TEXT.reactedBy(names)}
            disabled={!canAward}
            onClick={() => onToggle(name)}
            data-testid={`award-${name}`}
          >
            <span aria-hidden="true">{AWARD_EMOJI[name] ?? `:${name}:`}</span>
            <span className="award-count">{given.length}</span>
          </button>
        );
      })}
    </div>
  );
}
