import { ActionsMenu, type MenuAction } from '../../ui/index.ts';
import { TIMELINE_TEXT } from './timelineTexts.ts';

export type TimelineAction = MenuAction;

/** An event's "More actions" menu. */
export function TimelineActionsMenu({ actions }: { actions: readonly TimelineAction[] }) {
  return <ActionsMenu label={TIMELINE_TEXT.moreActions} actions={actions} testId="timeline-event-actions" />;
}
