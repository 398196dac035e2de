import { zoomLinkIn } from '../../../../core/domain/zoomLinks.ts';
import { addZoomMeeting, removeZoomMeeting, ZOOM_TEXTS } from '../../incidents/zoomMeetingService.ts';
import type { IssueActionContext, IssueActionState, IssueExplainContext } from './issueActionContext.ts';
import { ISSUE_ACTION_KIND } from './issueActionKind.ts';
import { failureMessage, type QuickActionDefinition } from './quickActionTypes.ts';

/**
 * `/zoom <Zoom URL>` and `/remove_zoom` (GitLab's IssueActions, through Issues::ZoomLinkService):
 * for those who may update a saved issue or incident, /zoom while no meeting is pinned and
 * /remove_zoom while one is. `zoom_meetings` in the changes tells the page to show the new link.
 */

type IssueAction = QuickActionDefinition<IssueActionContext, IssueExplainContext, IssueActionState>;

const mayChangeLink = (state: IssueActionState) =>
  ISSUE_ACTION_KIND.persisted(state) && state.rights.canUpdate;

const zoom: IssueAction = {
  names: ['zoom'],
  available: (state) => mayChangeLink(state) && !state.hasZoomMeeting,
  explain: async (_context, params) => (zoomLinkIn(params) === null ? null : 'Adds a Zoom meeting.'),
  execute: async (context, params, outcome) => {
    try {
      const url = await addZoomMeeting(context.db, context.access, context.located, params);
      outcome.commandsChanges.zoom_meetings = [url];
      outcome.messages.push(ZOOM_TEXTS.added);
    } catch (error) {
      outcome.errorMessages.push(failureMessage(error));
    }
  },
};

const removeZoom: IssueAction = {
  names: ['remove_zoom'],
  available: (state) => mayChangeLink(state) && state.hasZoomMeeting,
  explain: async () => 'Remove Zoom meeting.',
  execute: async (context, _params, outcome) => {
    try {
      await removeZoomMeeting(context.db, context.access, context.located);
      outcome.commandsChanges.zoom_meetings = [];
      outcome.messages.push(ZOOM_TEXTS.removed);
    } catch (error) {
      outcome.errorMessages.push(failureMessage(error));
    }
  },
};

export const issueZoomActions: readonly IssueAction[] = [zoom, removeZoom];
