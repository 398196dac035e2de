import type { Kysely } from 'kysely';
import { findIssueById } from '../../db/repositories/issueRepository.ts';
import type { Database, IssueRow } from '../../db/schema.ts';
import type { AccessContext } from '../access.ts';
import { prepareNewIssueQuickActions } from '../discussions/quickActions/quickActionService.ts';
import type { ProjectInNamespace } from '../issueService.ts';
import { createIssue, type NewIssueFields } from '../links/issueCreateService.ts';

/**
 * The new-issue form's create (GitLab's Issues::CreateService with its quick actions): the
 * description is saved without its commands, which then run on the new issue through the sidebar's
 * services. Commands that need a saved issue (`/close`, `/unlabel`, `/todo`, …) stay in the text, and
 * the metadata ones need admin_issue, as metadata on creation does. Bad fields refuse the whole
 * create before any command runs.
 */
export async function createIssueWithQuickActions(
  db: Kysely<Database>,
  access: AccessContext,
  located: ProjectInNamespace,
  fields: NewIssueFields,
): Promise<IssueRow> {
  if (typeof fields.description !== 'string') return createIssue(db, access, located, fields);
  const quick = await prepareNewIssueQuickActions(
    db,
    access,
    located,
    fields.description,
    fields.confidential ?? false,
  );
  const issue = await createIssue(db, access, located, { ...fields, description: quick.text });
  if (!quick.hasCommands) return issue;
  await quick.executeOn(issue);
  return (await findIssueById(db, issue.id)) ?? issue;
}
