import { groupMarkdownPreviewPath, projectMarkdownPreviewPath } from '../../../core/domain/webPaths.ts';
import type { PageMountInput } from '../../../core/pages/pageMount.ts';
import type { Executor } from '../../db/executor.ts';
import type { MilestoneRow, NamespaceRow, ProjectRow } from '../../db/schema.ts';
import type { AccessContext } from '../../services/access.ts';
import {
  canAdminMilestones,
  findReadableGroupMilestoneOrNull,
  findReadableProjectMilestoneOrNull,
  type MilestoneOwner,
} from '../../services/milestoneService.ts';
import { projectNavRights } from './projectMountBase.ts';

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
      canAdmin: await canAdminMilestones(access, { kind: 'group', group }),
      // A group's navigation has no project items.
      canReadMergeRequests: false,
      canReadEnvironments: false,
      canReadVulnerabilities: false,
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
      canAdmin: await canAdminMilestones(access, { kind: 'project', project, namespace }),
      ...(await projectNavRights(access, place)),
    },
  };
}

/** `milestones/new` (iid null) or `milestones/14/edit`: the sections of GitLab's milestone form. */
export function milestoneFormOf(section: string): { readonly iid: number | null } | undefined {
  if (section === 'milestones/new') return { iid: null };
  const match = /^milestones\/(\d{1,9})\/edit$/.exec(section);
  return match ? { iid: Number(match[1]) } : undefined;
}

/**
 * GitLab's new and edit milestone pages: 'sign-in' for an anonymous visitor, null (a 404, as
 * GitLab's `authorize_admin_milestone!`) for anyone who may not manage the owner's milestones or
 * for a milestone the owner does not have.
 */
export async function milestoneFormPage(
  db: Executor,
  access: AccessContext,
  owner: MilestoneOwner,
  iid: number | null,
): Promise<MilestonePageSpec | 'sign-in' | null> {
  if (!access.actor.user) return 'sign-in';
  if (!(await canAdminMilestones(access, owner))) return null;
  let milestone: MilestoneRow | null = null;
  if (iid !== null) {
    milestone =
      owner.kind === 'group'
        ? await findReadableGroupMilestoneOrNull(db, access, owner.group, iid)
        : await findReadableProjectMilestoneOrNull(db, access, owner, iid);
    if (!milestone) return null;
  }
  const place =
    owner.kind === 'group'
      ? {
          kind: 'group' as const,
          fullPath: owner.group.full_path,
          ownerName: owner.group.name,
          ownerFullName: owner.group.full_name,
          markdownPreviewPath: groupMarkdownPreviewPath(owner.group.full_path),
          canReadMergeRequests: false,
          canReadEnvironments: false,
          canReadVulnerabilities: false,
        }
      : {
          kind: 'project' as const,
          fullPath: owner.project.full_path,
          ownerName: owner.project.name,
          ownerFullName: `${owner.namespace.full_name} / ${owner.project.name}`,
          markdownPreviewPath: projectMarkdownPreviewPath(owner.project.full_path),
          ...(await projectNavRights(access, owner)),
        };
  const heading = milestone ? `Edit ${milestone.title}` : 'New milestone';
  return {
    title: `${heading} · Milestones · ${place.ownerFullName}`,
    mount: {
      page: 'milestone-form',
      ...place,
      milestoneId: milestone?.id ?? '',
      iid: milestone?.iid ?? '',
      title: milestone?.title ?? '',
      description: milestone?.description ?? '',
      startDate: milestone?.start_date ?? '',
      dueDate: milestone?.due_date ?? '',
    },
  };
}
