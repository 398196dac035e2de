import type { FieldErrors } from '../../../core/domain/epicRules.ts';
import type { Executor } from '../../db/executor.ts';
import { replaceIssueAssignees } from '../../db/repositories/issueRepository.ts';
import { insertIssue, maxIssuePosition, touchProject } from '../../db/repositories/issueRowsRepository.ts';
import type { IssueRow } from '../../db/schema.ts';
import { MAX_SQL_INTEGER } from '../../db/sqlInteger.ts';
import type { AccessContext } from '../access.ts';
import type { ProjectInNamespace } from '../issueService.ts';
import { labelIdsForTitles, MAX_LABELS_PER_REQUEST, resolveLabelChanges } from '../labelService.ts';
import { IDEAL_DISTANCE } from '../tree/treePositions.ts';
import { checkAssignees, checkMilestone, MAX_ASSIGNEES } from './issueCommands.ts';
import { raiseAssignedTodos } from './issueSystemNotes.ts';
import { withLicensedIssueFields } from './licensedIssueFields.ts';

/**
 * What a new issue may carry beyond its text (GitLab's Issues::CreateService params). As in GitLab,
 * the team's metadata (labels, milestone, assignees, weight, due date) is kept only when the author
 * may set it (admin_issue, Reporters and up) and silently dropped otherwise, and an incident needs
 * create_incident: anyone else's "incident" becomes an issue.
 */
export interface NewIssueMetadata {
  readonly issueType?: 'issue' | 'incident' | undefined;
  readonly assigneeIds?: readonly number[] | undefined;
  /** Label titles; missing ones are created in the project's group. */
  readonly labels?: readonly string[] | undefined;
  /** Labels by id (GraphQL's work item widgets), with those by title. */
  readonly labelIds?: readonly number[] | undefined;
  readonly milestoneId?: number | undefined;
  readonly weight?: number | undefined;
  /** `YYYY-MM-DD`, validated by the caller. */
  readonly dueDate?: unknown;
  /** The plan sells scoped labels: one label per scope (set by allowedMetadata). */
  readonly exclusiveLabelScopes?: boolean | undefined;
}

/** The metadata the author may set, and the issue type they get. */
export async function allowedMetadata(
  access: AccessContext,
  { project, namespace }: ProjectInNamespace,
  fields: NewIssueMetadata,
): Promise<NewIssueMetadata & { readonly issueType: 'issue' | 'incident' }> {
  const [canAdmin, canCreateIncident] = await Promise.all([
    access.canInProject('admin_issue', project, namespace),
    fields.issueType === 'incident'
      ? access.canInProject('create_incident', project, namespace)
      : Promise.resolve(false),
  ]);
  const issueType = canCreateIncident ? 'incident' : 'issue';
  if (!canAdmin) return { issueType };
  return {
    ...(await withLicensedIssueFields(access, namespace, fields)),
    issueType,
    exclusiveLabelScopes: await access.hasFeature(namespace, 'scoped_labels'),
  };
}

/** Counts checked before anything is written (the values themselves are checked in the transaction). */
export function checkMetadataSizes(fields: NewIssueMetadata, errors: FieldErrors): void {
  if ((fields.labels?.length ?? 0) + (fields.labelIds?.length ?? 0) > MAX_LABELS_PER_REQUEST) {
    errors.labels = [`are too many (maximum is ${MAX_LABELS_PER_REQUEST})`];
  }
  if ((fields.assigneeIds?.length ?? 0) > MAX_ASSIGNEES) {
    errors.assignees = [`are too many (maximum is ${MAX_ASSIGNEES})`];
  }
}

/** Checks the milestone before the issue row is written (a ValidationError rolls everything back). */
export async function checkNewIssueMilestone(
  db: Executor,
  located: ProjectInNamespace,
  fields: NewIssueMetadata,
): Promise<void> {
  if (fields.milestoneId !== undefined) await checkMilestone(db, located, fields.milestoneId);
}

/** Assignees and labels of the just-inserted issue, inside the creating transaction. */
export async function applyNewIssueLinks(
  db: Executor,
  { namespace, project }: ProjectInNamespace,
  issue: IssueRow,
  fields: NewIssueMetadata,
): Promise<void> {
  if (fields.assigneeIds?.length) {
    const assigneeIds = await checkAssignees(db, fields.assigneeIds);
    await replaceIssueAssignees(db, issue, assigneeIds);
    await raiseAssignedTodos(db, issue, assigneeIds, {
      authorId: issue.author_id,
      now: new Date(issue.created_at),
    });
  }
  if (fields.labels?.length || fields.labelIds?.length) {
    const byTitle = fields.labels ? await labelIdsForTitles(db, namespace, fields.labels, project.id) : [];
    await resolveLabelChanges(
      db,
      namespace,
      { type: 'Issue', id: issue.id },
      { replaceWith: [...byTitle, ...(fields.labelIds ?? [])] },
      { projectId: project.id, exclusiveScopes: fields.exclusiveLabelScopes ?? false },
    );
  }
}

/** What a new issue row is made of, once validated. */
export interface NewIssueRow {
  readonly iid: number;
  readonly authorId: number;
  readonly title: string;
  readonly description: string;
  readonly confidential: boolean;
  readonly issueType: IssueRow['issue_type'];
  /** `YYYY-MM-DD`, or null for none. */
  readonly dueDate: string | null;
  readonly now: Date;
}

/**
 * Writes a new issue inside the caller's transaction: after the project's other issues, with its
 * allowed metadata (weight, milestone, assignees, labels), and marks the project active.
 */
export async function insertNewIssue(
  db: Executor,
  located: ProjectInNamespace,
  row: NewIssueRow,
  metadata: NewIssueMetadata,
): Promise<IssueRow> {
  const { project } = located;
  const last = await maxIssuePosition(db, project.id);
  const issue = await insertIssue(db, {
    root_namespace_id: project.root_namespace_id,
    project_id: project.id,
    iid: row.iid,
    author_id: row.authorId,
    title: row.title,
    description: row.description,
    confidential: row.confidential,
    issue_type: row.issueType,
    weight: metadata.weight ?? null,
    health_status: null,
    milestone_id: metadata.milestoneId ?? null,
    due_date: row.dueDate,
    relative_position: last === null ? 0 : Math.min(last + IDEAL_DISTANCE, MAX_SQL_INTEGER),
    created_at: row.now,
    updated_at: row.now,
  });
  await applyNewIssueLinks(db, located, issue, metadata);
  await touchProject(db, project.id, row.now);
  return issue;
}
