import { calendarDayOf, dayAfter, INVITE_ERRORS_SHOWN } from '../../../core/domain/memberRules.ts';
import { systemClock } from '../../lib/clock.ts';

/** The invite errors the modal lists: the first few unless expanded, and how many are folded away. */
export function visibleInviteErrors<T>(
  errors: readonly T[],
  expanded: boolean,
): { shown: readonly T[]; hidden: number } {
  if (expanded || errors.length <= INVITE_ERRORS_SHOWN) return { shown: errors, hidden: 0 };
  return { shown: errors.slice(0, INVITE_ERRORS_SHOWN), hidden: errors.length - INVITE_ERRORS_SHOWN };
}

/** The first day an access may expire on: tomorrow (access ends as its day begins). */
export function tomorrowDay(): string {
  return dayAfter(calendarDayOf(systemClock.now()));
}
