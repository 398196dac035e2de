import type { RoadmapEpic } from '../../data/index.ts';

/** The roadmap shows only epics with at least one date (GitLab's timeframe rule needs one). */
export function datedEpics(epics: readonly RoadmapEpic[]): RoadmapEpic[] {
  return epics.filter((epic) => epic.startDate !== null || epic.dueDate !== null);
}
