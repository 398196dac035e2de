import { DEFAULT_AWARD_EMOJI } from '../../../core/domain/awardEmoji.ts';
import { Alert } from '../../ui/index.ts';
import { AwardBar } from './AwardBar.tsx';
import { DISCUSSION_TEXT } from './discussionTexts.ts';
import type { IssuableAwardsState } from './useIssuableAwards.ts';

/**
 * The award bar under an epic's or issue's description (GitLab's awards block): thumbs up and down
 * always offered, the other reactions with their counts, the reader's own highlighted, and the
 * picker for those who may react. Anonymous readers see the counts; the buttons are disabled.
 */
export function IssuableAwards({
  state,
  currentUsername,
}: {
  state: IssuableAwardsState;
  currentUsername: string | null;
}) {
  return (
    <section className="issuable-awards" aria-label={DISCUSSION_TEXT.reactions} data-testid="issuable-awards">
      <AwardBar
        awards={state.awards}
        currentUsername={currentUsername}
        canAward={state.canAward}
        onToggle={state.toggle}
        defaults={DEFAULT_AWARD_EMOJI}
        pickerTestId="issuable-award-picker"
      />
      {state.failure ? (
        <Alert variant="danger" testId="issuable-award-failure">
          {state.failure}
        </Alert>
      ) : null}
    </section>
  );
}
