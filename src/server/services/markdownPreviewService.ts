import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import { findReadableEpic } from './epics/epicQueries.ts';
import { UnauthorizedError } from './errors.ts';
import { findReadableGroupAtPath } from './groupService.ts';
import { findReadableIssue } from './issueService.ts';
import { type RenderedMarkdown, renderMarkdown } from './markdown/markdownRenderer.ts';
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
 * A group's markdown preview (GitLab's `/groups/:path/-/preview_markdown`): signed-in readers of the
 * group only. A named epic target must be one the actor may read, so that the endpoint cannot probe
 * for hidden epics; other target types do not change how a group renders.
 */
export async function previewGroupMarkdown(
  db: Kysely<Database>,
  access: AccessContext,
  groupPath: string,
  request: PreviewRequest,
): Promise<RenderedMarkdown> {
  if (!access.actor.user) throw new UnauthorizedError();
  const group = await findReadableGroupAtPath(db, access, groupPath);
  if (request.targetType === 'Epic' && request.targetId !== undefined) {
    await findReadableEpic(db, access, { group, iid: request.targetId });
  }
  return renderMarkdown(request.text);
}

/**
 * A project's markdown preview (GitLab's `/:project/-/preview_markdown`): signed-in readers of the
 * project only; a named issue target (its iid) must be one the actor may read.
 */
export async function previewProjectMarkdown(
  db: Kysely<Database>,
  access: AccessContext,
  projectPath: string,
  request: PreviewRequest,
): Promise<RenderedMarkdown> {
  if (!access.actor.user) throw new UnauthorizedError();
  const located = await findReadableProject(db, access, projectPath);
  if (request.targetType === 'Issue' && request.targetId !== undefined) {
    await findReadableIssue(db, access, located, request.targetId);
  }
  return renderMarkdown(request.text);
}
