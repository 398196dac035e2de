import { reactAction } from './awardActions.ts';
import type { EpicActionContext } from './epicActionContext.ts';
import { EPIC_ACTION_KIND } from './epicActionKind.ts';
import { epicRelationActions } from './epicRelationActions.ts';
import { itemFieldActions } from './itemFieldActions.ts';
import { itemFollowActions } from './itemFollowActions.ts';
import { itemLinkActions } from './itemLinkActions.ts';
import type { QuickActionDefinition } from './quickActionTypes.ts';

/**
 * Every quick action an epic knows: those it shares with issues (GitLab's IssuableActions for epics
 * and the new epic look's `/due`, to-dos, subscriptions, linked items), and its parent and children.
 */
export const EPIC_QUICK_ACTIONS: readonly QuickActionDefinition<
  EpicActionContext,
  EpicActionContext,
  EpicActionContext
>[] = [
  ...itemFieldActions(EPIC_ACTION_KIND),
  ...itemFollowActions(EPIC_ACTION_KIND),
  reactAction(
    () => true,
    (context) => ({ type: 'Epic', group: context.group, epic: context.epic }),
  ),
  ...epicRelationActions,
  ...itemLinkActions(EPIC_ACTION_KIND),
];
