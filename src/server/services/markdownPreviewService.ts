import type { Kysely } from 'kysely';
import { usernamesIn, withoutCode } from '../../core/domain/mentions.ts';
import { findUsersByUsernames } from '../db/repositories/userRepository.ts';
import type { Database } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import {
  prepareNewIssueQuickActions,
  prepareQuickActions,
} from './discussions/quickActions/quickActionService.ts';
import { findReadableEpic } from './epics/epicQueries.ts';
import { UnauthorizedError } from './errors.ts';
import { findReadableGroupAtPath } from './groupService.ts';
import { findReadableIssue } from './issueService.ts';
import { type MarkdownContext, renderManyFor } from './markdown/referenceRendering.ts';
import { findReadableProject } from './projectService.ts';

/** The `target_type` values GitLab's markdown editors send with a preview. */
export const PREVIEW_TARGET_TYPES = ['Epic', 'Issue', 'MergeRequest', 'WorkItem', 'Milestone'] as const;
export type PreviewTargetType = (typeof PREVIEW_TARGET_TYPES)[number];

export interface PreviewRequest {
  readonly text: string;
  readonly targetType?: PreviewTargetType | undefined;
  /** For an Epic, its iid in the group (as GitLab's quick-action target lookup reads it). */
  readonly targetId?: number | undefined;
}

/**
 * What the Preview tab shows: the text without its quick actions, rendered; the explanations of
 * those quick actions against the target ("Adds ~bug label."), rendered ('' when none); and the
 * existing users the text mentions (GitLab's `references.users`).
 */
export interface MarkdownPreview {
  readonly html: string;
  readonly commandsHtml: string;
  readonly users: readonly string[];
}

/** The preview as the reader will see the saved text: references resolved in its context, for them. */
async function previewOf(
  db: Kysely<Database>,
  access: AccessContext,
  context: MarkdownContext,
  text: string,
  prepared: { readonly text: string; explain(): Promise<string[]> } | null,
): Promise<MarkdownPreview> {
  const body = prepared ? prepared.text : text;
  const explanations = prepared ? await prepared.explain() : [];
  const mentioned = usernamesIn(withoutCode(body)).slice(0, 100);
  const users = mentioned.length ? await findUsersByUsernames(db, mentioned) : [];
  const commands = explanations.join('<br>');
  const [html, commandsHtml] = await renderManyFor(db, access, context, [body, commands]);
  return {
    html: html!.html,
    commandsHtml: explanations.length ? commandsHtml!.html : '',
    users: users.map((user) => user.username),
  };
}

/**
 * A group's markdown preview (GitLab's `/groups/:path/-/preview_markdown`): signed-in readers of the
 * group only. A named epic target must be one the actor may read, so that the endpoint cannot probe
 * for hidden epics, and its quick actions are explained (not run); other target types do not change
 * how a group renders.
 */
export async function previewGroupMarkdown(
  db: Kysely<Database>,
  access: AccessContext,
  groupPath: string,
  request: PreviewRequest,
): Promise<MarkdownPreview> {
  if (!access.actor.user) throw new UnauthorizedError();
  const group = await findReadableGroupAtPath(db, access, groupPath);
  if (request.targetType === 'Epic' && request.targetId !== undefined) {
    const { epic } = await findReadableEpic(db, access, { group, iid: request.targetId });
    const target = { type: 'Epic' as const, group, epic };
    const prepared = await prepareQuickActions(db, access, target, request.text);
    return previewOf(db, access, { group }, request.text, prepared);
  }
  return previewOf(db, access, { group }, request.text, null);
}

/**
 * A project's markdown preview (GitLab's `/:project/-/preview_markdown`): signed-in readers of the
 * project only; a named issue target (its iid) must be one the actor may read. With an Issue target
 * (an iid, or none for the new-issue form) the text's quick actions are explained, not run.
 */
export async function previewProjectMarkdown(
  db: Kysely<Database>,
  access: AccessContext,
  projectPath: string,
  request: PreviewRequest,
): Promise<MarkdownPreview> {
  if (!access.actor.user) throw new UnauthorizedError();
  const located = await findReadableProject(db, access, projectPath);
  const context = { project: located.project, namespace: located.namespace };
  if (request.targetType !== 'Issue') return previewOf(db, access, context, request.text, null);
  if (request.targetId === undefined) {
    // The new-issue form: GitLab explains against the issue about to be created.
    const prepared = await prepareNewIssueQuickActions(db, access, located, request.text, false);
    return previewOf(db, access, context, request.text, prepared);
  }
  const issue = await findReadableIssue(db, access, located, request.targetId);
  const target = { type: 'Issue' as const, located: { ...located, issue } };
  const prepared = await prepareQuickActions(db, access, target, request.text);
  return previewOf(db, access, context, request.text, prepared);
}
