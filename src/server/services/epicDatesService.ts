import { MAX_EPIC_HIERARCHY_DEPTH } from '../../core/domain/epicRules.ts';
import type { Executor } from '../db/executor.ts';
import { findInheritedDateSources, setEpicDates } from '../db/repositories/epicInheritedDatesRepository.ts';
import { findEpicsByIds } from '../db/repositories/epicRepository.ts';

/**
 * Keeps every epic's effective dates right after something they depend on changed: an epic's own
 * fixed dates or flags, a child epic's dates, an issue's milestone or a milestone's dates. Recomputes
 * the given epics, then walks up to the parents of those that changed, wave by wave (the hierarchy
 * is at most 7 deep). Runs inside the caller's transaction, which holds the hierarchy lock of the
 * epics' root namespace (lockEpicHierarchy), so no concurrent move changes the parents it walks.
 */
export async function refreshEpicDates(db: Executor, epicIds: Iterable<number>): Promise<void> {
  let wave = [...new Set(epicIds)];
  for (let level = 0; wave.length > 0 && level <= MAX_EPIC_HIERARCHY_DEPTH + 1; level++) {
    const [epics, sources] = await Promise.all([
      findEpicsByIds(db, wave),
      findInheritedDateSources(db, wave),
    ]);
    const parents = new Set<number>();
    for (const epic of epics) {
      const inherited = sources.get(epic.id);
      const next = {
        start_date: epic.start_date_is_fixed ? epic.start_date_fixed : (inherited?.start ?? null),
        start_date_sourcing_milestone_id: inherited?.startMilestoneId ?? null,
        due_date: epic.due_date_is_fixed ? epic.due_date_fixed : (inherited?.due ?? null),
        due_date_sourcing_milestone_id: inherited?.dueMilestoneId ?? null,
      };
      const datesChanged = next.start_date !== epic.start_date || next.due_date !== epic.due_date;
      const sourcesChanged =
        next.start_date_sourcing_milestone_id !== epic.start_date_sourcing_milestone_id ||
        next.due_date_sourcing_milestone_id !== epic.due_date_sourcing_milestone_id;
      if (datesChanged || sourcesChanged) await setEpicDates(db, epic.id, next);
      // Only a change of the dates themselves can move a parent's inherited dates.
      if (datesChanged && epic.parent_id !== null) parents.add(epic.parent_id);
    }
    wave = [...parents];
  }
}
