import type { Executor } from '../db/executor.ts';
import { listLabels } from '../db/repositories/labelRepository.ts';
import { listMergeRequests } from '../db/repositories/mergeRequestRepository.ts';
import { listMilestones, type MilestoneListFilter } from '../db/repositories/milestoneRepository.ts';
import type { NamespaceRow, ProjectRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';

/** Merge requests of a project, if the viewer may read them (Reporter+ on private projects). */
export async function listProjectMergeRequests(
  db: Executor,
  access: AccessContext,
  place: { project: ProjectRow; namespace: NamespaceRow },
  filter: { state?: 'opened' | 'closed' | 'locked' | 'merged' | 'all' | undefined },
  page: { offset: number; limit: number },
) {
  if (!(await access.canInProject('read_merge_request', place.project, place.namespace)))
    return { rows: [], total: 0 };
  return listMergeRequests(
    db,
    { projectIds: [place.project.id], state: filter.state === 'all' ? undefined : filter.state },
    { column: 'created_at', direction: 'desc' },
    page,
  );
}

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
