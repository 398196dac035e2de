/** Pure mappers from the sidebar's generated GraphQL answers to the view models in epicSidebarTypes. */
import { contrastTextColor, DEFAULT_EPIC_COLOR, isHexColor } from '../../../core/domain/colors.ts';
import { toCalendarDate } from '../dates.ts';
import type {
  EpicSidebarDatesQuery,
  EpicSidebarParticipantsQuery,
  UpdateEpicInput,
} from '../generated/graphql.ts';
import { toItemState } from '../mappers.ts';
import type {
  EpicDateChange,
  EpicDateField,
  EpicDateKind,
  EpicDatesView,
  EpicParticipantView,
} from './epicSidebarTypes.ts';

type DatesEpic = NonNullable<NonNullable<EpicSidebarDatesQuery['workspace']>['issuable']>;
type ParticipantNode = NonNullable<
  NonNullable<
    NonNullable<
      NonNullable<NonNullable<EpicSidebarParticipantsQuery['workspace']>['issuable']>['participants']
    >['nodes']
  >[number]
>;

/** One date from the epic's four fields for it (`startDate`, `startDateIsFixed`, …). */
export function toEpicDateField(fields: {
  readonly date: string | null | undefined;
  readonly isFixed: boolean | null | undefined;
  readonly fixed: string | null | undefined;
  readonly fromMilestones: string | null | undefined;
}): EpicDateField {
  return {
    date: toCalendarDate(fields.date),
    isFixed: fields.isFixed === true,
    fixed: toCalendarDate(fields.fixed),
    fromMilestones: toCalendarDate(fields.fromMilestones),
  };
}

export function toEpicDates(epic: DatesEpic): EpicDatesView {
  return {
    state: toItemState(epic.state),
    start: toEpicDateField({
      date: epic.startDate,
      isFixed: epic.startDateIsFixed,
      fixed: epic.startDateFixed,
      fromMilestones: epic.startDateFromMilestones,
    }),
    due: toEpicDateField({
      date: epic.dueDate,
      isFixed: epic.dueDateIsFixed,
      fixed: epic.dueDateFixed,
      fromMilestones: epic.dueDateFromMilestones,
    }),
  };
}

/** An epic without a (valid) colour shows GitLab's default blue. */
export function toEpicColor(color: string | null | undefined, textColor: string | null | undefined) {
  const shown = color && isHexColor(color) ? color : DEFAULT_EPIC_COLOR;
  return {
    color: shown,
    textColor: textColor && isHexColor(textColor) ? textColor : contrastTextColor(shown),
  };
}

export const toParticipant = (node: ParticipantNode): EpicParticipantView => ({
  id: node.id,
  username: node.username,
  name: node.name,
  avatarUrl: node.avatarUrl,
  webUrl: node.webUrl,
});

/** `updateEpic`'s fields for one date: the flag, and the fixed date only when the change names one. */
export function dateInput(
  kind: EpicDateKind,
  change: EpicDateChange,
): Pick<UpdateEpicInput, 'startDateIsFixed' | 'startDateFixed' | 'dueDateIsFixed' | 'dueDateFixed'> {
  const { isFixed, fixed } = change;
  if (kind === 'start') {
    return fixed === undefined
      ? { startDateIsFixed: isFixed }
      : { startDateIsFixed: isFixed, startDateFixed: fixed };
  }
  return fixed === undefined ? { dueDateIsFixed: isFixed } : { dueDateIsFixed: isFixed, dueDateFixed: fixed };
}
