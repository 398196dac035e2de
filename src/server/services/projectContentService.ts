import type { Executor } from '../db/executor.ts';
import { listLabels } from '../db/repositories/labelRepository.ts';
import { listMilestones, type MilestoneListFilter } from '../db/repositories/milestoneRepository.ts';
import type { NamespaceRow, ProjectRow } from '../db/schema.ts';

export function listProjectMilestones(
  db: Executor,
  project: ProjectRow,
  filter: Pick<MilestoneListFilter, 'state' | 'ids' | 'search' | 'sort'>,
  page: { offset: number; limit: number },
) {
  return listMilestones(db, { ...filter, groupIds: [], projectIds: [project.id] }, page);
}

/** A project's labels and those it inherits from its groups. */
export function listProjectLabels(
  db: Executor,
  project: ProjectRow,
  namespace: NamespaceRow,
  search: string | undefined,
  page: { offset: number; limit: number },
) {
  return listLabels(db, { groupIds: namespace.traversal_ids, projectIds: [project.id], search }, page);
}
