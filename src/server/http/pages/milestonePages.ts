import type { PageMountInput } from '../../../core/pages/pageMount.ts';
import type { Executor } from '../../db/executor.ts';
import type { NamespaceRow, ProjectRow } from '../../db/schema.ts';
import type { AccessContext } from '../../services/access.ts';
import {
  findReadableGroupMilestoneOrNull,
  findReadableProjectMilestoneOrNull,
} from '../../services/milestoneService.ts';

/** The section of a page path that names a milestone (`milestones/14`), with its iid. */
export function milestoneIidOf(section: string): number | undefined {
  const match = /^milestones\/(\d+)$/.exec(section);
  return match ? Number(match[1]) : undefined;
}

export interface MilestonePageSpec {
  readonly title: string;
  readonly mount: PageMountInput;
}

/**
 * The milestone page of a readable group: null when the milestone does not exist or the viewer may
 * not read it (both answer the same 404). The title goes along so the page can ask for its issues.
 */
export async function groupMilestonePage(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  iid: number,
): Promise<MilestonePageSpec | null> {
  const milestone = await findReadableGroupMilestoneOrNull(db, access, group, iid);
  if (!milestone) return null;
  return {
    title: `${milestone.title} · Milestones · ${group.full_name}`,
    mount: {
      page: 'milestone',
      kind: 'group',
      fullPath: group.full_path,
      ownerName: group.name,
      iid: milestone.iid,
      milestoneId: milestone.id,
      milestoneTitle: milestone.title,
    },
  };
}

/** The milestone page of a readable project; null answers 404, as for the group page. */
export async function projectMilestonePage(
  db: Executor,
  access: AccessContext,
  place: { project: ProjectRow; namespace: NamespaceRow },
  iid: number,
): Promise<MilestonePageSpec | null> {
  const milestone = await findReadableProjectMilestoneOrNull(db, access, place, iid);
  if (!milestone) return null;
  const { project, namespace } = place;
  return {
    title: `${milestone.title} · Milestones · ${namespace.full_name} / ${project.name}`,
    mount: {
      page: 'milestone',
      kind: 'project',
      fullPath: project.full_path,
      ownerName: project.name,
      iid: milestone.iid,
      milestoneId: milestone.id,
      milestoneTitle: milestone.title,
    },
  };
}
