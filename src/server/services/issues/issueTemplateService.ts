import type { Kysely } from 'kysely';
import { templateProblems } from '../../../core/domain/issueTemplates.ts';
import {
  deleteIssueTemplate,
  findIssueTemplate,
  insertIssueTemplate,
  listIssueTemplates,
  updateIssueTemplate,
} from '../../db/repositories/issueTemplateRepository.ts';
import type { Database, IssueTemplateRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors.ts';
import type { ProjectInNamespace } from '../issueService.ts';

/**
 * A project's issue description templates. Reading them is for whoever may read the project's
 * issues (they fill a new issue's description); managing them is the Maintainer's, as writing
 * `.gitlab/issue_templates/` would be behind a protected default branch in GitLab.
 */

export interface TemplateDraft {
  readonly name?: string | undefined;
  readonly content?: string | undefined;
}

async function requireReader(access: AccessContext, { project, namespace }: ProjectInNamespace) {
  // read_issue without confidentiality: a template is the project's, not an issue's.
  if (!(await access.canInProject('read_issue', project, namespace))) throw new NotFoundError('Project');
}

/** Whether the actor may add, change and delete the project's templates (the page's Manage rights). */
export function canManageIssueTemplates(access: AccessContext, { project, namespace }: ProjectInNamespace) {
  return access.canInProject('admin_project', project, namespace);
}

async function requireManager(access: AccessContext, located: ProjectInNamespace) {
  if (!access.actor.user) throw new UnauthorizedError();
  if (!(await canManageIssueTemplates(access, located))) throw new ForbiddenError();
}

export async function listTemplates(
  db: Kysely<Database>,
  access: AccessContext,
  located: ProjectInNamespace,
): Promise<IssueTemplateRow[]> {
  await requireReader(access, located);
  return listIssueTemplates(db, located.project.id);
}

/** One template by its exact name; 404 `Template Not Found` for a name the project lacks. */
export async function findTemplate(
  db: Kysely<Database>,
  access: AccessContext,
  located: ProjectInNamespace,
  name: string,
): Promise<IssueTemplateRow> {
  await requireReader(access, located);
  const template = await findIssueTemplate(db, located.project.id, name);
  if (!template) throw new NotFoundError('Template');
  return template;
}

/** The draft trimmed and checked; a ValidationError (400 naming the fields) when it cannot be saved. */
function checkedDraft(draft: TemplateDraft): TemplateDraft {
  const name = draft.name?.trim();
  const problems = templateProblems({
    ...(name !== undefined ? { name } : {}),
    ...(draft.content !== undefined ? { content: draft.content } : {}),
  });
  if (Object.keys(problems).length) throw new ValidationError(problems);
  return { name, content: draft.content };
}

const TAKEN = new ValidationError({ name: ['has already been taken'] });

export async function createTemplate(
  db: Kysely<Database>,
  access: AccessContext,
  located: ProjectInNamespace,
  draft: TemplateDraft,
): Promise<IssueTemplateRow> {
  await requireManager(access, located);
  const { name, content } = checkedDraft({ name: draft.name ?? '', content: draft.content ?? '' });
  const { project } = located;
  // The unique index still decides a race; this check only gives the usual answer the usual way.
  if (await findIssueTemplate(db, project.id, name ?? '')) throw TAKEN;
  return insertIssueTemplate(db, {
    rootNamespaceId: project.root_namespace_id,
    projectId: project.id,
    name: name ?? '',
    content: content ?? '',
    at: access.now(),
  });
}

/** Renames and/or rewrites the template called `currentName`; 404 when there is none. */
export async function updateTemplate(
  db: Kysely<Database>,
  access: AccessContext,
  located: ProjectInNamespace,
  currentName: string,
  draft: TemplateDraft,
): Promise<IssueTemplateRow> {
  await requireManager(access, located);
  const changes = checkedDraft(draft);
  const { project } = located;
  return db.transaction().execute(async (trx) => {
    const current = await findIssueTemplate(trx, project.id, currentName);
    if (!current) throw new NotFoundError('Template');
    if (changes.name !== undefined && changes.name !== current.name) {
      if (await findIssueTemplate(trx, project.id, changes.name)) throw TAKEN;
    }
    const updated = await updateIssueTemplate(trx, current.id, { ...changes, at: access.now() });
    if (!updated) throw new NotFoundError('Template');
    return updated;
  });
}

export async function deleteTemplate(
  db: Kysely<Database>,
  access: AccessContext,
  located: ProjectInNamespace,
  name: string,
): Promise<void> {
  await requireManager(access, located);
  const current = await findIssueTemplate(db, located.project.id, name);
  if (!current || !(await deleteIssueTemplate(db, current.id))) throw new NotFoundError('Template');
}
