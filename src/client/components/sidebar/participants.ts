/** GitLab shows 7 participants, then '+ N more' (spec). */
export const PARTICIPANTS_SHOWN = 7;

/** The participants to show and how many the '+ N more' button stands for (0 when none are hidden). */
export function visibleParticipants<T>(
  participants: readonly T[],
  expanded: boolean,
): { readonly shown: readonly T[]; readonly hiddenCount: number } {
  if (expanded || participants.length <= PARTICIPANTS_SHOWN) return { shown: participants, hiddenCount: 0 };
  return {
    shown: participants.slice(0, PARTICIPANTS_SHOWN),
    hiddenCount: participants.length - PARTICIPANTS_SHOWN,
  };
}

/** Whether the list is long enough to need the more / less button at all. */
export const hasMoreParticipants = (count: number): boolean => count > PARTICIPANTS_SHOWN;
