import type { Executor } from '../db/executor.ts';
import { findNamespaceById } from '../db/repositories/namespaceRepository.ts';
import {
  countOpenIssuesByProject,
  findProjectByFullPath,
  findProjectById,
  listProjects,
  type ProjectListFilter,
} from '../db/repositories/projectRepository.ts';
import type { NamespaceRow, ProjectRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import { NotFoundError } from './errors.ts';

export interface ReadableProject {
  readonly project: ProjectRow;
  readonly namespace: NamespaceRow;
}

async function lookUp(db: Executor, idOrPath: string): Promise<ReadableProject | undefined> {
  const project = /^\d+$/.test(idOrPath)
    ? await findProjectById(db, Number(idOrPath))
    : await findProjectByFullPath(db, idOrPath);
  if (!project) return undefined;
  const namespace = await findNamespaceById(db, project.namespace_id);
  return namespace ? { project, namespace } : undefined;
}

export async function findReadableProject(
  db: Executor,
  access: AccessContext,
  idOrPath: string,
): Promise<ReadableProject> {
  const found = await lookUp(db, idOrPath);
  if (!found || !(await access.canInProject('read_project', found.project, found.namespace))) {
    throw new NotFoundError('Project');
  }
  return found;
}

export async function findReadableProjectOrNull(
  db: Executor,
  access: AccessContext,
  fullPath: string,
): Promise<ReadableProject | null> {
  const found = await lookUp(db, fullPath);
  return found && (await access.canInProject('read_project', found.project, found.namespace)) ? found : null;
}

export function listReadableProjects(
  db: Executor,
  access: AccessContext,
  filter: Omit<ProjectListFilter, 'viewer'>,
  page: { offset: number; limit: number },
) {
  return listProjects(db, { ...filter, viewer: access.viewer }, page);
}

/**
 * Each project's open issues as the viewer may count them (REST's open_issues_count): confidential
 * ones only in projects where the viewer may read confidential issues.
 */
export async function countOpenIssuesForViewer(
  db: Executor,
  access: AccessContext,
  projects: readonly ReadableProject[],
): Promise<Map<number, number>> {
  const confidentialAllowed = new Set<number>();
  for (const { project, namespace } of projects) {
    if (await access.canInProject('read_issue', project, namespace, { confidential: true })) {
      confidentialAllowed.add(project.id);
    }
  }
  return countOpenIssuesByProject(
    db,
    projects.map(({ project }) => project.id),
    (id) => confidentialAllowed.has(id),
  );
}
