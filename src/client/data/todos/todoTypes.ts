/** View models of the epic sidebar's to-do block (spec, "To-do"), made by todoMappers. */
import type { Result } from '../../../core/lib/result.ts';
import type { SidebarWriteError } from '../epics/epicSidebarTypes.ts';

/** The viewer's pending to-do on the epic, and their pending to-dos everywhere (the badge's count). */
export interface EpicTodoView {
  /** The epic's global id, the to-do's target. */
  readonly epicId: string;
  /** The pending to-do's global id, null when there is none. */
  readonly todoId: string | null;
  readonly pendingCount: number;
}

/** How a to-do toggle ended; on success, the viewer's new pending count and the change. */
export type TodoToggleResult = Result<{ readonly count: number; readonly delta: 1 | -1 }, SidebarWriteError>;
